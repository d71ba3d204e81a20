import type { Plan, PromotionBenefit } from "~/services/payments/billing";
export type { AppliedDiscount } from "~/services/payments/billing";
import { formatDate } from "./membership-summary";
import { describeBenefit, formatMoney, priceWithDiscount } from "./promotion-code";
import { discountNote } from "./subscribe";

/**
 * The offer (issue 34, ADR 056): the one place that says what a person is promised for a plan, from a
 * lander's button to the first charge. Every step asks `offerFor` (the lander, /subscribe and "Before
 * you pay", the checkout session, the payment page) and speaks only the sentences `describeOffer`
 * makes; the welcome page and settings then show what the provider actually set. Pure and
 * browser-safe: plans, codes and invitations are read by the callers.
 *
 * A trial is counted in days, as both payment providers count it: it ends `trialDays × 86,400` seconds
 * after it starts. So an offer is never described in months ("your first month, on us" is 28 to 31
 * days, depending on the month); see `copyContradicts`.
 */

export const DAY_SECONDS = 86_400;

export type OfferSource = "standard" | "code" | "invitation";

export interface OfferInput {
  plan: Pick<Plan, "id" | "name" | "interval" | "amount" | "currency" | "trialDays">;
  /** What a code or a friend's invitation gives, already judged for this plan and person; null for the standard offer. */
  benefit: PromotionBenefit | null;
  /** The code as the catalogue spells it, when the benefit is a promotion code's. */
  code?: string | null;
  source?: OfferSource;
  /** When the trial (or the first payment) starts: unix seconds. */
  now: number;
  /**
   * The trial a provider's session already holds, when describing that session (the payment page):
   * what it holds is what it will do, so the page says exactly that.
   */
  trialDays?: number;
}

export interface OfferDiscount {
  code: string | null;
  /** "20% off your first 3 months", "$10 off your first payment". */
  summary: string;
}

export interface Offer {
  planId: string;
  planName: string;
  interval: Plan["interval"];
  currency: string;
  source: OfferSource;
  code: string | null;
  /** The plan's regular price per interval, minor units. */
  regularAmount: number;
  trialDays: number;
  /** Unix seconds: when the free trial ends (and the first payment is taken); null without a trial. */
  trialEndsAt: number | null;
  /** Unix seconds: when the first payment is taken. */
  firstChargeAt: number;
  /** The first payment, after any discount, minor units. */
  firstCharge: number;
  /** How many payments the discount reduces: 0 for none, "all" while a member. */
  discountedCharges: number | "all";
  /** A money discount; null for none (extra trial days are in `trialDays`, not here). */
  discount: OfferDiscount | null;
}

/** The offer for one plan, with a benefit already accepted for this person (or none). */
export function offerFor(input: OfferInput): Offer {
  const { plan, benefit, now } = input;
  const price = priceWithDiscount(plan, benefit);
  const trialDays = Math.max(0, input.trialDays ?? price.trialDays);
  const trialEndsAt = trialDays > 0 ? now + trialDays * DAY_SECONDS : null;
  const money = benefit && benefit.kind !== "trial" && price.discountedCharges !== 0 ? benefit : null;
  return {
    planId: plan.id,
    planName: plan.name,
    interval: plan.interval,
    currency: plan.currency,
    source: input.source ?? (benefit ? "code" : "standard"),
    code: input.code ?? null,
    regularAmount: plan.amount,
    trialDays,
    trialEndsAt,
    firstChargeAt: trialEndsAt ?? now,
    firstCharge: price.firstCharge,
    discountedCharges: price.discountedCharges,
    discount: money ? { code: input.code ?? null, summary: describeBenefit(money) } : null,
  };
}

