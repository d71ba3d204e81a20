import { describe, expect, it } from "vitest";
import type { Plan, PromotionBenefit } from "~/services/payments/billing";
import {
  PromotionCodeSchema,
  annualSaving,
  describeBenefit,
  evaluatePromotionCode,
  formatMoney,
  normalizeCode,
  priceWithDiscount,
  promotionMessage,
  redemptionFailureMessage,
  type PromotionCode,
  type PromotionEvaluation,
} from "./promotion-code";

const monthly: Plan = {
  id: "monthly",
  name: "Monthly",
  interval: "month",
  amount: 1499,
  currency: "usd",
  trialDays: 7,
  stripePriceId: null,
  active: true,
  order: 1,
};
const annual: Plan = { ...monthly, id: "annual", name: "Annual", interval: "year", amount: 9999, order: 2 };

function code(overrides: Partial<PromotionCode> = {}): PromotionCode {
  return PromotionCodeSchema.parse({
    code: "QUIETHOUR",
    benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } },
    planIds: null,
    newMembersOnly: false,
    maxRedemptions: null,
    redemptionCount: 0,
    oncePerPerson: false,
    validFrom: 1_000,
    expiresAt: 2_000,
    active: true,
    stripeCouponId: null,
    stripePromotionCodeId: null,
    ...overrides,
  });
}

const newcomer = { isNewMember: true, hasRedeemed: false };

function evaluate(
  overrides: Partial<PromotionCode> = {},
  options: { typed?: string; plan?: Plan; person?: typeof newcomer; now?: number } = {},
): PromotionEvaluation {
  return evaluatePromotionCode({
    code: code(overrides),
    typed: options.typed ?? "QUIETHOUR",
    plan: options.plan ?? monthly,
    person: options.person ?? newcomer,
    now: options.now ?? 1_500,
  });
}

describe("normalizeCode", () => {
  it("ignores surrounding spaces and letter case", () => {
    expect(normalizeCode("  quietHour \t")).toBe("QUIETHOUR");
    expect(normalizeCode("sleep-well")).toBe("SLEEP-WELL");
  });

  it("folds full-width letters and digits to ASCII under NFKC", () => {
    expect(normalizeCode("ＳＬＥＥＰＷＥＬＬ")).toBe("SLEEPWELL");
    expect(normalizeCode("ｄｅｔｏｘ７")).toBe("DETOX7");
  });

  it("refuses Cyrillic and Greek look-alikes instead of matching the Latin code", () => {
    expect(normalizeCode("SLЕЕPWELL")).toBeNull(); // Cyrillic Е
    expect(normalizeCode("DETΟX7")).toBeNull(); // Greek Ο
    expect(normalizeCode("НЕАRТ21")).toBeNull(); // Cyrillic Н, Е, А, Т
  });

  it("refuses characters that upper-case into ASCII (dotless i, sharp s)", () => {
    expect(normalizeCode("FıX")).toBeNull();
    expect(normalizeCode("CROß")).toBeNull();
  });

  it("refuses zero-width characters, controls and inner spaces", () => {
    expect(normalizeCode("SLEEP\u200BWELL")).toBeNull();
    expect(normalizeCode("SLEEP\u200DWELL")).toBeNull();
    expect(normalizeCode("SLEEP\u0000WELL")).toBeNull();
    expect(normalizeCode("SLEEP WELL")).toBeNull();
  });

  it("refuses a 10 KB string quickly, and anything too short or not a string", () => {
    const started = performance.now();
    expect(normalizeCode("A".repeat(10_240))).toBeNull();
    expect(normalizeCode(" ".repeat(5_000) + "SLEEPWELL")).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
    expect(normalizeCode("AB")).toBeNull();
    expect(normalizeCode("")).toBeNull();
    expect(normalizeCode(undefined)).toBeNull();
    expect(normalizeCode(42)).toBeNull();
    expect(normalizeCode("A".repeat(33))).toBeNull();
    expect(normalizeCode("A".repeat(32))).toBe("A".repeat(32));
  });
});

