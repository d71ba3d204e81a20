import type { PromotionBenefit } from "~/services/payments/billing";
import type { PromotionCode } from "~/models/billing/promotion-code";
import { demoLandingPages } from "./landing-pages";

/**
 * Invented promotion codes for the demo (issue 8). Every code a lander carries exists here, with the
 * trial its page promises; the rest show each rule once. None of them is a real offer.
 */

/** The demo plans' own trial (the plans catalogue: "monthly" and "annual", 7 days each). */
export const DEMO_PLAN_TRIAL_DAYS = 7;

const BASE = {
  planIds: null,
  newMembersOnly: false,
  maxRedemptions: null,
  redemptionCount: 0,
  oncePerPerson: false,
  validFrom: null,
  expiresAt: null,
  active: true,
  stripeCouponId: null,
  stripePromotionCodeId: null,
} satisfies Omit<PromotionCode, "code" | "benefit">;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * A lander promising N free days gets the days beyond the plan's own trial. A lander whose promise is
 * the plan's trial already (7 days) gets a small welcome discount instead, so its code still does
 * something.
 */
function landerBenefit(trialDays: number): PromotionBenefit {
  const extra = trialDays - DEMO_PLAN_TRIAL_DAYS;
  return extra > 0 ? { kind: "trial", extraTrialDays: extra } : { kind: "percent", percentOff: 20, duration: { kind: "once" } };
}

const landerCodes: PromotionCode[] = [
  ...new Map(
    demoLandingPages.flatMap(({ offer }) =>
      offer.promotionCode
        ? [
            [
              offer.promotionCode,
              {
                ...BASE,
                code: offer.promotionCode,
                benefit: landerBenefit(offer.trialDays),
                newMembersOnly: true,
                oncePerPerson: true,
              } satisfies PromotionCode,
            ] as const,
          ]
        : [],
    ),
  ).values(),
];

const ruleCodes: PromotionCode[] = [
  {
    ...BASE,
    code: "STILL20",
    benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } },
    oncePerPerson: true,
  },
  {
    ...BASE,
    code: "TENOFF",
    benefit: { kind: "amount", amountOff: 1000, currency: "usd", duration: { kind: "once" } },
    oncePerPerson: true,
  },
  { ...BASE, code: "LINGER14", benefit: { kind: "trial", extraTrialDays: 14 }, newMembersOnly: true, oncePerPerson: true },
  {
    ...BASE,
    code: "ONEQUIETSEAT",
    benefit: { kind: "percent", percentOff: 50, duration: { kind: "once" } },
    maxRedemptions: 1,
    oncePerPerson: true,
  },
  {
    ...BASE,
    code: "SPRING2024",
    benefit: { kind: "percent", percentOff: 30, duration: { kind: "once" } },
    validFrom: seconds("2024-03-01T00:00:00Z"),
    expiresAt: seconds("2024-06-01T00:00:00Z"),
  },
  {
    ...BASE,
    code: "SOLSTICE2099",
    benefit: { kind: "percent", percentOff: 25, duration: { kind: "repeating", months: 2 } },
    validFrom: seconds("2099-06-21T00:00:00Z"),
  },
  {
    ...BASE,
    code: "YEAROFCALM",
    benefit: { kind: "percent", percentOff: 25, duration: { kind: "once" } },
    planIds: ["annual"],
    oncePerPerson: true,
  },
  {
    ...BASE,
    code: "RESTED-RETIRED",
    benefit: { kind: "percent", percentOff: 15, duration: { kind: "forever" } },
    active: false,
  },
];

export const demoPromotionCodes: PromotionCode[] = [...landerCodes, ...ruleCodes];