/** "7 days", "1 day". Always days: the providers count days, and a month is not a fixed number of them. */
export function trialLength(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

export interface OfferWords {
  /** "14 days free", or null without a trial. */
  trial: string | null;
  /** The call to action that promises no more than the offer: "Start your free week", "Start your 14 free days". */
  action: string;
  /** "$99.99 a year". */
  regular: string;
  /** The first payment: "$79.99". */
  firstCharge: string;
  /** "20% off your first payment", or null. */
  discount: string | null;
  /** What the discount does over time, or null. */
  discountNote: string | null;
  /** The trial's last day in the person's zone ("December 28, 2026"), or null without a trial or a zone. */
  trialEnd: string | null;
  /** The plan chooser's line: "14 days free, then $99.99 a year." */
  summary: string;
  /** "Before you pay", in order: today, the first payment, the discount, the renewal. */
  steps: string[];
}

export interface DescribeOptions {
  locale?: string;
  /**
   * The person's zone for the trial's end date, written as settings writes dates (one formatter for
   * every step); without it, no date is given (a shared, cached page).
   */
  timeZone?: string | null;
}

/** The sentences every step shows for an offer: the only words any page uses to state it. */
export function describeOffer(offer: Offer, options: DescribeOptions = {}): OfferWords {
  const locale = options.locale ?? "en-US";
  const regular = `${formatMoney(offer.regularAmount, offer.currency, locale)} a ${offer.interval}`;
  const firstCharge = formatMoney(offer.firstCharge, offer.currency, locale);
  const trial = offer.trialDays > 0 ? `${trialLength(offer.trialDays)} free` : null;
  const trialEnd = offer.trialEndsAt !== null && options.timeZone ? formatDate(offer.trialEndsAt, options.timeZone) : null;
  const note = offer.discount ? discountNote(offer, formatMoney(offer.regularAmount, offer.currency, locale), offer.interval) : null;
  const firstPrice =
    offer.firstCharge !== offer.regularAmount ? `${firstCharge} for your first ${offer.interval}, then ${regular}` : regular;
  const summary = trial ? `${trial}, then ${firstPrice}.` : `${firstPrice[0].toUpperCase()}${firstPrice.slice(1)}, starting today.`;
  const steps = trial
    ? [
        `Today: your ${offer.trialDays}-day free trial starts. Nothing is charged today.`,
        `${trialEnd ? `On ${trialEnd}` : `After ${trialLength(offer.trialDays)}`}: your first payment of ${firstCharge}, unless you cancel before then.`,
      ]
    : [`Today: your first payment of ${firstCharge}.`];
  if (offer.discount)
    steps.splice(1, 0, `${offer.discount.code ? `Your code ${offer.discount.code} gives` : "You get"} ${offer.discount.summary}.`);
  if (note) steps.push(note);
  steps.push(`Then ${regular} until you cancel. Cancel any time in settings; you keep access until the end of the period you paid for.`);
  return {
    trial,
    action: callToAction(offer.trialDays),
    regular,
    firstCharge,
    discount: offer.discount?.summary ?? null,
    discountNote: note,
    trialEnd,
    summary,
    steps,
  };
}

/** The button's words for a trial of `days`: it promises what the offer gives and no more. */
export function callToAction(days: number): string {
  if (days <= 0) return "Become a member";
  if (days === 7) return "Start your free week";
  return `Start your ${days} free days`;
}

/**
 * One line for a page that offers every plan at once (a lander, the home page): the trial, any
 * discount, and each plan's first price. Shared and cached, so it names no date.
 */
export function offerLine(offers: readonly Offer[], locale = "en-US"): string {
  if (offers.length === 0) return "";
  const [first] = offers;
  const words = describeOffer(first, { locale });
  const prices = offers
    .map((offer) => {
      const regular = `${formatMoney(offer.regularAmount, offer.currency, locale)} a ${offer.interval}`;
      return offer.firstCharge !== offer.regularAmount
        ? `${formatMoney(offer.firstCharge, offer.currency, locale)} for your first ${offer.interval} (then ${regular})`
        : regular;
    })
    .join(" or ");
  const discount = words.discount ? `${words.discount}: ` : "";
  const lead = words.trial ? `${words.trial}, then ${discount}${prices}.` : `${discount}${prices}.`;
  return `${lead[0].toUpperCase()}${lead.slice(1)} Cancel any time, in two taps.`;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  first: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fourteen: 14,
  "twenty-one": 21,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

const NUMBER = `\\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")}`;
const UNIT = "days?|weeks?|months?|fortnights?";
/** "14 days", "two calmer weeks", "three-week", "a week" (an adjective may sit between, a number may not), "free month", "week one". */
const CLAIM = new RegExp(
  String.raw`(?:\b([a-z']+)\s+)?\b(${NUMBER})[\s-]+(?:(?!(?:${NUMBER})\b)[a-z']+[\s-]+)?(${UNIT})\b|\bfree[\s-]+(week|month|fortnight)\b|\bweek one\b`,
  "gi",
);
/** "classes a week", "once a day": how often, not how long, so no claim. */
const FREQUENCY = /(?:s|class|practice|once|twice)$/i;

function daysIn(count: number, unit: string): number {
  const name = unit.toLowerCase();
  if (name.startsWith("day")) return count;
  if (name.startsWith("week")) return count * 7;
  if (name.startsWith("fortnight")) return count * 14;
  return Number.NaN;
}

/**
 * The lengths of time a piece of copy promises, in days; NaN for a month, which is no fixed length.
 * "Two weeks of music-led classes" → [14]; "Your first month, on us" → [NaN]; "Week one free" → [7];
 * "one short class a day" → [] (a frequency).
 */
export function claimedDays(text: string): number[] {
  const claims: number[] = [];
  for (const match of text.matchAll(CLAIM)) {
    const [, before, number, unit, freeUnit] = match;
    if (freeUnit) claims.push(daysIn(1, freeUnit));
    else if (!number) claims.push(7);
    else {
      const word = number.toLowerCase();
      if ((word === "a" || word === "an") && before && FREQUENCY.test(before)) continue;
      claims.push(daysIn(/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word], unit));
    }
  }
  return claims;
}

/**
 * Whether copy written for an offer (a lander's title, description, button or search description)
 * promises a length the offer does not give. Copy that names no length never contradicts it.
 */
export function copyContradicts(text: string, offer: Pick<Offer, "trialDays">): boolean {
  return claimedDays(text).some((days) => days !== offer.trialDays);
}
