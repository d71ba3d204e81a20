import { z } from "zod";
import type { AppliedDiscount, DiscountDuration, Plan, PromotionBenefit } from "~/services/payments/billing";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * Promotion codes (issue 8, spec §4): the stored shape, how a typed code is matched, and the rules that
 * decide whether it applies to one plan for one person at one moment. Pure and browser-safe: the store
 * reads live in ./promotion-code.server.ts.
 *
 * Times are unix seconds. A code is valid from `validFrom` (inclusive) until `expiresAt` (exclusive):
 * with validFrom = 1000 and expiresAt = 2000, the first valid second is 1000 and the last is 1999.
 */

/** What a stored code may look like: ASCII letters, digits and hyphens, as landers carry them. */
export const CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
/** Longer input is refused before any Unicode work, so a 10 KB paste costs nothing. */
export const MAX_TYPED_CODE_LENGTH = 64;

const DurationSchema: z.ZodType<DiscountDuration> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("once") }),
  z.object({ kind: z.literal("repeating"), months: z.number().int().min(1).max(36) }),
  z.object({ kind: z.literal("forever") }),
]);

export const PromotionBenefitSchema: z.ZodType<PromotionBenefit> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("percent"), percentOff: z.number().int().min(1).max(100), duration: DurationSchema }),
  z.object({
    kind: z.literal("amount"),
    amountOff: z.number().int().min(1),
    currency: z.string().regex(/^[a-z]{3}$/),
    duration: DurationSchema,
  }),
  z.object({ kind: z.literal("trial"), extraTrialDays: z.number().int().min(1).max(365) }),
]);

const unixSeconds = z.number().int().min(0);

/** `promotionCodes/{code}`: the document id is the code itself, already normalised. */
export const PromotionCodeSchema = z.object({
  code: z.string().regex(CODE_PATTERN),
  benefit: PromotionBenefitSchema,
  /** Plan ids the code applies to; null for every plan. */
  planIds: z.array(z.string().min(1)).nullable(),
  newMembersOnly: z.boolean(),
  /** Total redemptions allowed across everyone; null for no cap. */
  maxRedemptions: z.number().int().min(1).nullable(),
  redemptionCount: z.number().int().min(0),
  oncePerPerson: z.boolean(),
  validFrom: unixSeconds.nullable(),
  expiresAt: unixSeconds.nullable(),
  active: z.boolean(),
  /** Stripe mode: what to pass in `discounts`. Null in the demo. */
  stripeCouponId: z.string().nullable(),
  stripePromotionCodeId: z.string().nullable(),
});
export type PromotionCode = z.infer<typeof PromotionCodeSchema>;

/**
 * The catalogue spelling of a typed code, or null when it cannot be one. Case and surrounding spaces
 * are ignored and compatibility forms (full-width letters) fold to ASCII under NFKC; anything that is
 * still not an ASCII letter, digit or hyphen afterwards (a Cyrillic "А", a Greek "Ο", a zero-width
 * space, a control character) makes the whole code invalid rather than a near match for another one.
 * The ASCII check comes before upper-casing, so "ı" or "ß" can never upper-case into a real code.
 */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > MAX_TYPED_CODE_LENGTH) return null;
  const folded = input.normalize("NFKC").trim();
  if (!/^[A-Za-z0-9-]+$/.test(folded)) return null;
  const code = folded.toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export type InvalidReason = "malformed" | "unknown" | "inactive" | "wrong_plan" | "members_only_new" | "already_used" | "cap_reached";

export type PromotionEvaluation =
  | { outcome: "accepted"; discount: AppliedDiscount; summary: string }
  | { outcome: "invalid"; reason: InvalidReason }
  | { outcome: "not_valid_yet"; validFrom: number }
  | { outcome: "expired" };

/** What the server answers: an evaluation, or "error" when the code could not be checked at all. */
export type PromotionCheck = PromotionEvaluation | { outcome: "error" };

export interface PromotionPerson {
  /** Never had a membership before. */
  isNewMember: boolean;
  /** Has already redeemed this code. */
  hasRedeemed: boolean;
}

/** Is the code inside its window at `now` (unix seconds)? validFrom inclusive, expiresAt exclusive. */
export function validityAt(
  code: Pick<PromotionCode, "validFrom" | "expiresAt">,
  now: number,
): { outcome: "valid" } | { outcome: "not_valid_yet"; validFrom: number } | { outcome: "expired" } {
  if (code.validFrom !== null && now < code.validFrom) return { outcome: "not_valid_yet", validFrom: code.validFrom };
  if (code.expiresAt !== null && now >= code.expiresAt) return { outcome: "expired" };
  return { outcome: "valid" };
}

