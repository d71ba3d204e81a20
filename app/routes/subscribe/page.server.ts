import { redirect } from "@remix-run/node";
import { ERRORS } from "~/lib/errors";
import { clientAddress } from "~/lib/rate-limit.server";
import { recordEvent } from "~/platform/analytics-event.server";
import { listPlans } from "~/models/billing/plan.server";
import { annualSaving, formatMoney, type PromotionCheck } from "~/models/billing/promotion-code";
import { describeOffer, offerFor, type AppliedDiscount, type Offer, type OfferWords } from "~/models/billing/offer";
import { validTimeZone } from "~/models/identity/user";
import { checkCodeWithinLimits, describeCodeCheck, recordCodeCheck } from "~/models/billing/subscription.server";
import { codeGuessesLeft, countMissedLink } from "~/models/wallet/gifts.server";
import { checkoutFailure, checkoutSteps, hasRunningPlan, type SubscribeForm } from "~/models/billing/subscribe";
import { isReturnPath, subscribeHref } from "~/models/billing/subscribe-link";
import { newIntentId } from "~/models/billing/membership";
import { startSubscriptionCheckout } from "~/models/billing/membership.server";
import {
  OFFER_REFUSALS,
  REFERRAL_TRIAL_DAYS,
  checkOffer,
  recordReferral,
  referralCodeFrom,
  referralDiscount,
} from "~/models/wallet/referrals.server";
import type { ViewerState } from "~/server/viewer.server";
import { getVisitor, getVisitorRegion } from "~/server/visitor.server";
import { refuse } from "~/server/submission.server";

/** The subscribe page's steps (issue 8), kept beside the route: the loader's plan cards and the action's. */

type Plan = Awaited<ReturnType<typeof listPlans>>[number];
type Member = ViewerState | null;

/** The code field's length: what the page shows and what a refusal sends back. */
export const CODE_FIELD_MAX = 64;

/** What every refusal after the plan is known sends back: the code as typed and the plan chosen. */
export type SubscribeValues = { code: string; plan?: string };

/**
 * The one precedence (ADR 056): an accepted promotion code, else a friend's invitation, else the plan
 * as it stands. A code typed at all shuts the invitation out, so callers pass one only without a code.
 */
export function discountFor(
  plan: Pick<Plan, "trialDays">,
  check: PromotionCheck | null | undefined,
  invitation: string | null,
): { discount: AppliedDiscount; source: "code" | "invitation" } | null {
  if (check?.outcome === "accepted") return { discount: check.discount, source: "code" };
  if (invitation) return { discount: referralDiscount(invitation, plan.trialDays), source: "invitation" };
  return null;
}

/** Each plan as the page shows it: its price, its offer's words and timeline, and the yearly saving. */
export function planCards(
  plans: Plan[],
  pricing: { checks: Map<string, PromotionCheck> | null; invitation: string | null; now: number; locale: string; timeZone: string | null },
) {
  const monthly = plans.find((candidate) => candidate.interval === "month");
  const { locale, now } = pricing;
  return plans.map((candidate) => {
    const chosen = discountFor(candidate, pricing.checks?.get(candidate.id), pricing.invitation);
    // The one offer (ADR 056): every sentence below is the model's, so this page cannot promise another.
    const planOffer = offerFor({
      plan: candidate,
      benefit: chosen?.discount.benefit ?? null,
      code: chosen?.source === "code" ? chosen.discount.code : null,
      source: chosen?.source ?? "standard",
      now,
    });
    const words = describeOffer(planOffer, { locale, timeZone: validTimeZone(pricing.timeZone) });
    const saving = candidate.interval === "year" && monthly ? annualSaving(monthly, candidate) : null;
    return {
      id: candidate.id,
      name: candidate.name,
      interval: candidate.interval,
      trialDays: planOffer.trialDays,
      price: formatMoney(candidate.amount, candidate.currency, locale),
      firstCharge: planOffer.firstCharge === candidate.amount ? null : words.firstCharge,
      offer: { summary: words.summary, discountNote: words.discountNote, steps: words.steps, timeline: timelineOf(planOffer, words) },
      saving:
        saving && saving.amount > 0
          ? `Save ${formatMoney(saving.amount, candidate.currency, locale)} (${saving.percent}%) against paying monthly`
          : null,
    };
  });
}

