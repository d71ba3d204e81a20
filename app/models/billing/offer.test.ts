import { describe, expect, it } from "vitest";
import type { Plan } from "~/services/payments/billing";
import { callToAction, claimedDays, copyContradicts, describeOffer, offerFor, offerLine } from "./offer";

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
// 2026-11-28T20:00:00Z: already 29 November in Kolkata, still 28 November in Los Angeles.
const NOW = Date.UTC(2026, 10, 28, 20) / 1000;

describe("offerFor", () => {
  it("gives the plan's own trial and price without a code", () => {
    const offer = offerFor({ plan: annual, benefit: null, now: NOW });
    expect(offer).toMatchObject({ trialDays: 7, trialEndsAt: NOW + 7 * 86_400, firstCharge: 9999, discount: null, source: "standard" });
    expect(offer.firstChargeAt).toBe(offer.trialEndsAt);
  });

  it("adds a code's extra days to the trial, counted in days as the providers count them", () => {
    const offer = offerFor({ plan: monthly, benefit: { kind: "trial", extraTrialDays: 23 }, code: "CHALLENGE30", now: NOW });
    expect(offer.trialDays).toBe(30);
    expect(offer.trialEndsAt).toBe(NOW + 30 * 86_400);
    expect(offer.discount).toBeNull();
  });

  it("takes a money discount off the first charge and names it", () => {
    const offer = offerFor({
      plan: annual,
      benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } },
      code: "STILL20",
      now: NOW,
    });
    expect(offer.firstCharge).toBe(7999);
    expect(offer.discount).toEqual({ code: "STILL20", summary: "20% off your first 3 months" });
  });

  it("describes a session's own trial when it is given one", () => {
    expect(offerFor({ plan: monthly, benefit: null, trialDays: 30, now: NOW }).trialDays).toBe(30);
  });

  it("starts paying today on a plan without a trial", () => {
    const offer = offerFor({
      plan: { ...monthly, trialDays: 0 },
      benefit: { kind: "amount", amountOff: 1000, currency: "usd", duration: { kind: "once" } },
      now: NOW,
    });
    expect(offer).toMatchObject({ trialDays: 0, trialEndsAt: null, firstChargeAt: NOW, firstCharge: 499 });
  });
});

describe("describeOffer", () => {
  it("dates the trial's end in the person's own zone", () => {
    const offer = offerFor({ plan: annual, benefit: null, now: NOW });
    expect(describeOffer(offer, { timeZone: "America/Los_Angeles" }).trialEnd).toBe("5 December 2026");
    expect(describeOffer(offer, { timeZone: "Asia/Kolkata" }).trialEnd).toBe("6 December 2026");
  });

  it("names no date without a zone (a shared page)", () => {
    const words = describeOffer(offerFor({ plan: annual, benefit: null, now: NOW }));
    expect(words.trialEnd).toBeNull();
    expect(words.steps[1]).toBe("After 7 days: your first payment of $99.99, unless you cancel before then.");
  });

  it("says before you pay what happens, in order, with the discount", () => {
    const offer = offerFor({
      plan: monthly,
      benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } },
      code: "STILL20",
      now: NOW,
    });
    const words = describeOffer(offer, { timeZone: "UTC" });
    expect(words.summary).toBe("7 days free, then $11.99 for your first month, then $14.99 a month.");
    expect(words.steps).toEqual([
      "Today: your 7-day free trial starts. Nothing is charged today.",
      "Your code STILL20 gives 20% off your first 3 months.",
      "On 5 December 2026: your first payment of $11.99, unless you cancel before then.",
      "The reduced price is for your first 3 payments; after that it's $14.99 per month.",
      "Then $14.99 a month until you cancel. Cancel any time in settings; you keep access until the end of the period you paid for.",
    ]);
  });

  it("promises a week only for a seven-day trial", () => {
    expect(callToAction(7)).toBe("Start your free week");
    expect(callToAction(30)).toBe("Start your 30 free days");
    expect(callToAction(0)).toBe("Become a member");
  });
});

describe("offerLine", () => {
  it("states the trial, any discount and every plan's price, without a date", () => {
    const plain = [monthly, annual].map((plan) => offerFor({ plan, benefit: { kind: "trial", extraTrialDays: 7 }, now: NOW }));
    expect(offerLine(plain)).toBe("14 days free, then $14.99 a month or $99.99 a year. Cancel any time, in two taps.");
    const discounted = [monthly, annual].map((plan) =>
      offerFor({ plan, benefit: { kind: "percent", percentOff: 20, duration: { kind: "once" } }, now: NOW }),
    );
    expect(offerLine(discounted)).toBe(
      "7 days free, then 20% off your first payment: $11.99 for your first month (then $14.99 a month) or $79.99 for your first year (then $99.99 a year). Cancel any time, in two taps.",
    );
  });
});

describe("claimedDays and copyContradicts", () => {
  it.each([
    ["Two weeks of music-led classes", [14]],
    ["Free for 14 days.", [14]],
    ["A three-week breathwork programme. Free for 21 days.", [21, 21]],
    ["Week one free", [7]],
    ["Sleep better, free for a week", [7]],
    ["A calmer week, on us", [7]],
    ["Start my free month", [Number.NaN]],
    ["Your first month, on us", [Number.NaN]],
    ["One short class a day for thirty days.", [30]],
    ["Three short classes a week", []],
    ["Thirty calmer evenings", []],
  ])("%s → %j", (text, days) => {
    expect(claimedDays(text)).toEqual(days);
  });

  it("flags copy that promises another length, and a month, which is no length at all", () => {
    expect(copyContradicts("Your first month, on us", { trialDays: 30 })).toBe(true);
    expect(copyContradicts("A calmer week, on us", { trialDays: 14 })).toBe(true);
    expect(copyContradicts("Two calmer weeks, on us", { trialDays: 14 })).toBe(false);
    expect(copyContradicts("Treat yourself", { trialDays: 14 })).toBe(false);
  });
});
