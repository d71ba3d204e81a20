import type { AppliedDiscount, PlanInterval, SubscriptionStatus } from "~/services/payments/billing";

/**
 * Membership rules (issue 8), pure: which of a customer's subscriptions counts, what the §3 fields
 * become, and the one win-back offer. The store and the provider are in membership.server.ts.
 */

export interface DiscountSummaryView {
  promotionCodeId: string | null;
  code: string | null;
  percentOff: number | null;
  amountOff: number | null;
  endsAt: number | null;
  duration?: "once" | "repeating" | "forever" | null;
}

/** `memberships/{uid}`: what settings shows, kept by the one sync function. */
export interface Membership {
  uid: string;
  provider: "demo" | "stripe";
  customerId: string;
  subscriptionId: string | null;
  planId: string | null;
  amount: number | null;
  currency: string | null;
  interval: PlanInterval | null;
  status: SubscriptionStatus | null;
  /** unix s */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
  discount: DiscountSummaryView | null;
  /** unix ms */
  syncedAt: number;
}

export const LIVE_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ["trialing", "active", "past_due"];

export function isLiveStatus(status: string | null | undefined): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? "");
}

/** Of a customer's subscriptions, the one that speaks for the membership: the newest live one, else the newest. */
export function chooseSubscription<T extends { status: string; created: number }>(subscriptions: readonly T[]): T | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return newestFirst.find((sub) => isLiveStatus(sub.status)) ?? newestFirst[0] ?? null;
}

/**
 * §3 subscriptionExpirationDate (unix s): the end of the current period while the plan runs. For one
 * that ended, when it ended (never later than the period's end), so a plan cancelled outright stops
 * counting as subscribed at once; without an end date, the earlier of the period's end and the
 * expiration already recorded (or now), so re-syncing never moves it forward.
 */
export function expirationFor(
  sub: { status: string; currentPeriodEnd: number; endedAt?: number | null },
  nowSeconds: number,
  recorded: number | null = null,
): number {
  if (isLiveStatus(sub.status)) return sub.currentPeriodEnd;
  if (sub.endedAt) return Math.min(sub.endedAt, sub.currentPeriodEnd);
  return Math.min(sub.currentPeriodEnd, recorded ?? nowSeconds, nowSeconds);
}

/** The one win-back offer: half price for the next two months, at most once per member. */
export const WINBACK_OFFER: AppliedDiscount = Object.freeze({
  promotionCodeId: "winback-half-two-months",
  code: "STAY50",
  benefit: { kind: "percent", percentOff: 50, duration: { kind: "repeating", months: 2 } },
  stripeCouponId: null,
  stripePromotionCodeId: null,
}) as AppliedDiscount;

/** A fresh intent id for a checkout form's hidden field (the idempotency key a retry repeats). */
export function newIntentId(): string {
  return globalThis.crypto.randomUUID().replaceAll("-", "");
}

/** Intent ids come from a hidden field: a short opaque token, nothing else. */
export function isIntentId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(value);
}

/** Provider ids as they may appear in a URL: letters, digits and underscores, not too long. */
export function isProviderId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_]{3,255}$/.test(value);
}
