import type { Card, PlanInterval, SubscriptionStatus } from "~/services/payments/billing";
import { clockDate, unknownZoneSuffix } from "~/models/identity/clock";
import { numberFormat } from "~/lib/date-format";
import { formatMoney } from "./promotion-code";

/**
 * How a member's plan reads on screen (issue 8): settings, the welcome page and the cancel step all
 * say it the same way. Dates are on the member's own calendar (issue 34): unnamed when we know their
 * zone, marked GMT only while we do not.
 */

export interface MembershipFacts {
  status: SubscriptionStatus;
  planName: string;
  interval: PlanInterval;
  /** Minor units and currency of the next charge (after any discount). */
  amount: number;
  currency: string;
  /** Unix seconds: the end of the period paid for (or of the trial). */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  card: Pick<Card, "brand" | "last4"> | null;
  /** Unix seconds: when the free trial ends, as the provider set it; null or absent without one. */
  trialEnd?: number | null;
  /** The discount the provider holds on the plan, when there is one (ADR 056). */
  discount?: {
    code: string | null;
    percentOff: number | null;
    amountOff: number | null;
    endsAt: number | null;
    duration?: "once" | "repeating" | "forever" | null;
  } | null;
}

export interface MembershipSummary {
  status: "trial" | "active" | "ending" | "past_due" | "ended";
  headline: string;
  nextCharge: string | null;
  card: string | null;
  /** The date access ends, when cancelled; null otherwise. */
  endsOn: string | null;
  /** What the plan's discount does, as the provider holds it: "Code STILL20: 20% off until March 1, 2027."; null without one. */
  discount?: string | null;
}

/** "1 December 2026" on the member's calendar, with " GMT" after it only while their zone is unknown. */
export function formatDate(unixSeconds: number, timeZone: string | null | undefined): string {
  return `${clockDate(unixSeconds * 1000, timeZone)}${unknownZoneSuffix(timeZone)}`;
}

export function formatAmount(amount: number, currency: string, locale = "en-US"): string {
  return numberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

export function describeMembership(facts: MembershipFacts, timeZone: string | null | undefined, locale = "en-US"): MembershipSummary {
  const date = formatDate(facts.currentPeriodEnd, timeZone);
  const price = formatAmount(facts.amount, facts.currency, locale);
  const card = facts.card ? `${brandName(facts.card.brand)} ending in ${facts.card.last4}` : null;
  if (facts.status === "canceled" || facts.status === "incomplete_expired" || facts.status === "unpaid") {
    return { status: "ended", headline: `Your ${facts.planName} membership has ended.`, nextCharge: null, card, endsOn: null };
  }
  if (facts.status === "past_due") {
    return {
      status: "past_due",
      headline: `Your ${facts.planName} membership is open, but the last payment didn't go through.`,
      nextCharge: `We'll try ${price} again soon. Updating your card settles it straight away.`,
      card,
      endsOn: null,
    };
  }
  if (facts.cancelAtPeriodEnd) {
    return {
      status: "ending",
      headline: `Your ${facts.planName} membership is cancelled and ends on ${date}. Every class stays open until then.`,
      nextCharge: null,
      card,
      endsOn: date,
    };
  }
  const discount = discountSentence(facts, timeZone, locale);
  if (facts.status === "trialing") {
    // The trial's end as the provider set it (ADR 056), the same day the first payment is taken.
    const trialDate = facts.trialEnd ? formatDate(facts.trialEnd, timeZone) : date;
    return {
      status: "trial",
      headline: `Your free trial of the ${facts.planName} membership runs until ${trialDate}.`,
      nextCharge: `Your first payment of ${price} is on ${trialDate}.`,
      card,
      endsOn: null,
      discount,
    };
  }
  return {
    status: "active",
    headline: `Your ${facts.planName} membership is active.`,
    nextCharge: `Next payment: ${price} on ${date}.`,
    card,
    endsOn: null,
    discount,
  };
}

/** The discount the provider holds, in words, with its code and when it stops; null without one. */
function discountSentence(facts: MembershipFacts, timeZone: string | null | undefined, locale: string): string | null {
  const discount = facts.discount;
  if (!discount) return null;
  const off =
    discount.percentOff !== null
      ? `${discount.percentOff}% off`
      : discount.amountOff !== null
        ? `${formatMoney(discount.amountOff, facts.currency, locale)} off`
        : null;
  if (off === null) return null;
  const lasting =
    discount.duration === "once"
      ? "your next payment"
      : discount.endsAt !== null
        ? `every payment until ${formatDate(discount.endsAt, timeZone)}`
        : "every payment";
  return `${discount.code ? `Code ${discount.code}: ` : ""}${off} ${lasting}.`;
}

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  unionpay: "UnionPay",
  diners: "Diners Club",
};

function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? "Card";
}

export interface MembershipNotice {
  tone: "success" | "error";
  text: string;
}

const NOTICES: Record<string, MembershipNotice> = {
  "demo-charged": { tone: "success", text: "Demo: the next payment was taken just now, as if the date had come. No card was charged." },
  cancelled: {
    tone: "success",
    text: "Your membership is cancelled. Every class stays open until the date below, and you can resume before then.",
  },
  resumed: { tone: "success", text: "Welcome back: your membership carries on as before." },
  offer: { tone: "success", text: "Done: your next two months are half price, and your membership carries on." },
  "card-updated": { tone: "success", text: "Saved your new card. Future payments use it." },
  running: { tone: "success", text: "You already have a membership, so there's nothing more to buy. Here it is." },
  no_membership: { tone: "error", text: "There's no running membership to change on this account." },
  not_cancelling: { tone: "error", text: "Your membership isn't cancelled, so there's nothing to resume." },
  already_used: { tone: "error", text: "The stay-with-us offer can be used once, and it's been used on this account." },
  unknown_plan: { tone: "error", text: "There's no membership with a card to update on this account." },
  unavailable: { tone: "error", text: "The payment service didn't answer just now. Nothing changed; please try again in a moment." },
  card_failed: { tone: "error", text: "We couldn't confirm the new card. Your old one is still in use; please try again." },
  too_many_changes: {
    tone: "error",
    text: "That's a lot of changes in a short time. Nothing changed; please wait a few minutes and try again.",
  },
};

const DID_NOT_GO_THROUGH: MembershipNotice = {
  tone: "error",
  text: "That didn't go through. Nothing changed; please try again, or write to us if it keeps happening.",
};
for (const code of ["card_declined", "authentication_required", "not_found", "invalid_request", "invalid_intent"])
  NOTICES[code] = DID_NOT_GO_THROUGH;

/** The sentence settings shows after a membership change (`?membership=…`); null for anything unknown. */
export function membershipNotice(key: string | null): MembershipNotice | null {
  return key && Object.hasOwn(NOTICES, key) ? NOTICES[key] : null;
}
