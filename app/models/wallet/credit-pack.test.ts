import { describe, expect, it } from "vitest";
import { bookingPayment, CreditCostSchema, CreditPackSchema, creditsLabel, describeCredits } from "./credit-pack";
import { LiveClassSchema } from "~/models/classes/live-class";
import { demoCreditPacks } from "~/demo/credit-packs";

describe("the catalogue", () => {
  it("accepts the demo packs and refuses nonsense amounts", () => {
    for (const pack of demoCreditPacks) expect(CreditPackSchema.safeParse(pack).success).toBe(true);
    const good = demoCreditPacks[0];
    for (const bad of [
      { credits: 0 },
      { credits: -5 },
      { credits: 2.5 },
      { amount: -1 },
      { amount: 45.5 },
      { validDays: 0 },
      { currency: "US$" },
      { id: "Five Classes" },
    ]) {
      expect(CreditPackSchema.safeParse({ ...good, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("a class costs whole credits or nothing: negative, zero and fractional costs are refused", () => {
    for (const cost of [1, 2, null]) expect(CreditCostSchema.safeParse(cost).success).toBe(true);
    for (const cost of [0, -1, 1.5, Number.NaN, 21]) expect(CreditCostSchema.safeParse(cost).success).toBe(false);
    const liveClass = {
      id: "c",
      title: "T",
      teacherId: "t",
      modality: "meditation",
      startsAt: "2026-12-01T10:00:00Z",
      durationMinutes: 20,
    };
    expect(LiveClassSchema.parse(liveClass).creditCost).toBeNull();
    expect(LiveClassSchema.safeParse({ ...liveClass, creditCost: -1 }).success).toBe(false);
    expect(LiveClassSchema.safeParse({ ...liveClass, creditCost: 0.5 }).success).toBe(false);
  });
});

describe("paying for a booking", () => {
  it("a membership always covers it; credits only where the class takes them", () => {
    expect(bookingPayment({ isMember: true, creditCost: 1 })).toBe("membership");
    expect(bookingPayment({ isMember: true, creditCost: null })).toBe("membership");
    expect(bookingPayment({ isMember: false, creditCost: 1 })).toBe("credits");
    expect(bookingPayment({ isMember: false, creditCost: null })).toBeNull();
  });

  it("words counts", () => {
    expect(creditsLabel(1)).toBe("1 credit");
    expect(creditsLabel(0)).toBe("0 credits");
  });
});

describe("settings' view of credits", () => {
  it("dates each pack's expiry on the member's own calendar", () => {
    // 02:00 UTC on 1 March is still 28 February in Los Angeles.
    const summary = {
      balance: 3,
      everHad: true,
      packs: [{ id: "p", name: "Five live classes", left: 3, credits: 5, expiresAt: Date.parse("2027-03-01T02:00:00Z") }],
    };
    expect(describeCredits(summary, "America/Los_Angeles").packs[0]).toMatchObject({ left: "3 of 5 left", expires: "28 February 2027" });
    expect(describeCredits(summary, "Europe/Berlin").packs[0].expires).toBe("1 March 2027");
    expect(describeCredits(summary, "UTC").balance).toBe("3 credits");
  });
});