/** Has everyone together used up the code? */
export function capReached(code: Pick<PromotionCode, "maxRedemptions" | "redemptionCount">): boolean {
  return code.maxRedemptions !== null && code.redemptionCount >= code.maxRedemptions;
}

/**
 * Decides whether `typed` applies to `plan` for `person` at `now` (unix seconds), given the stored code
 * found for it (null when none). Checks run in the order a person can act on: the spelling, whether the
 * code exists and is live, its window, then the plan, then the person, then the shared cap.
 * An amount-off code in another currency than the plan's does not apply to that plan ("wrong_plan").
 */
export function evaluatePromotionCode(input: {
  code: PromotionCode | null;
  typed: string;
  plan: Pick<Plan, "id" | "currency">;
  person: PromotionPerson;
  now: number;
}): PromotionEvaluation {
  const { code, plan, person, now } = input;
  const normalized = normalizeCode(input.typed);
  if (normalized === null) return { outcome: "invalid", reason: "malformed" };
  if (!code || code.code !== normalized) return { outcome: "invalid", reason: "unknown" };
  if (!code.active) return { outcome: "invalid", reason: "inactive" };
  const window = validityAt(code, now);
  if (window.outcome !== "valid") return window;
  if (code.planIds !== null && !code.planIds.includes(plan.id)) return { outcome: "invalid", reason: "wrong_plan" };
  if (code.benefit.kind === "amount" && code.benefit.currency !== plan.currency.toLowerCase()) {
    return { outcome: "invalid", reason: "wrong_plan" };
  }
  if (code.newMembersOnly && !person.isNewMember) return { outcome: "invalid", reason: "members_only_new" };
  if (code.oncePerPerson && person.hasRedeemed) return { outcome: "invalid", reason: "already_used" };
  if (capReached(code)) return { outcome: "invalid", reason: "cap_reached" };
  return {
    outcome: "accepted",
    discount: {
      promotionCodeId: code.code,
      code: code.code,
      benefit: code.benefit,
      stripeCouponId: code.stripeCouponId,
      stripePromotionCodeId: code.stripePromotionCodeId,
    },
    summary: describeBenefit(code.benefit),
  };
}

const INVALID_MESSAGES: Record<InvalidReason, string> = {
  malformed: "Codes are made of letters, numbers and hyphens. Please check it and try again.",
  unknown: "We don't recognise that code. Please check the spelling and try again.",
  inactive: "That code is no longer available.",
  wrong_plan: "That code doesn't apply to this plan. You can try it with another plan.",
  members_only_new: "That code is only for new members.",
  already_used: "You've already used that code.",
  cap_reached: "That code has been fully claimed, so it can't be used again.",
};

export const PROMOTION_ERROR_MESSAGE = "We couldn't check that code just now. Please try again in a moment.";

/** One calm sentence for the result, shown beside the code field. */
export function promotionMessage(result: PromotionCheck, options: { locale?: string; timeZone?: string } = {}): string {
  switch (result.outcome) {
    case "accepted":
      return `Code ${result.discount.code} applied: ${result.summary}.`;
    case "invalid":
      return INVALID_MESSAGES[result.reason];
    case "not_valid_yet": {
      const date = new Intl.DateTimeFormat(options.locale ?? "en-US", {
        dateStyle: "long",
        timeZone: options.timeZone ?? FALLBACK_TIME_ZONE,
      }).format(new Date(result.validFrom * 1000));
      return `That code starts on ${date}. Please come back then.`;
    }
    case "expired":
      return "That code has expired.";
    case "error":
      return PROMOTION_ERROR_MESSAGE;
  }
}

export type RedemptionFailure = "unknown" | "inactive" | "not_valid_yet" | "expired" | "cap_reached" | "already_used";

const REDEMPTION_MESSAGES: Record<RedemptionFailure, string> = {
  unknown: "That code no longer exists, so your membership started at the regular price.",
  inactive: "That code was switched off before your payment went through, so it wasn't applied.",
  not_valid_yet: "That code hadn't started yet when your payment went through, so it wasn't applied.",
  expired: "That code expired before your payment went through, so it wasn't applied.",
  cap_reached: "Someone claimed the last use of that code just before you, so it wasn't applied.",
  already_used: "You've already used that code once, so it wasn't applied again.",
};

/** The sentence for a purchase whose code could not be redeemed at fulfilment (Promotion_Code_Failed). */
export function redemptionFailureMessage(reason: RedemptionFailure): string {
  return REDEMPTION_MESSAGES[reason];
}

