import { describe, expect, it } from "vitest";
import { EMPTY_PROMOTION_FORM, readPromotionForm } from "./promotion-form";

describe("the new-code form", () => {
  const context = { planIds: ["monthly", "annual"], currency: "usd", needsStripeCoupon: false };

  it("builds a stored code: the last day included, amounts in cents, no plan ticked meaning every plan", () => {
    const read = readPromotionForm(
      {
        ...EMPTY_PROMOTION_FORM,
        code: " spring-25 ",
        kind: "amount",
        amountOff: "9.99",
        startsOn: "2026-03-01",
        endsOn: "2026-03-31",
        maxRedemptions: "50",
        perMember: "unlimited",
      },
      context,
    );
    expect(read).toMatchObject({
      ok: true,
      code: {
        code: "SPRING-25",
        benefit: { kind: "amount", amountOff: 999, currency: "usd", duration: { kind: "once" } },
        planIds: null,
        maxRedemptions: 50,
        oncePerPerson: false,
        validFrom: Date.UTC(2026, 2, 1) / 1000,
        expiresAt: Date.UTC(2026, 3, 1) / 1000,
      },
    });
  });

  it("reads the days on the admin's own calendar: New York's 1 March starts at 05:00 UTC, and 8 March (the clocks change) ends at 04:00 UTC", () => {
    const read = readPromotionForm(
      { ...EMPTY_PROMOTION_FORM, code: "SPRING", percentOff: "10", startsOn: "2026-03-01", endsOn: "2026-03-07" },
      { ...context, zone: "America/New_York" },
    );
    expect(read).toMatchObject({
      ok: true,
      code: { validFrom: Date.UTC(2026, 2, 1, 5) / 1000, expiresAt: Date.UTC(2026, 2, 8, 5) / 1000 },
    });
    const across = readPromotionForm(
      { ...EMPTY_PROMOTION_FORM, code: "SPRING", percentOff: "10", endsOn: "2026-03-08" },
      { ...context, zone: "America/New_York" },
    );
    expect(across).toMatchObject({ ok: true, code: { expiresAt: Date.UTC(2026, 2, 9, 4) / 1000 } });
  });

  it("asks Stripe sites for the coupon id, beside its field", () => {
    const read = readPromotionForm({ ...EMPTY_PROMOTION_FORM, code: "STRIPEY", percentOff: "10" }, { ...context, needsStripeCoupon: true });
    expect(read.ok ? null : Object.keys(read.errors)).toEqual(["stripeCouponId"]);
  });
});
