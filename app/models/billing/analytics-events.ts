import { MAX_TYPED_CODE_LENGTH, normalizeCode, type InvalidReason, type PromotionCheck, type RedemptionFailure } from "./promotion-code";

/**
 * Typed analytics events (spec §4). Recorded to the store's `analyticsEvents` collection by
 * ~/platform/analytics-event.server.ts; a later issue uploads them to the analytics pipeline. Names keep the
 * spec's spelling.
 */

export interface PromotionCodeEventBase {
  /** What the person typed, cut to the longest input we consider, so a 10 KB paste is not stored. */
  typedCode: string;
  /** The catalogue spelling, or null when the input could not be a code. */
  normalizedCode: string | null;
  planId: string | null;
}

export type PromotionCodeEvent =
  | { name: "Promotion_Code_Attempted"; properties: PromotionCodeEventBase }
  | { name: "Promotion_Code_Accepted"; properties: PromotionCodeEventBase & { promotionCodeId: string } }
  | { name: "Promotion_Code_Invalid"; properties: PromotionCodeEventBase & { reason: InvalidReason } }
  | { name: "Promotion_Code_Not_Valid_Yet"; properties: PromotionCodeEventBase & { validFrom: number } }
  | { name: "Promotion_Code_Expired"; properties: PromotionCodeEventBase }
  | { name: "Promotion_Code_Error"; properties: PromotionCodeEventBase & { reason: string } }
  | { name: "Promotion_Code_Succeeded"; properties: PromotionCodeEventBase & { purchaseId: string } }
  | {
      name: "Promotion_Code_Failed";
      properties: PromotionCodeEventBase & { purchaseId: string; reason: RedemptionFailure };
    };

/** §8: the membership's failure events. `reason` is our own code, never the provider's text. */
export type MembershipFailureEvent =
  | { name: "Subscribe_Failed"; properties: { planId: string; reason: string } }
  | { name: "Card_Payment_Failed"; properties: { subscriptionId: string | null; reason: string } }
  | { name: "Cancel_Failed"; properties: { reason: string } }
  | { name: "Winback_Failed"; properties: { reason: string } }
  | { name: "Gift_Purchase_Failed"; properties: { giftTypeId: string; reason: string } }
  | { name: "Gift_Redeem_Failed"; properties: { reason: string } };

export type AnalyticsEvent = PromotionCodeEvent | MembershipFailureEvent;
export type AnalyticsEventName = AnalyticsEvent["name"];

/** The common properties of a promotion-code event, from what was typed and the plan chosen. */
export function promotionEventBase(typed: string, planId: string | null): PromotionCodeEventBase {
  return {
    typedCode: typed.slice(0, MAX_TYPED_CODE_LENGTH),
    normalizedCode: normalizeCode(typed),
    planId,
  };
}

/** The event that reports a check's outcome (send Promotion_Code_Attempted before it). */
export function promotionCheckEvent(typed: string, planId: string | null, result: PromotionCheck): PromotionCodeEvent {
  const base = promotionEventBase(typed, planId);
  switch (result.outcome) {
    case "accepted":
      return { name: "Promotion_Code_Accepted", properties: { ...base, promotionCodeId: result.discount.promotionCodeId } };
    case "invalid":
      return { name: "Promotion_Code_Invalid", properties: { ...base, reason: result.reason } };
    case "not_valid_yet":
      return { name: "Promotion_Code_Not_Valid_Yet", properties: { ...base, validFrom: result.validFrom } };
    case "expired":
      return { name: "Promotion_Code_Expired", properties: base };
    case "error":
      return { name: "Promotion_Code_Error", properties: { ...base, reason: "check_failed" } };
  }
}

/** The event that reports a purchase's redemption at fulfilment. */
export function promotionRedemptionEvent(
  code: string,
  planId: string | null,
  purchaseId: string,
  result: { ok: true } | { ok: false; reason: RedemptionFailure },
): PromotionCodeEvent {
  const base = promotionEventBase(code, planId);
  return result.ok
    ? { name: "Promotion_Code_Succeeded", properties: { ...base, purchaseId } }
    : { name: "Promotion_Code_Failed", properties: { ...base, purchaseId, reason: result.reason } };
}