function durationPhrase(duration: DiscountDuration): string {
  switch (duration.kind) {
    case "once":
      return "your first payment";
    case "repeating":
      return duration.months === 1 ? "your first month" : `your first ${duration.months} months`;
    case "forever":
      return "every payment";
  }
}

/**
 * What the code gives, in words: "20% off your first 3 months", "$10 off your first payment",
 * "14 extra days free". An amount off is shown in its own currency (the one it is stored with).
 */
export function describeBenefit(benefit: PromotionBenefit, locale = "en-US"): string {
  switch (benefit.kind) {
    case "percent":
      return `${benefit.percentOff}% off ${durationPhrase(benefit.duration)}`;
    case "amount":
      return `${formatMoney(benefit.amountOff, benefit.currency, locale)} off ${durationPhrase(benefit.duration)}`;
    case "trial":
      return benefit.extraTrialDays === 1 ? "1 extra day free" : `${benefit.extraTrialDays} extra days free`;
  }
}

export interface DiscountedPrice {
  currency: string;
  /** The first charge, after any trial, in minor units. */
  firstCharge: number;
  /** Every charge after the discounted ones, in minor units (the discounted price when it is forever). */
  laterCharge: number;
  /** How many charges are discounted: 0 for none, "all" for a forever discount. */
  discountedCharges: number | "all";
  /** How many months the discount covers: 0 for none, "forever" for a forever discount. */
  discountMonths: number | "forever";
  /** The plan's trial plus any extra trial days from the code. */
  trialDays: number;
}

function discountedAmount(amount: number, benefit: PromotionBenefit): number {
  if (benefit.kind === "percent") return amount - Math.round((amount * benefit.percentOff) / 100);
  if (benefit.kind === "amount") return Math.max(0, amount - benefit.amountOff);
  return amount;
}

/**
 * What the plan costs with the code, in the plan's minor units; never negative. An amount off in
 * another currency, or no benefit, leaves the price as it is. A repeating discount covers the charges
 * that fall inside its months (Stripe's rule): on an annual plan, any 1 to 12 months cover the first
 * charge only.
 */
export function priceWithDiscount(
  plan: Pick<Plan, "amount" | "currency" | "interval" | "trialDays">,
  benefit: PromotionBenefit | null,
): DiscountedPrice {
  const plain: DiscountedPrice = {
    currency: plan.currency,
    firstCharge: plan.amount,
    laterCharge: plan.amount,
    discountedCharges: 0,
    discountMonths: 0,
    trialDays: Math.max(0, plan.trialDays),
  };
  if (!benefit) return plain;
  if (benefit.kind === "trial") return { ...plain, trialDays: plain.trialDays + Math.max(0, benefit.extraTrialDays) };
  if (benefit.kind === "amount" && benefit.currency !== plan.currency.toLowerCase()) return plain;

  const reduced = discountedAmount(plan.amount, benefit);
  const monthsPerCharge = plan.interval === "year" ? 12 : 1;
  switch (benefit.duration.kind) {
    case "forever":
      return { ...plain, firstCharge: reduced, laterCharge: reduced, discountedCharges: "all", discountMonths: "forever" };
    case "once":
      return { ...plain, firstCharge: reduced, discountedCharges: 1, discountMonths: monthsPerCharge };
    case "repeating":
      return {
        ...plain,
        firstCharge: reduced,
        discountedCharges: Math.ceil(benefit.duration.months / monthsPerCharge),
        discountMonths: benefit.duration.months,
      };
  }
}

function fractionDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Minor units as money for `locale`: 1000 usd → "$10", 1499 usd → "$14.99", 500 jpy → "¥500". */
export function formatMoney(amount: number, currency: string, locale = "en-US"): string {
  const code = currency.toUpperCase();
  const digits = fractionDigits(code);
  const major = amount / 10 ** digits;
  const whole = Number.isInteger(major);
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: code,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(major);
}

/**
 * What the annual plan saves against twelve monthly payments, in minor units, with the percentage
 * rounded down so the page never overstates it. Null when the plans are in different currencies;
 * zero when the annual plan saves nothing.
 */
export function annualSaving(
  monthlyPlan: Pick<Plan, "amount" | "currency">,
  annualPlan: Pick<Plan, "amount" | "currency">,
): { amount: number; percent: number; currency: string } | null {
  if (monthlyPlan.currency.toLowerCase() !== annualPlan.currency.toLowerCase()) return null;
  const yearOfMonths = monthlyPlan.amount * 12;
  const amount = Math.max(0, yearOfMonths - annualPlan.amount);
  const percent = yearOfMonths > 0 ? Math.floor((amount * 100) / yearOfMonths) : 0;
  return { amount, percent, currency: annualPlan.currency };
}