/** What the plan page shows (issue 8): the plans with their offers, a typed code's verdict, the steps and a friend's invitation. */
export async function subscribePage(request: Request, member: Member, now: number) {
  const url = new URL(request.url);
  const back = url.searchParams.get("next") ?? "";
  const plans = await listPlans();
  if (plans.length === 0) throw new Response(null, { status: 503, statusText: "Memberships are not on sale just now" });
  const requested = url.searchParams.get("plan");
  const plan =
    plans.find((candidate) => candidate.id === requested) ?? plans.find((candidate) => candidate.interval === "year") ?? plans[0];
  const typed = url.searchParams.get("code")?.trim() ?? "";
  const client = clientAddress(request);
  const limited = typed ? await checkCodeWithinLimits(typed, plans, member, now, client) : null;
  const throttled = limited && !limited.ok ? limited.problem : null;
  const checks = limited?.ok ? limited.checks : null;
  const check = checks?.get(plan.id) ?? null;
  const [{ variants }, region] = await Promise.all([getVisitor(request), getVisitorRegion(request)]);
  const locale = acceptedLocale(request);
  // A friend's invitation (issue 11): a longer trial, unless a promotion code is in play.
  const refCode = referralCodeFrom(url, request.headers.get("Cookie"));
  const offer = refCode && !typed ? await limitedOffer(refCode, url, member?.viewer.uid ?? null, client) : null;
  // The trial's end as the person's own day: their stored zone, else the one this browser reported.
  const timeZone = member?.user.mostRecentTimeZone ?? (await getVisitor(request)).timeZone?.zone ?? null;
  const invitation = offer?.ok && refCode ? refCode : null;

  const page = {
    plans: planCards(plans, { checks, invitation, now, locale, timeZone }),
    selected: plan.id,
    code: typed.slice(0, CODE_FIELD_MAX),
    codeMessage: throttled ? throttled.message : check ? withWholeTrial(describeCodeCheck(check), check, plan) : null,
    codeAccepted: check?.outcome === "accepted",
    step: url.searchParams.get("step") === "payment" ? ("payment" as const) : ("plan" as const),
    steps: checkoutSteps(variants, region),
    timeline: variants.choosePlanTimelineTest === "timeline",
    signedIn: Boolean(member),
    canceled: url.searchParams.get("canceled") === "1",
    referral: invitationNotice(offer, plan),
    next: isReturnPath(back) ? back : "",
    intentId: newIntentId(),
  };
  return { page, status: throttled?.status ?? 200 };
}

export type SubscribePage = Awaited<ReturnType<typeof subscribePage>>["page"];
export type PlanCard = SubscribePage["plans"][number];

/** The timeline's rows, from the offer's words: today, the first payment, every period after. */
function timelineOf({ trialDays, interval }: Offer, words: OfferWords) {
  const rows = [
    {
      when: "Today",
      what: words.trial
        ? `Your ${trialDays}-day free trial starts. Every class is open to you.`
        : `Your membership starts: ${words.firstCharge}.`,
    },
  ];
  if (words.trial)
    rows.push({
      when: words.trialEnd ?? `Day ${trialDays + 1}`,
      what: `Your first payment of ${words.firstCharge}, unless you cancel before then.`,
    });
  rows.push({
    when: `Every ${interval} after`,
    what: "It renews until you cancel. Cancelling takes two clicks in settings, and you keep the time you paid for.",
  });
  return rows;
}

/**
 * A friend's invitation from the address or the cookie, checked only while the client has code guesses
 * left; an unknown one typed into the address counts as a guess (invitations are bearer codes too).
 */
export async function limitedOffer(refCode: string, url: URL, uid: string | null, client: string) {
  if (!(await codeGuessesLeft(client)).ok) return null;
  const offer = await checkOffer(refCode, uid);
  if (!offer.ok && offer.reason === "unknown" && url.searchParams.get("ref") === refCode) await countMissedLink(client);
  return offer;
}

/** What the page says of a friend's invitation: the longer trial, or why it does not apply. */
export function invitationNotice(offer: Awaited<ReturnType<typeof limitedOffer>>, plan: Plan) {
  if (!offer) return null;
  if (!offer.ok) return { tone: "info" as const, text: OFFER_REFUSALS[offer.reason] };
  return {
    tone: "success" as const,
    text: `A friend invited you: your free trial is ${Math.max(REFERRAL_TRIAL_DAYS, plan.trialDays)} days instead of the usual ${plan.trialDays}.`,
  };
}

