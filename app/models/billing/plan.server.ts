import { cached } from "~/lib/cache.server";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { DocumentStore } from "~/services/store/port.server";
import type { Plan } from "~/services/payments/billing";

/**
 * `plans/{id}` in the store: the catalogue every price comes from. A form or URL names a plan by id
 * only; the amount, currency and trial always come from here, never from the browser.
 */

export const PLANS = "plans";

export const PlanSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(80),
  interval: z.enum(["month", "year"]),
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[a-z]{3}$/),
  trialDays: z.number().int().min(0).max(365),
  stripePriceId: z.string().nullable(),
  active: z.boolean(),
  order: z.number().int(),
}) satisfies z.ZodType<Plan>;

/** The demo catalogue: monthly and annual, each with a seven-day trial. */
export const DEMO_PLANS: Plan[] = [
  {
    id: "monthly",
    name: "Monthly",
    interval: "month",
    amount: 1499,
    currency: "usd",
    trialDays: 7,
    stripePriceId: null,
    active: true,
    order: 1,
  },
  {
    id: "annual",
    name: "Annual",
    interval: "year",
    amount: 9999,
    currency: "usd",
    trialDays: 7,
    stripePriceId: null,
    active: true,
    order: 2,
  },
];

/** Active plans in display order. */
export async function listPlans(store: DocumentStore = getStore()): Promise<Plan[]> {
  const { docs } = await store.query(PLANS, PlanSchema);
  return docs
    .map((doc) => doc.data)
    .filter((plan) => plan.active)
    .sort((a, b) => a.order - b.order);
}

/** One plan by id, or null when it does not exist, is inactive, or the id is not a plan id at all. */
/**
 * A plan as pages describe it (settings): the same for every member, so kept in this process for a
 * minute (issue 25, ADR 042). Plans are only ever created (seeded), never edited in place.
 */
export function getPlanForPage(id: string): Promise<Plan | null> {
  if (!PlanSchema.shape.id.safeParse(id).success) return Promise.resolve(null);
  return cached(`plan:${id}`, { ttlSeconds: 60 }, () => getPlan(id));
}

export async function getPlan(id: string, store: DocumentStore = getStore()): Promise<Plan | null> {
  if (!PlanSchema.shape.id.safeParse(id).success) return null;
  const plan = await store.get(PLANS, id, PlanSchema);
  return plan?.active ? plan : null;
}