describe("evaluatePromotionCode", () => {
  it("accepts a live code and describes it", () => {
    const result = evaluate({}, { typed: " quiethour " });
    expect(result).toEqual({
      outcome: "accepted",
      discount: {
        promotionCodeId: "QUIETHOUR",
        code: "QUIETHOUR",
        benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } },
        stripeCouponId: null,
        stripePromotionCodeId: null,
      },
      summary: "20% off your first 3 months",
    });
  });

  it("is valid from its first second (inclusive) to the second before it expires (exclusive)", () => {
    expect(evaluate({}, { now: 999 })).toEqual({ outcome: "not_valid_yet", validFrom: 1_000 });
    expect(evaluate({}, { now: 1_000 }).outcome).toBe("accepted");
    expect(evaluate({}, { now: 1_999 }).outcome).toBe("accepted");
    expect(evaluate({}, { now: 2_000 })).toEqual({ outcome: "expired" });
  });

  it("has no window when validFrom and expiresAt are null", () => {
    expect(evaluate({ validFrom: null, expiresAt: null }, { now: 0 }).outcome).toBe("accepted");
    expect(evaluate({ validFrom: null, expiresAt: null }, { now: 4_000_000_000 }).outcome).toBe("accepted");
  });

  it("takes the cap's last redemption and refuses at the cap", () => {
    expect(evaluate({ maxRedemptions: 1, redemptionCount: 0 }).outcome).toBe("accepted");
    expect(evaluate({ maxRedemptions: 5, redemptionCount: 4 }).outcome).toBe("accepted");
    expect(evaluate({ maxRedemptions: 5, redemptionCount: 5 })).toEqual({ outcome: "invalid", reason: "cap_reached" });
    expect(evaluate({ maxRedemptions: 5, redemptionCount: 9 })).toEqual({ outcome: "invalid", reason: "cap_reached" });
  });

  it("applies only to its plans", () => {
    expect(evaluate({ planIds: ["annual"] }, { plan: annual }).outcome).toBe("accepted");
    expect(evaluate({ planIds: ["annual"] }, { plan: monthly })).toEqual({ outcome: "invalid", reason: "wrong_plan" });
    expect(evaluate({ planIds: [] }, { plan: monthly })).toEqual({ outcome: "invalid", reason: "wrong_plan" });
  });

  it("refuses an amount off in another currency than the plan's", () => {
    const euros: PromotionBenefit = { kind: "amount", amountOff: 500, currency: "eur", duration: { kind: "once" } };
    expect(evaluate({ benefit: euros })).toEqual({ outcome: "invalid", reason: "wrong_plan" });
    expect(evaluate({ benefit: { ...euros, currency: "usd" } }).outcome).toBe("accepted");
  });

  it("keeps new-members-only codes for new members", () => {
    expect(evaluate({ newMembersOnly: true }, { person: newcomer }).outcome).toBe("accepted");
    expect(evaluate({ newMembersOnly: true }, { person: { isNewMember: false, hasRedeemed: false } })).toEqual({
      outcome: "invalid",
      reason: "members_only_new",
    });
    expect(evaluate({ newMembersOnly: false }, { person: { isNewMember: false, hasRedeemed: false } }).outcome).toBe("accepted");
  });

  it("refuses a second use by the same person only when the code is once per person", () => {
    const again = { isNewMember: true, hasRedeemed: true };
    expect(evaluate({ oncePerPerson: true }, { person: again })).toEqual({ outcome: "invalid", reason: "already_used" });
    expect(evaluate({ oncePerPerson: false }, { person: again }).outcome).toBe("accepted");
  });

  it("refuses inactive, unknown, mismatched and malformed codes", () => {
    expect(evaluate({ active: false })).toEqual({ outcome: "invalid", reason: "inactive" });
    expect(evaluatePromotionCode({ code: null, typed: "NOPE", plan: monthly, person: newcomer, now: 1_500 })).toEqual({
      outcome: "invalid",
      reason: "unknown",
    });
    expect(evaluate({}, { typed: "OTHERCODE" })).toEqual({ outcome: "invalid", reason: "unknown" });
    expect(evaluate({}, { typed: "QUIЕTHOUR" })).toEqual({ outcome: "invalid", reason: "malformed" });
    expect(evaluate({}, { typed: "x".repeat(10_240) })).toEqual({ outcome: "invalid", reason: "malformed" });
  });

  it("says inactive before expired, and expired before the plan or the person", () => {
    expect(evaluate({ active: false }, { now: 5_000 })).toEqual({ outcome: "invalid", reason: "inactive" });
    expect(
      evaluate({ planIds: ["annual"], newMembersOnly: true }, { now: 5_000, person: { isNewMember: false, hasRedeemed: true } }),
    ).toEqual({
      outcome: "expired",
    });
  });
});

