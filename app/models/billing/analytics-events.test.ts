import { describe, expect, it } from "vitest";
import { promotionCheckEvent, promotionEventBase, promotionRedemptionEvent } from "./analytics-events";

describe("promotion code events", () => {
  it("carry the typed code (cut short), its normalised form and the plan", () => {
    expect(promotionEventBase(" sleepwell ", "monthly")).toEqual({
      typedCode: " sleepwell ",
      normalizedCode: "SLEEPWELL",
      planId: "monthly",
    });
    expect(promotionEventBase("SLЕЕPWELL", null).normalizedCode).toBeNull();
    expect(promotionEventBase("z".repeat(10_240), null).typedCode).toHaveLength(64);
  });

  it("name each check outcome as §4 does", () => {
    const discount = {
      promotionCodeId: "STILL20",
      code: "STILL20",
      benefit: { kind: "trial", extraTrialDays: 7 } as const,
      stripeCouponId: null,
      stripePromotionCodeId: null,
    };
    expect(promotionCheckEvent("still20", "annual", { outcome: "accepted", discount, summary: "" })).toEqual({
      name: "Promotion_Code_Accepted",
      properties: { typedCode: "still20", normalizedCode: "STILL20", planId: "annual", promotionCodeId: "STILL20" },
    });
    expect(promotionCheckEvent("x", null, { outcome: "invalid", reason: "malformed" })).toMatchObject({
      name: "Promotion_Code_Invalid",
      properties: { reason: "malformed" },
    });
    expect(promotionCheckEvent("x", null, { outcome: "not_valid_yet", validFrom: 9 })).toMatchObject({
      name: "Promotion_Code_Not_Valid_Yet",
      properties: { validFrom: 9 },
    });
    expect(promotionCheckEvent("x", null, { outcome: "expired" }).name).toBe("Promotion_Code_Expired");
    expect(promotionCheckEvent("x", null, { outcome: "error" }).name).toBe("Promotion_Code_Error");
  });

  it("name a purchase's redemption Succeeded or Failed with the reason", () => {
    expect(promotionRedemptionEvent("ONEQUIETSEAT", "monthly", "cs_1", { ok: true })).toMatchObject({
      name: "Promotion_Code_Succeeded",
      properties: { purchaseId: "cs_1" },
    });
    expect(promotionRedemptionEvent("ONEQUIETSEAT", "monthly", "cs_2", { ok: false, reason: "cap_reached" })).toMatchObject({
      name: "Promotion_Code_Failed",
      properties: { purchaseId: "cs_2", reason: "cap_reached" },
    });
  });
});
