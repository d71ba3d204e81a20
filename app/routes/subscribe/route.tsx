import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError, fieldIds } from "~/components/form-field";
import { PlanTimeline, ProgramCovers } from "./subscribe-parts";
import { readPurchaseForm } from "~/server/purchase-form.server";
import { recordEvent } from "~/platform/analytics-event.server";
import { ERRORS } from "~/lib/errors";
import { listPlans } from "~/models/billing/plan.server";
import { annualSaving, formatMoney, type PromotionCheck } from "~/models/billing/promotion-code";
import { describeOffer, offerFor, type Offer, type OfferWords } from "~/models/billing/offer";
import { validTimeZone } from "~/models/identity/user";
import {
  checkCodeWithinLimits,
  describeCodeCheck,
  recordCodeCheck,
  PROMOTION_CODES_PER_ACCOUNT,
  PROMOTION_CODES_PER_ADDRESS,
} from "~/models/billing/subscription.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { codeGuessesLeft, countMissedLink } from "~/models/wallet/gifts.server";
import { defineHandle } from "~/lib/route-handle";
import { SubscribeFormSchema, checkoutFailure, checkoutSteps, hasRunningPlan } from "~/models/billing/subscribe";
import { isReturnPath, subscribeHref } from "~/models/billing/subscribe-link";
import { startSubscriptionCheckout, CHECKOUT_LIMIT } from "~/models/billing/membership.server";
import {
  OFFER_REFUSALS,
  REFERRAL_TRIAL_DAYS,
  checkOffer,
  recordReferral,
  referralCodeFrom,
  referralDiscount,
} from "~/models/wallet/referrals.server";
import { getViewerState } from "~/server/viewer.server";
import { getVisitor, getVisitorRegion } from "~/server/visitor.server";
import { newIntentId } from "~/models/billing/membership";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";

/** Issue 8: choose a plan, apply a code, sign in if needed, pay on the provider's page. */
export const handle = defineHandle({ name: "subscribe", layout: "main", theme: "light", localTimes: true });

// The loader marks the page private (a code's verdict and its rate limit are per person, and an admin
// may pause a code at any moment, issue 26): without this the root's headers would let the front
// door keep a visitor's /subscribe?code=… for a minute and show a paused code as applied.
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : parentHeaders;
};

