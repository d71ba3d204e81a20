import { redirect, data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FieldErrors } from "~/lib/forms/submission";
import { readPurchase } from "~/server/purchase-form.server";
import { refuse } from "~/server/submission.server";
import { listPlans } from "~/models/billing/plan.server";
import { describeCodeCheck, PROMOTION_CODES_PER_ACCOUNT, PROMOTION_CODES_PER_ADDRESS } from "~/models/billing/subscription.server";
import { defineHandle } from "~/lib/route-handle";
import { SubscribeFormSchema, hasRunningPlan } from "~/models/billing/subscribe";
import { isReturnPath, subscribeHref } from "~/models/billing/subscribe-link";
import { CHECKOUT_LIMIT } from "~/models/billing/membership.server";
import { getViewerState } from "~/server/viewer.server";
import { PageNotices } from "~/components/page-notices";
import { defineActionLimits } from "~/lib/action-limits";
import { CODE_FIELD_MAX, applyCode, openCheckout, subscribePage, typedCodeCheck, type SubscribeValues } from "./page.server";
import { PaymentStep, PlanStep } from "./steps";

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

  const { page, status } = await subscribePage(request, member, now);
  return data(page, { status, headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  checkout: { does: ["charge"], limits: [CHECKOUT_LIMIT] },
  code: { does: ["redeem"], limits: [PROMOTION_CODES_PER_ADDRESS, PROMOTION_CODES_PER_ACCOUNT] },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await readPurchase(request, SubscribeFormSchema, ["code"]);
  if (!submission.ok) return submission.reply;
  const form = submission.value;
  if (form.intent === "remove-code") return redirect(subscribeHref({ plan: form.plan, next: form.next }));

  const state = await getViewerState(request, context);
  const member = state && !state.viewer.anonymous ? state : null;
  const typed = form.code.trim();
  const plan = (await listPlans()).find((candidate) => candidate.id === form.plan);
  if (!plan) return refuse({ plan: "Please choose one of the plans shown." }, { code: typed.slice(0, CODE_FIELD_MAX) });
  // The one echo of every refusal from here on: the code as typed and the plan chosen.
  const values: SubscribeValues = { code: typed.slice(0, CODE_FIELD_MAX), plan: plan.id };
  const now = Math.floor(Date.now() / 1000);
  const checked = await typedCodeCheck(request, typed, plan, member, now);
  if (!checked.ok) return refuse({ code: checked.problem.message }, values, checked.problem.status);
  const choice = { plan, typed, check: checked.check, member, now, values };

  if (form.intent === "apply") return applyCode(choice, form.next);
  if (choice.check && choice.check.outcome !== "accepted") return refuse({ code: describeCodeCheck(choice.check) }, values);
  if (form.intent === "choose") return redirect(subscribeHref({ plan: plan.id, code: typed, step: "payment", next: form.next }));
  return openCheckout(request, form, choice);
}

export default function SubscribeRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" ? String(navigation.formData?.get("intent") ?? "") : "";
  const errors: FieldErrors = actionData?.errors ?? {};
  const values: Partial<SubscribeValues> = actionData?.values ?? {};
  const code = values.code ?? page.code;
  const selected = page.plans.find((plan) => plan.id === (values.plan ?? page.selected)) ?? page.plans[0];
  const onPaymentStep = page.step === "payment" && page.steps === "choose-payment-step";

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
          <PaymentStep page={page} plan={selected} code={code} error={errors.renewalConsent} pending={pending} />
        ) : (
          <PlanStep page={page} selected={selected} code={code} errors={errors} pending={pending} />
        )}
      </div>
    </section>
  );
}
