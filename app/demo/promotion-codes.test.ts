import { describe, expect, it } from "vitest";
import type { Plan } from "~/services/payments/billing";
import { PromotionCodeSchema, evaluatePromotionCode, priceWithDiscount } from "~/models/billing/promotion-code";
import { callToAction, copyContradicts, offerFor } from "~/models/billing/offer";
import { demoLandingPages } from "./landing-pages";
import { DEMO_PLAN_TRIAL_DAYS, demoPromotionCodes } from "./promotion-codes";

const monthly: Plan = {
  id: "monthly",
  name: "Monthly",
  interval: "month",
  amount: 1499,
  currency: "usd",
  trialDays: DEMO_PLAN_TRIAL_DAYS,
  stripePriceId: null,
  active: true,
  order: 1,
};
const annual: Plan = { ...monthly, id: "annual", interval: "year", amount: 9999, order: 2 };
const byCode = new Map(demoPromotionCodes.map((code) => [code.code, code]));
const NOW = Math.floor(Date.parse("2026-11-23T12:00:00Z") / 1000);
const newcomer = { isNewMember: true, hasRedeemed: false };

function outcome(code: string, plan: Plan = monthly) {
  return evaluatePromotionCode({ code: byCode.get(code) ?? null, typed: code, plan, person: newcomer, now: NOW });
}

describe("demo promotion codes", () => {
  it("are valid documents with unique codes", () => {
    for (const code of demoPromotionCodes) expect(PromotionCodeSchema.safeParse(code).success, code.code).toBe(true);
    expect(byCode.size).toBe(demoPromotionCodes.length);
  });

  it("include every code a lander carries, giving the trial the page promises", () => {
    const landers = demoLandingPages.filter((page) => page.offer.promotionCode);
    expect(landers.length).toBeGreaterThan(20);
    for (const page of landers) {
      const code = byCode.get(page.offer.promotionCode!);
      expect(code, page.slug).toBeDefined();
      expect(outcome(code!.code).outcome, page.slug).toBe("accepted");
      expect(priceWithDiscount(monthly, code!.benefit).trialDays, page.slug).toBe(page.offer.trialDays);
    }
  });

  it("let no page promise a length its button does not give (ADR 056)", () => {
    for (const page of demoLandingPages) {
      const code = page.offer.promotionCode ? byCode.get(page.offer.promotionCode) : null;
      const offer = offerFor({ plan: monthly, benefit: code?.benefit ?? null, now: NOW });
      // A page offering more than the plans' own week carries a code for it, or /subscribe would give the week.
      expect(offer.trialDays, page.slug).toBe(page.offer.trialDays);
      for (const copy of [page.offer.title, page.offer.description, page.cta.label, page.seoDescription]) {
        expect(copyContradicts(copy, offer), `${page.slug}: ${copy}`).toBe(false);
      }
    }
  });

  it("keep the plans' own trial a week, as the header's constant \"Start your free week\" says", () => {
    expect(callToAction(offerFor({ plan: monthly, benefit: null, now: NOW }).trialDays)).toBe("Start your free week");
  });

  it("show each rule once", () => {
    expect(byCode.get("STILL20")?.benefit).toEqual({ kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } });
    expect(byCode.get("TENOFF")?.benefit).toMatchObject({ kind: "amount", amountOff: 1000, duration: { kind: "once" } });
    expect(byCode.get("LINGER14")?.benefit).toEqual({ kind: "trial", extraTrialDays: 14 });
    expect(byCode.get("ONEQUIETSEAT")?.maxRedemptions).toBe(1);
    expect(outcome("SPRING2024")).toEqual({ outcome: "expired" });
    expect(outcome("SOLSTICE2099").outcome).toBe("not_valid_yet");
    expect(outcome("YEAROFCALM", annual).outcome).toBe("accepted");
    expect(outcome("YEAROFCALM", monthly)).toEqual({ outcome: "invalid", reason: "wrong_plan" });
    expect(outcome("RESTED-RETIRED")).toEqual({ outcome: "invalid", reason: "inactive" });
  });
});
