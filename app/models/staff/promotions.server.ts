import { z } from "zod";
import { getPaymentProvider } from "~/services/payments/index.server";
import { getStore } from "~/services/store/index.server";
import { problemOf, type Problem } from "~/lib/errors";
import { PromotionCodeSchema, normalizeCode, type PromotionCode } from "~/models/billing/promotion-code";
import { PROMOTION_CODES, PROMOTION_REDEMPTIONS } from "~/models/billing/promotion-code.server";
import { listPlans } from "~/models/billing/plan.server";
import { getPrivateUser } from "~/models/identity/user.server";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import type { PromotionFormContext } from "./promotion-form";

/**
 * Promotion codes from the admin's side (issue 26): create, pause and resume, and who redeemed. The
 * stored shape is billing's own (`promotionCodes/{code}`), read by /subscribe straight from the
 * store, so a new or paused code counts on the very next check there, on every instance. The admin's
 * note rides along as `description`, which billing's schema ignores and this page shows as text.
 */

export const AdminPromotionCodeSchema = PromotionCodeSchema.extend({ description: z.string().max(800).default("") });
export type AdminPromotionCode = z.infer<typeof AdminPromotionCodeSchema>;

const RedemptionSchema = z.object({ promotionCodeId: z.string(), purchaseId: z.string(), uid: z.string(), redeemedAt: z.number() });

/** What the new-code form offers on this site: its plans, their currency, and whether Stripe needs a coupon id. */
export async function promotionFormContext(): Promise<PromotionFormContext & { plans: Array<{ id: string; name: string }> }> {
  const plans = (await listPlans()).filter((plan) => plan.active);
  return {
    plans: plans.map((plan) => ({ id: plan.id, name: plan.name })),
    planIds: plans.map((plan) => plan.id),
    currency: plans[0]?.currency.toLowerCase() ?? "usd",
    needsStripeCoupon: getPaymentProvider().name === "stripe",
  };
}

/** Every code, by name. */
export async function listPromotionCodes(): Promise<AdminPromotionCode[]> {
  const { docs } = await getStore().query(PROMOTION_CODES, AdminPromotionCodeSchema);
  return docs.map((doc) => doc.data).sort((a, b) => a.code.localeCompare(b.code));
}

export async function getPromotionCodeForStaff(typed: string): Promise<AdminPromotionCode | null> {
  const code = normalizeCode(typed);
  return code ? getStore().get(PROMOTION_CODES, code, AdminPromotionCodeSchema) : null;
}

export type CodeResult = { ok: true; changed: boolean } | { ok: false; problem: Problem };

/** The fields a change is described by in the log (bookkeeping such as the running count left out). */
function facts(code: AdminPromotionCode | (PromotionCode & { description: string })): Record<string, unknown> {
  const { redemptionCount: _count, ...rest } = code;
  return rest;
}

/** Creates the code once: a name already taken is refused, never overwritten. */
export async function createPromotionCode(
  actor: AuditActor,
  code: PromotionCode & { description: string },
  now = new Date(),
): Promise<CodeResult> {
  return getStore().transaction(async (tx) => {
    if (await tx.get(PROMOTION_CODES, code.code, PromotionCodeSchema))
      return { ok: false as const, problem: problemOf("staff_code_exists") };
    tx.create(PROMOTION_CODES, code.code, { ...code, createdAt: now.toISOString(), createdBy: actor.uid });
    recordChange(tx, {
      actor,
      area: "codes",
      action: "created the code",
      target: { collection: PROMOTION_CODES, id: code.code, label: code.code },
      before: null,
      after: facts(code),
      at: now,
    });
    return { ok: true as const, changed: true };
  });
}

/** Pauses (active false) or resumes a code; a code already in that state changes nothing and logs nothing. */
export async function setPromotionCodeActive(actor: AuditActor, typed: string, active: boolean, now = new Date()): Promise<CodeResult> {
  const id = normalizeCode(typed);
  if (!id) return { ok: false, problem: problemOf("staff_code_not_found") };
  return getStore().transaction(async (tx) => {
    const code = await tx.get(PROMOTION_CODES, id, AdminPromotionCodeSchema);
    if (!code) return { ok: false as const, problem: problemOf("staff_code_not_found") };
    if (code.active === active) return { ok: true as const, changed: false };
    tx.update(PROMOTION_CODES, id, { active });
    recordChange(tx, {
      actor,
      area: "codes",
      action: active ? "resumed the code" : "paused the code",
      target: { collection: PROMOTION_CODES, id, label: id },
      before: { active: code.active },
      after: { active },
      at: now,
    });
    return { ok: true as const, changed: true };
  });
}

/**
 * Deletes a code nobody has used (issue 34), with its audit entry, in one transaction. A code that
 * was redeemed stays (its redemptions name it): it can only be paused.
 */
export async function deletePromotionCode(actor: AuditActor, typed: string, now = new Date()): Promise<CodeResult> {
  const id = normalizeCode(typed);
  if (!id) return { ok: false, problem: problemOf("staff_code_not_found") };
  return getStore().transaction(async (tx) => {
    const code = await tx.get(PROMOTION_CODES, id, AdminPromotionCodeSchema);
    if (!code) return { ok: false as const, problem: problemOf("staff_code_not_found") };
    if (code.redemptionCount > 0) return { ok: false as const, problem: problemOf("staff_code_used") };
    tx.delete(PROMOTION_CODES, id);
    recordChange(tx, {
      actor,
      area: "codes",
      action: "deleted the code",
      target: { collection: PROMOTION_CODES, id, label: id },
      before: facts(code),
      after: null,
      at: now,
    });
    return { ok: true as const, changed: true };
  });
}

/** The purchases that redeemed a code, newest first, with the member's name where they still have one. */
export async function redemptionsOf(code: string, limit = 200): Promise<Array<{ purchaseId: string; redeemedAt: number; who: string }>> {
  const { docs } = await getStore().query(PROMOTION_REDEMPTIONS, RedemptionSchema, {
    where: [{ field: "promotionCodeId", op: "==", value: code }],
    limit,
  });
  const rows = docs.map((doc) => doc.data).sort((a, b) => b.redeemedAt - a.redeemedAt);
  return Promise.all(
    rows.map(async (row) => {
      const person = await getPrivateUser(row.uid);
      const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ");
      return {
        purchaseId: row.purchaseId,
        redeemedAt: row.redeemedAt,
        who: name || (person ? "A member without a name" : "A former member"),
      };
    }),
  );
}