describe("the stored shape", () => {
  it("rejects impossible benefits and lower-case codes", () => {
    expect(() => code({ code: "quiet" })).toThrow();
    expect(() => code({ benefit: { kind: "percent", percentOff: 0, duration: { kind: "once" } } })).toThrow();
    expect(() => code({ benefit: { kind: "percent", percentOff: 101, duration: { kind: "once" } } })).toThrow();
    expect(() => code({ benefit: { kind: "trial", extraTrialDays: 0 } })).toThrow();
    expect(() => code({ redemptionCount: -1 })).toThrow();
  });
});

describe("promotionMessage", () => {
  it("has a specific sentence for every outcome and reason", () => {
    const reasons = ["malformed", "unknown", "inactive", "wrong_plan", "members_only_new", "already_used", "cap_reached"] as const;
    const sentences = reasons.map((reason) => promotionMessage({ outcome: "invalid", reason }));
    expect(new Set(sentences).size).toBe(reasons.length);
    expect(promotionMessage({ outcome: "invalid", reason: "members_only_new" })).toBe("That code is only for new members.");
    expect(promotionMessage({ outcome: "expired" })).toBe("That code has expired.");
    expect(promotionMessage({ outcome: "not_valid_yet", validFrom: 4_070_908_800 })).toBe(
      "That code starts on January 1, 2099. Please come back then.",
    );
    expect(promotionMessage({ outcome: "error" })).toMatch(/couldn't check/);
    expect(promotionMessage(evaluate())).toBe("Code QUIETHOUR applied: 20% off your first 3 months.");
    for (const sentence of [...sentences, promotionMessage({ outcome: "expired" })]) expect(sentence).toMatch(/^[A-Z].*\.$/);
  });

  it("explains each failed redemption", () => {
    expect(redemptionFailureMessage("cap_reached")).toMatch(/last use/);
    expect(redemptionFailureMessage("already_used")).toMatch(/already used/);
  });
});

describe("describeBenefit", () => {
  it("names each kind and duration", () => {
    expect(describeBenefit({ kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } })).toBe(
      "20% off your first 3 months",
    );
    expect(describeBenefit({ kind: "percent", percentOff: 50, duration: { kind: "repeating", months: 1 } })).toBe(
      "50% off your first month",
    );
    expect(describeBenefit({ kind: "percent", percentOff: 10, duration: { kind: "forever" } })).toBe("10% off every payment");
    expect(describeBenefit({ kind: "amount", amountOff: 1000, currency: "usd", duration: { kind: "once" } })).toBe(
      "$10 off your first payment",
    );
    expect(describeBenefit({ kind: "amount", amountOff: 250, currency: "eur", duration: { kind: "once" } }, "de-DE")).toBe(
      "2,50\u00a0€ off your first payment",
    );
    expect(describeBenefit({ kind: "trial", extraTrialDays: 14 })).toBe("14 extra days free");
    expect(describeBenefit({ kind: "trial", extraTrialDays: 1 })).toBe("1 extra day free");
  });
});