/** A code that adds trial days also says the whole trial it makes, so no one adds it up (ADR 056). */
export function withWholeTrial(message: string, check: PromotionCheck, plan: Plan): string {
  if (check.outcome !== "accepted" || check.discount.benefit.kind !== "trial") return message;
  const offer = offerFor({ plan, benefit: check.discount.benefit, now: Math.floor(Date.now() / 1000) });
  return `${message} Your free trial is ${offer.trialDays} days in all.`;
}

/** The visitor's first listed language, for money formatting; English when none is usable. */
export function acceptedLocale(request: Request): string {
  const first = (request.headers.get("Accept-Language") ?? "").split(",")[0]?.split(";")[0]?.trim();
  try {
    return first ? new Intl.NumberFormat(first).resolvedOptions().locale : "en-US";
  } catch {
    return "en-US";
  }
}

/**
 * A typed code checked against the chosen plan within the guessing limits: `check` is null when no code
 * was typed; a refusal is the limiter's sentence and status.
 */
export async function typedCodeCheck(request: Request, typed: string, plan: Plan, member: Member, now: number) {
  if (!typed) return { ok: true as const, check: null };
  const limited = await checkCodeWithinLimits(typed, [plan], member, now, clientAddress(request));
  if (!limited.ok) return { ok: false as const, problem: limited.problem };
  return { ok: true as const, check: limited.checks.get(plan.id) ?? null };
}

/** What the action knows once the plan is found and the typed code checked. */
export type Choice = {
  plan: Plan;
  /** The promotion code as typed, trimmed ("" for none). */
  typed: string;
  /** Its verdict for this plan, null when none was typed. */
  check: PromotionCheck | null;
  member: Member;
  now: number;
  /** What a refusal sends back. */
  values: SubscribeValues;
};

/** "Apply": the code's verdict is counted once and shown beside the field; an accepted one goes into the address. */
export async function applyCode({ plan, typed, check, member, values }: Choice, next: string | undefined) {
  if (!typed) return refuse({ code: "Please type a code first." }, values);
  // A typed code within the limits was checked against this plan; without that check there is nothing to apply.
  if (!check) return refuse({ code: ERRORS.bad_request.message }, values);
  await recordCodeCheck(check, { typed, planId: plan.id, uid: member?.viewer.uid ?? null });
  if (check.outcome !== "accepted") return refuse({ code: describeCodeCheck(check) }, values);
  return redirect(subscribeHref({ plan: plan.id, code: typed, next }));
}

type CheckoutForm = Extract<SubscribeForm, { intent: "checkout" }>;

/**
 * "Checkout": a visitor signs in (or finishes joining) first with the choice kept in the address; the
 * renewal terms are confirmed where the step asks for it; the payment page opens once per intent id.
 */
export async function openCheckout(request: Request, form: CheckoutForm, { plan, typed, check, member, now, values }: Choice) {
  const back = encodeURIComponent(subscribeHref({ plan: plan.id, code: typed, step: form.step, next: form.next }));
  if (!member) throw redirect(`/sign-in?next=${back}`);
  if (member.user.onboardingStatus !== "onboarded") throw redirect(`/onboarding?next=${back}`);
  if (hasRunningPlan(member.user, now)) throw redirect("/settings?plan=running#membership");
  const [{ variants }, region] = await Promise.all([getVisitor(request), getVisitorRegion(request)]);
  if (checkoutSteps(variants, region) === "choose-payment-step" && form.renewalConsent !== "on") {
    return refuse({ renewalConsent: "Please confirm you understand how the membership renews." }, values);
  }
  const refCode = referralCodeFrom(new URL(request.url), request.headers.get("Cookie"));
  const invitation = !check && refCode && (await recordReferral(refCode, member.viewer.uid)) ? refCode : null;
  const started = await startSubscriptionCheckout({
    uid: member.viewer.uid,
    planId: plan.id,
    discount: discountFor(plan, check, invitation)?.discount ?? null,
    referralCode: invitation,
    intentId: form.intentId,
    returnTo: form.next ?? null,
  });
  if (started.ok) return redirect(started.url);
  if (started.reason === "already_member") throw redirect("/settings?plan=running#membership");
  await recordEvent({ name: "Subscribe_Failed", properties: { planId: plan.id, reason: started.reason } }, { uid: member.viewer.uid });
  const failure = checkoutFailure(started.reason, "retryAfterMs" in started ? started.retryAfterMs : 0);
  return refuse({ form: failure.message }, values, failure.status);
}
