import { describe, expect, it } from "vitest";
import { EMPTY_PROMOTION_FORM, readPromotionForm } from "./promotion-form";

describe("the new-code form", () => {
  const context = { planIds: ["monthly", "annual"], currency: "usd", needsStripeCoupon: false };

  it("builds a stored code: the last day included, amounts in cents, no plan ticked meaning every plan", () => {
    const read = readPromotionForm({ ...EMPTY_PROMOTION_FORM, code: " spring-25 ", kind: "amount", amountOff: "9.99", startsOn: "2026-03-01", endsOn: "2026-03-31", maxRedemptions: "50", perMember: "unlimited" }, context);
    expect(read).toMatchObject({
      ok: true,
      code: { code: "SPRING-25", benefit: { kind: "amount", amountOff: 999, currency: "usd", duration: { kind: "once" } }, planIds: null, maxRedemptions: 50, oncePerPerson: false, validFrom: Date.UTC(2026, 2, 1) / 1000, expiresAt: Date.UTC(2026, 3, 1) / 1000 },
    });
  });

  it("asks Stripe sites for the coupon id, beside its field", () => {
    const read = readPromotionForm({ ...EMPTY_PROMOTION_FORM, code: "STRIPEY", percentOff: "10" }, { ...context, needsStripeCoupon: true });
    expect(read.ok ? null : Object.keys(read.errors)).toEqual(["stripeCouponId"]);
  });
});