export const meta: MetaFunction = () => [
  { title: "Become a member · Stillhour" },
  { name: "description", content: "Live classes and the whole on-demand library, monthly or yearly. Cancel any time in settings." },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const now = Math.floor(Date.now() / 1000);
  const state = await getViewerState(request, context);
  const member = state && !state.viewer.anonymous ? state : null;
  const back = url.searchParams.get("next") ?? "";
  if (member && hasRunningPlan(member.user, now)) throw redirect(isReturnPath(back) ? back : "/settings?plan=running#membership");

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
  const monthly = plans.find((candidate) => candidate.interval === "month");
  const locale = acceptedLocale(request);
  // A friend's invitation (issue 11): a longer trial, unless a promotion code is in play.
  const refCode = referralCodeFrom(new URL(request.url), request.headers.get("Cookie"));
  const offer = refCode && !typed ? await limitedOffer(refCode, url, member?.viewer.uid ?? null, client) : null;
  // The trial's end as the person's own day: their stored zone, else the one this browser reported.
  const timeZone = member?.user.mostRecentTimeZone ?? (await getVisitor(request)).timeZone?.zone ?? null;

  return data(
    {
      plans: plans.map((candidate) => {
        const own = checks?.get(candidate.id);
        const accepted = own?.outcome === "accepted" ? own.discount : null;
        const invited = !accepted && offer?.ok && refCode ? referralDiscount(refCode, candidate.trialDays) : null;
        // The one offer (ADR 056): every sentence below is the model's, so this page cannot promise another.
        const planOffer = offerFor({
          plan: candidate,
          benefit: accepted?.benefit ?? invited?.benefit ?? null,
          code: accepted?.code ?? null,
          source: accepted ? "code" : invited ? "invitation" : "standard",
          now,
        });
        const words = describeOffer(planOffer, { locale, timeZone: validTimeZone(timeZone) });
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
      }),
      selected: plan.id,
      code: typed.slice(0, 64),
      codeMessage: throttled ? throttled.message : check ? withWholeTrial(describeCodeCheck(check), check, plan) : null,
      codeAccepted: check?.outcome === "accepted",
      step: url.searchParams.get("step") === "payment" ? ("payment" as const) : ("plan" as const),
      steps: checkoutSteps(variants, region),
      timeline: variants.choosePlanTimelineTest === "timeline",
      signedIn: Boolean(member),
      canceled: url.searchParams.get("canceled") === "1",
      referral: offer
        ? offer.ok
          ? {
              tone: "success" as const,
              text: `A friend invited you: your free trial is ${Math.max(REFERRAL_TRIAL_DAYS, plan.trialDays)} days instead of the usual ${plan.trialDays}.`,
            }
          : { tone: "info" as const, text: OFFER_REFUSALS[offer.reason] }
        : null,
      next: isReturnPath(back) ? back : "",
      intentId: newIntentId(),
    },
    { status: throttled?.status ?? 200, headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * A friend's invitation from the address or the cookie, checked only while the client has code guesses
 * left; an unknown one typed into the address counts as a guess (invitations are bearer codes too).
 */
async function limitedOffer(refCode: string, url: URL, uid: string | null, client: string) {
  if (!(await codeGuessesLeft(client)).ok) return null;
  const offer = await checkOffer(refCode, uid);
  if (!offer.ok && offer.reason === "unknown" && url.searchParams.get("ref") === refCode) await countMissedLink(client);
  return offer;
}

type ActionResult = { errors: Record<string, string>; values: Record<string, string> };

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  checkout: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
  code: { does: ["redeem"], limits: [PROMOTION_CODES_PER_ADDRESS, PROMOTION_CODES_PER_ACCOUNT] },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readPurchaseForm(request);
  if (!body.ok) return data<ActionResult>({ errors: { form: body.message }, values: {} }, { status: body.status });
  const { formData } = body;
  const parsed = SubscribeFormSchema.safeParse(Object.fromEntries([...formData].map(([key, value]) => [key, String(value)])));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const field = String(first?.path[0] ?? "form");
    return data<ActionResult>(
      { errors: { [field === "intent" ? "form" : field]: first?.message ?? ERRORS.bad_request.message }, values: {} },
      { status: 400 },
    );
  }
  const form = parsed.data;
  if (form.intent === "remove-code") return redirect(subscribeHref({ plan: form.plan, next: form.next }));

  const now = Math.floor(Date.now() / 1000);
  const state = await getViewerState(request, context);
  const member = state && !state.viewer.anonymous ? state : null;
  const plan = (await listPlans()).find((candidate) => candidate.id === form.plan);
  if (!plan)
    return data<ActionResult>({ errors: { plan: "Please choose one of the plans shown." }, values: { code: form.code } }, { status: 400 });
  const typed = form.code.trim();
  const limited = typed ? await checkCodeWithinLimits(typed, [plan], member, now, clientAddress(request)) : null;
  if (limited && !limited.ok) {
    return data<ActionResult>(
      { errors: { code: limited.problem.message }, values: { code: typed.slice(0, 64), plan: plan.id } },
      { status: limited.problem.status },
    );
  }
  const check = limited?.ok ? (limited.checks.get(plan.id) ?? null) : null;

  if (form.intent === "apply") {
    if (!typed) return data<ActionResult>({ errors: { code: "Please type a code first." }, values: { code: "" } }, { status: 400 });
    // A typed code within the limits was checked against this plan above; without that check there is nothing to apply.
    if (!check)
      return data<ActionResult>(
        { errors: { code: ERRORS.bad_request.message }, values: { code: typed.slice(0, 64), plan: plan.id } },
        { status: 400 },
      );
    await recordCodeCheck(check, { typed, planId: plan.id, uid: member?.viewer.uid ?? null });
    if (check.outcome !== "accepted") {
      return data<ActionResult>(
        { errors: { code: describeCodeCheck(check) }, values: { code: typed.slice(0, 64), plan: plan.id } },
        { status: 400 },
      );
    }
    return redirect(subscribeHref({ plan: plan.id, code: typed, next: form.next }));
  }

  if (check && check.outcome !== "accepted") {
    return data<ActionResult>(
      { errors: { code: describeCodeCheck(check) }, values: { code: typed.slice(0, 64), plan: plan.id } },
      { status: 400 },
    );
  }
  if (form.intent === "choose") return redirect(subscribeHref({ plan: plan.id, code: typed, step: "payment", next: form.next }));

  // checkout
  const step = form.step;
  if (!member) throw redirect(`/sign-in?next=${encodeURIComponent(subscribeHref({ plan: plan.id, code: typed, step, next: form.next }))}`);
  if (member.user.onboardingStatus !== "onboarded") {
    throw redirect(`/onboarding?next=${encodeURIComponent(subscribeHref({ plan: plan.id, code: typed, step, next: form.next }))}`);
  }
  if (hasRunningPlan(member.user, now)) throw redirect("/settings?plan=running#membership");
  const [{ variants }, region] = await Promise.all([getVisitor(request), getVisitorRegion(request)]);
  if (checkoutSteps(variants, region) === "choose-payment-step" && form.renewalConsent !== "on") {
    return data<ActionResult>(
      {
        errors: { renewalConsent: "Please confirm you understand how the membership renews." },
        values: { code: typed.slice(0, 64), plan: plan.id },
      },
      { status: 400 },
    );
  }
  const refCode = referralCodeFrom(new URL(request.url), request.headers.get("Cookie"));
  const referred = !check && refCode ? await recordReferral(refCode, member.viewer.uid) : false;
  const started = await startSubscriptionCheckout({
    uid: member.viewer.uid,
    planId: plan.id,
    discount: check?.outcome === "accepted" ? check.discount : referred && refCode ? referralDiscount(refCode, plan.trialDays) : null,
    referralCode: referred ? refCode : null,
    intentId: form.intentId,
    returnTo: form.next ?? null,
  });
  if (!started.ok) {
    if (started.reason === "already_member") throw redirect("/settings?plan=running#membership");
    await recordEvent({ name: "Subscribe_Failed", properties: { planId: plan.id, reason: started.reason } }, { uid: member.viewer.uid });
    const failure = checkoutFailure(started.reason, "retryAfterMs" in started ? started.retryAfterMs : 0);
    return data<ActionResult>(
      { errors: { form: failure.message }, values: { code: typed.slice(0, 64), plan: plan.id } },
      { status: failure.status },
    );
  }
  return redirect(started.url);
}

export default function SubscribeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : "";
  const errors = actionData?.errors ?? {};
  const code = actionData?.values.code ?? page.code;
  const selectedId = actionData?.values.plan ?? page.selected;
  const selected = page.plans.find((plan) => plan.id === selectedId) ?? page.plans[0];
  const onPaymentStep = page.step === "payment" && page.steps === "choose-payment-step";
  const codeField = fieldIds("code", undefined, errors.code ?? (page.codeAccepted ? undefined : (page.codeMessage ?? undefined)));
  const codeError = errors.code ?? (!page.codeAccepted ? page.codeMessage : null);

  return (
    <section className="section subscribe" aria-labelledby="subscribe-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Membership</p>
          <h1 id="subscribe-title">{onPaymentStep ? "Before you pay" : "Practise with us, live and on demand"}</h1>
          <p>
            {onPaymentStep
              ? "Here is exactly what happens next. Nothing is charged until you confirm on the payment page."
              : "One membership opens every live class and the whole library. Cancel any time in settings, in two clicks."}
          </p>
        </header>
        {page.referral ? (
          <p className={`notice notice--${page.referral.tone}`} role="status" data-testid="referral-offer">
            {page.referral.text}
          </p>
        ) : null}
        <PageNotices
          error={errors.form}
          notice={
            page.canceled
              ? { tone: "info", text: "You left the payment page before paying, so nothing was charged. Your choice is still here." }
              : null
          }
        />

        {onPaymentStep ? (
          <Form method="post" className="auth-card stack" noValidate>
            <input type="hidden" name="plan" value={selected.id} />
            <input type="hidden" name="code" value={code} />
            <input type="hidden" name="intentId" value={page.intentId} />
            <input type="hidden" name="step" value="payment" />
            {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
            <h2>{selected.name}</h2>
            <RenewalTerms steps={selected.offer.steps} />
            <div className="field field--check">
              <input
                id="field-renewalConsent"
                type="checkbox"
                name="renewalConsent"
                aria-invalid={errors.renewalConsent ? true : undefined}
                aria-describedby={errors.renewalConsent ? "field-renewalConsent-error" : undefined}
                autoFocus={Boolean(errors.renewalConsent)}
              />
              <label htmlFor="field-renewalConsent">
                I understand the membership renews at {selected.price} per {selected.interval} until I cancel.
              </label>
              <FieldError id={errors.renewalConsent ? "field-renewalConsent-error" : undefined} error={errors.renewalConsent} />
            </div>
            <div className="button-row">
              <button className="button" type="submit" name="intent" value="checkout" disabled={pending === "checkout"}>
                {pending === "checkout" ? "Opening the payment page…" : "Continue to payment"}
              </button>
              <Link className="button button--quiet" to={subscribeHref({ plan: selected.id, code, next: page.next })}>
                Change plan
              </Link>
            </div>
          </Form>
        ) : (
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="intentId" value={page.intentId} />
            {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
            <fieldset className="plan-choice">
              <legend>Choose a plan</legend>
              {page.plans.map((plan) => (
                <label key={plan.id} className="plan-option">
                  <input type="radio" name="plan" value={plan.id} defaultChecked={plan.id === selected.id} />
                  <span className="plan-option__body">
                    <span className="plan-option__name">{plan.name}</span>
                    <span className="plan-option__price">
                      {plan.firstCharge ? (
                        <>
                          <s aria-label={`was ${plan.price}`}>{plan.price}</s> {plan.firstCharge}
                        </>
                      ) : (
                        plan.price
                      )}{" "}
                      per {plan.interval}
                    </span>
                    <span className="plan-option__note">{plan.offer.summary}</span>
                    {plan.offer.discountNote ? <span className="plan-option__note">{plan.offer.discountNote}</span> : null}
                    {plan.saving ? <span className="plan-option__note">{plan.saving}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>

            <div className="field">
              <label htmlFor={codeField.id}>Promotion code (optional)</label>
              <div className="button-row">
                <input
                  id={codeField.id}
                  name="code"
                  defaultValue={code}
                  key={code}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={64}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? codeField.errorId : page.codeAccepted ? "field-code-accepted" : undefined}
                />
                <button className="button button--secondary" type="submit" name="intent" value="apply" disabled={pending === "apply"}>
                  {pending === "apply" ? "Checking…" : "Apply"}
                </button>
              </div>
              {page.codeAccepted && !errors.code ? (
                <p className="field__success" id="field-code-accepted" role="status">
                  {page.codeMessage}
                </p>
              ) : null}
              <FieldError id={codeError ? codeField.errorId : undefined} error={codeError ?? undefined} />
              {page.code && !errors.code ? (
                <button className="button button--quiet button--small" type="submit" name="intent" value="remove-code">
                  Remove code
                </button>
              ) : null}
            </div>

            {page.timeline ? <PlanTimeline steps={selected.offer.timeline} /> : <ProgramCovers />}

            {page.steps === "single-step" && !page.timeline ? <RenewalTerms steps={selected.offer.steps} /> : null}
            {errors.plan ? <FieldError id="field-plan-error" error={errors.plan} /> : null}
            <button
              className="button"
              type="submit"
              name="intent"
              value={page.steps === "single-step" ? "checkout" : "choose"}
              disabled={pending === "checkout" || pending === "choose"}
            >
              {pending === "checkout" ? "Opening the payment page…" : page.signedIn ? "Continue" : "Continue: sign in or join"}
            </button>
            {!page.signedIn ? (
              <p className="auth-page__small">You'll sign in with your phone or e-mail first; your choice is kept.</p>
            ) : null}
          </Form>
        )}
      </div>
    </section>
  );
}

/** "Before you pay": the offer's own steps, in order (ADR 056). */
function RenewalTerms({ steps }: { steps: string[] }) {
  return (
    <ul className="renewal-terms" data-testid="renewal-terms">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ul>
  );
}

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

/** A code that adds trial days also says the whole trial it makes, so no one adds it up (ADR 056). */
function withWholeTrial(message: string, check: PromotionCheck, plan: Awaited<ReturnType<typeof listPlans>>[number]): string {
  if (check.outcome !== "accepted" || check.discount.benefit.kind !== "trial") return message;
  const offer = offerFor({ plan, benefit: check.discount.benefit, now: Math.floor(Date.now() / 1000) });
  return `${message} Your free trial is ${offer.trialDays} days in all.`;
}

/** The visitor's first listed language, for money formatting; English when none is usable. */
function acceptedLocale(request: Request): string {
  const first = (request.headers.get("Accept-Language") ?? "").split(",")[0]?.split(";")[0]?.trim();
  try {
    return first ? new Intl.NumberFormat(first).resolvedOptions().locale : "en-US";
  } catch {
    return "en-US";
  }
}
