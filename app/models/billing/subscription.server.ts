import type { Plan } from "~/services/payments/billing";
import { promotionCheckEvent, promotionEventBase } from "~/models/billing/analytics-events";
import { recordEvent } from "~/platform/analytics-event.server";
import type { Membership } from "./membership";
import type { MembershipFacts } from "./membership-summary";
import { getPlanForPage } from "./plan.server";
import { promotionMessage, type PromotionCheck } from "./promotion-code";
import { checkPromotionCode } from "./promotion-code.server";
import type { SessionUserState } from "~/models/identity/user";
import { problemAfter, type Problem } from "~/lib/errors";
import { createRateLimit } from "~/platform/rate-limit.server";

/**
 * The subscribe page's and settings' view of the payment core (issue 8): a typed code checked against
 * each plan on offer, its sentence, its analytics events, and a stored membership as facts to show.
 */

type Person = { viewer: { uid: string }; user: Pick<SessionUserState, "subscriptionStatus"> } | null;

/** §4 "new members only": someone who has never had a plan. A visitor not signed in is judged again at checkout. */
function isNewMember(person: Person): boolean {
  return !person?.user.subscriptionStatus;
}

/**
 * Issue 23: code checks (a code in /subscribe's address, Apply, or a choice carrying a code) one
 * address, and one signed-in account, may make in CODE_ATTEMPT_WINDOW_MS. A check whose code was
 * accepted is taken back, so a person going through checkout with a good code never meets the limit;
 * unknown, expired, used-up and not-yet-valid codes all count, since each tells something.
 */
export const CODE_ATTEMPTS_PER_WINDOW = 20;
export const CODE_ATTEMPT_WINDOW_MS = 15 * 60_000;

export const PROMOTION_CODES_PER_ADDRESS = createRateLimit({
  name: "promotion-code-address",
  limit: CODE_ATTEMPTS_PER_WINDOW,
  windowMs: CODE_ATTEMPT_WINDOW_MS,
  per: "address",
});
const codesPerAddress = PROMOTION_CODES_PER_ADDRESS;
export const PROMOTION_CODES_PER_ACCOUNT = createRateLimit({
  name: "promotion-code-account",
  limit: CODE_ATTEMPTS_PER_WINDOW,
  windowMs: CODE_ATTEMPT_WINDOW_MS,
  per: "account",
});
const codesPerAccount = PROMOTION_CODES_PER_ACCOUNT;

export type LimitedCodeCheck = { ok: true; checks: Map<string, PromotionCheck> } | { ok: false; problem: Problem<"too_many_codes"> };

/**
 * `checkCodeForPlans` within the limits: counted against the client's address and the signed-in
 * person's uid, refused with the wait (catalogue `too_many_codes`) once either is over.
 */
export async function checkCodeWithinLimits(
  typed: string,
  plans: readonly Plan[],
  person: Person,
  now: number,
  client: string,
): Promise<LimitedCodeCheck> {
  const uid = person?.viewer.uid ?? null;
  const byAddress = await codesPerAddress.attempt(client);
  const byAccount = byAddress.ok && uid ? await codesPerAccount.attempt(uid) : byAddress;
  if (!byAddress.ok || !byAccount.ok) {
    return { ok: false, problem: problemAfter("too_many_codes", Math.max(byAddress.retryAfterMs, byAccount.retryAfterMs)) };
  }
  const checks = await checkCodeForPlans(typed, plans, person, now);
  if ([...checks.values()].some((check) => check.outcome === "accepted")) {
    await Promise.all([codesPerAddress.forgive(client), uid ? codesPerAccount.forgive(uid) : null]);
  }
  return { ok: true, checks };
}

/** Checks one typed code against every plan, so each plan can show what the code does to it. */
export async function checkCodeForPlans(
  typed: string,
  plans: readonly Plan[],
  person: Person,
  now: number,
): Promise<Map<string, PromotionCheck>> {
  const checks = await Promise.all(
    plans.map(
      async (plan) =>
        [
          plan.id,
          await checkPromotionCode({ typed, plan, uid: person?.viewer.uid ?? null, isNewMember: isNewMember(person), now }),
        ] as const,
    ),
  );
  return new Map(checks);
}

export function describeCodeCheck(check: PromotionCheck, timeZone?: string | null): string {
  return promotionMessage(check, timeZone ? { timeZone } : {});
}

/** §4: every check is an Attempted event followed by its outcome's event. */
export async function recordCodeCheck(
  check: PromotionCheck,
  context: { typed: string; planId: string; uid: string | null },
): Promise<void> {
  await recordEvent(
    { name: "Promotion_Code_Attempted", properties: promotionEventBase(context.typed, context.planId) },
    { uid: context.uid },
  );
  await recordEvent(promotionCheckEvent(context.typed, context.planId, check), { uid: context.uid });
}

/** A stored membership as the facts settings shows; null when there is no plan to speak of. */
export async function membershipFacts(membership: Membership | null, card: MembershipFacts["card"]): Promise<MembershipFacts | null> {
  if (
    !membership?.status ||
    membership.currentPeriodEnd === null ||
    membership.amount === null ||
    !membership.currency ||
    !membership.interval
  )
    return null;
  const plan = membership.planId ? await getPlanForPage(membership.planId) : null;
  return {
    status: membership.status,
    planName: plan?.name ?? (membership.interval === "year" ? "Annual" : "Monthly"),
    interval: membership.interval,
    amount: nextChargeAmount(membership.amount, membership.discount, membership.currentPeriodEnd),
    currency: membership.currency,
    currentPeriodEnd: membership.currentPeriodEnd,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    trialEnd: membership.trialEnd,
    discount: membership.discount,
  };
}

/**
 * The next payment as the provider will take it (ADR 056): the plan's price less the discount it
 * holds, while that discount still covers the payment due at `dueAt`. Never negative.
 */
export function nextChargeAmount(amount: number, discount: Membership["discount"], dueAt: number): number {
  if (!discount || (discount.endsAt !== null && discount.endsAt <= dueAt)) return amount;
  if (discount.percentOff !== null) return amount - Math.round((amount * discount.percentOff) / 100);
  if (discount.amountOff !== null) return Math.max(0, amount - discount.amountOff);
  return amount;
}