describe("priceWithDiscount", () => {
  it("leaves the price alone with no code", () => {
    expect(priceWithDiscount(monthly, null)).toEqual({
      currency: "usd",
      firstCharge: 1499,
      laterCharge: 1499,
      discountedCharges: 0,
      discountMonths: 0,
      trialDays: 7,
    });
  });

  it("discounts the first charge once", () => {
    const once: PromotionBenefit = { kind: "amount", amountOff: 1000, currency: "usd", duration: { kind: "once" } };
    expect(priceWithDiscount(monthly, once)).toMatchObject({
      firstCharge: 499,
      laterCharge: 1499,
      discountedCharges: 1,
      discountMonths: 1,
    });
    expect(priceWithDiscount(annual, once)).toMatchObject({
      firstCharge: 8999,
      laterCharge: 9999,
      discountedCharges: 1,
      discountMonths: 12,
    });
  });

  it("discounts N monthly charges, or the one annual charge inside N months", () => {
    const three: PromotionBenefit = { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } };
    expect(priceWithDiscount(monthly, three)).toMatchObject({
      firstCharge: 1199,
      laterCharge: 1499,
      discountedCharges: 3,
      discountMonths: 3,
    });
    expect(priceWithDiscount(annual, three)).toMatchObject({ firstCharge: 7999, laterCharge: 9999, discountedCharges: 1 });
    const fourteen: PromotionBenefit = { ...three, duration: { kind: "repeating", months: 14 } };
    expect(priceWithDiscount(annual, fourteen)).toMatchObject({ discountedCharges: 2, discountMonths: 14 });
  });

  it("discounts every charge forever", () => {
    const forever: PromotionBenefit = { kind: "percent", percentOff: 10, duration: { kind: "forever" } };
    expect(priceWithDiscount(monthly, forever)).toMatchObject({
      firstCharge: 1349,
      laterCharge: 1349,
      discountedCharges: "all",
      discountMonths: "forever",
    });
  });

  it("never goes below zero when the amount off is larger than the price", () => {
    const huge: PromotionBenefit = { kind: "amount", amountOff: 50_000, currency: "usd", duration: { kind: "once" } };
    expect(priceWithDiscount(monthly, huge)).toMatchObject({ firstCharge: 0, laterCharge: 1499 });
    expect(priceWithDiscount(monthly, { kind: "percent", percentOff: 100, duration: { kind: "once" } }).firstCharge).toBe(0);
  });

  it("adds extra trial days to the plan's trial without touching the price", () => {
    expect(priceWithDiscount(monthly, { kind: "trial", extraTrialDays: 14 })).toMatchObject({ firstCharge: 1499, trialDays: 21 });
    expect(priceWithDiscount({ ...monthly, trialDays: -3 }, null).trialDays).toBe(0);
  });

  it("ignores an amount off in another currency", () => {
    const euros: PromotionBenefit = { kind: "amount", amountOff: 500, currency: "eur", duration: { kind: "once" } };
    expect(priceWithDiscount(monthly, euros).firstCharge).toBe(1499);
  });
});

describe("money", () => {
  it("formats minor units for the locale, dropping .00 on whole amounts", () => {
    expect(formatMoney(1499, "usd")).toBe("$14.99");
    expect(formatMoney(1000, "usd")).toBe("$10");
    expect(formatMoney(500, "jpy")).toBe("¥500");
    expect(formatMoney(9999, "eur", "fr-FR")).toBe("99,99\u00a0€");
  });

  it("states the annual saving honestly, rounding the percentage down", () => {
    // 12 × 14.99 = 179.88; 179.88 − 99.99 = 79.89, which is 44.41…% → 44.
    expect(annualSaving(monthly, annual)).toEqual({ amount: 7989, percent: 44, currency: "usd" });
    expect(annualSaving(monthly, { ...annual, amount: 20_000 })).toEqual({ amount: 0, percent: 0, currency: "usd" });
    expect(annualSaving(monthly, { ...annual, currency: "eur" })).toBeNull();
  });
});
