/**
 * The shapes memberships are made of (issue 8): plans from the catalogue, promotion codes, and what a
 * payment provider reports back. Money is always in minor units (cents) beside an ISO 4217 currency in
 * lower case, as the providers use it. Times are unix seconds, as §3 stores them.
 */

export type PlanInterval = "month" | "year";

export interface Plan {
  /** Stable id, used in forms and URLs: "monthly", "annual". */
  id: string;
  name: string;
  interval: PlanInterval;
  /** Price per interval in minor units. */
  amount: number;
  currency: string;
  trialDays: number;
  /** The Stripe price this plan maps to in Stripe mode; null in the demo. */
  stripePriceId: string | null;
  active: boolean;
  /** Display order on the plan chooser. */
  order: number;
}

export type DiscountDuration = { kind: "once" } | { kind: "repeating"; months: number } | { kind: "forever" };

export type PromotionBenefit =
  | { kind: "percent"; percentOff: number; duration: DiscountDuration }
  | { kind: "amount"; amountOff: number; currency: string; duration: DiscountDuration }
  | { kind: "trial"; extraTrialDays: number };

/** A discount chosen for one checkout, already validated against the plan and the person. */
export interface AppliedDiscount {
  promotionCodeId: string;
  /** The code as the catalogue spells it (not as typed). */
  code: string;
  benefit: PromotionBenefit;
  /** Stripe mode: the coupon or promotion code to pass in `discounts`. */
  stripeCouponId: string | null;
  stripePromotionCodeId: string | null;
}

/** Stripe's subscription statuses; the demo provider uses the same words. */
export type SubscriptionStatus =
  "trialing" | "active" | "past_due" | "canceled" | "unpaid" | "incomplete" | "incomplete_expired" | "paused";

export interface Card {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}
