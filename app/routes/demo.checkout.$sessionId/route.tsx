import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { AUTHENTICATION_FAILED_MESSAGE, CARD_DECLINED_MESSAGE, DEMO_CARD_FIELDS, demoCardFormSchema } from "~/models/checkout/demo-card";
import { ERRORS } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { parseForm } from "~/models/identity/sign-in";
import {
  authenticateDemoCheckout,
  demoPaymentsActive,
  getDemoCheckout,
  payDemoCheckout,
  payerOf,
} from "~/models/checkout/demo-checkout.server";
import { describeOffer, offerFor } from "~/models/billing/offer";
import type { AppliedDiscount } from "~/models/billing/offer";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits } from "~/lib/action-limits";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * The demo provider's hosted checkout page: it stands where Stripe Checkout stands, charges no card,
 * and says so on every screen. Works without JavaScript: plain form posts with an intent field.
 */
export const handle = defineHandle({ name: "demo-checkout", layout: "main", theme: "light", trackViews: false });

export const meta: MetaFunction = () => [{ title: "Demo checkout · Stillhour" }, { name: "robots", content: "noindex" }];

const DEMO_NOTICE = "Demo: no card is charged";

function notFound(): never {
  throw new Response("This checkout page does not exist or has closed.", { status: 404, statusText: "Checkout not found" });
}

function formatAmount(amount: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const session = await getDemoCheckout(params.sessionId ?? "");
  if (!session) notFound();
  if (session.status === "complete") throw redirect(session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id));
  if (session.status !== "open") notFound();
  const plan = session.plan;
  const item = session.item;
  const payer = await payerOf(session);
  return data(
    {
      mode: session.mode,
      cancelUrl: session.cancelUrl,
      awaitingAuthentication: session.pendingCard !== null,
      // WCAG 3.3.7: the member's name is already known; it is offered, and stays editable.
      cardName: payer.name,
      summary: plan
        ? planSummary(session, plan, payer.timeZone)
        : item
          ? { name: item.name, price: `${formatAmount(item.amount, item.currency)}, paid once`, lines: [] }
          : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionResult = { errors: Record<string, string>; values: Record<string, string>; step?: "authenticate" };

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  pay: {
    does: ["charge", "redeem", "mail", "write"],
    bound: "the demo provider's own checkout page: it answers 404 outside the demo and charges no card",
  },
});

export async function action({ request, params }: ActionFunctionArgs) {
  if (!demoPaymentsActive()) notFound();
  const sessionId = params.sessionId ?? "";
  const body = await readRouteForm(request);
  if (!body.ok) return data<ActionResult>({ errors: { form: body.message }, values: {} }, { status: body.status });
  const { formData } = body;
  const intent = String(formData.get("intent") ?? "pay");

  let result;
  let values: Record<string, string> = {};
  if (intent === "pay") {
    const parsed = parseForm(demoCardFormSchema(), formData, DEMO_CARD_FIELDS);
    values = Object.fromEntries(
      DEMO_CARD_FIELDS.filter((name) => name !== "cvc").map((name) => [name, String(formData.get(name) ?? "").slice(0, 100)]),
    );
    if (!parsed.ok) return data<ActionResult>({ errors: parsed.errors, values }, { status: 400 });
    const { cardNumber, expiry, cardName } = parsed.data;
    result = await payDemoCheckout(sessionId, { number: cardNumber, ...expiry, name: cardName });
  } else if (intent === "authenticate" || intent === "fail-authentication") {
    result = await authenticateDemoCheckout(sessionId, intent === "authenticate");
  } else {
    return data<ActionResult>({ errors: { form: ERRORS.bad_request.message }, values: {} }, { status: 400 });
  }

  if (!result) notFound();
  // Fulfilment takes Stripe's path: signed events to our webhook, after this response.
  if (result.ok) return redirect(result.redirectTo);
  switch (result.reason) {
    case "card_declined":
      return data<ActionResult>({ errors: { cardNumber: CARD_DECLINED_MESSAGE }, values }, { status: 400 });
    case "authentication_required":
      return data<ActionResult>({ errors: {}, values: {}, step: "authenticate" }, { status: 200 });
    case "authentication_failed":
      return data<ActionResult>({ errors: { form: AUTHENTICATION_FAILED_MESSAGE }, values: {} }, { status: 400 });
    default:
      notFound();
  }
}

export default function DemoCheckoutRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const authenticating = actionData?.step === "authenticate" || (page.awaitingAuthentication && !actionData);

  return (
    <section className="section demo-checkout" aria-labelledby="demo-checkout-title">
      <div className="container container--narrow stack">
        <p className="notice notice--info" role="note">
          <strong>{DEMO_NOTICE}.</strong> This page stands in for a payment provider so the whole membership flow can be tried.
        </p>
        <header className="page-intro">
          <h1 id="demo-checkout-title">
            {page.mode === "setup" ? "Update your card" : page.mode === "payment" ? "Pay for your order" : "Pay for your membership"}
          </h1>
          {page.summary ? (
            <>
              <p>
                {page.summary.name}: {page.summary.price}.
              </p>
              {page.summary.lines.length > 0 ? (
                <ul className="renewal-terms" data-testid="checkout-offer">
                  {page.summary.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : (
            <p>The new card will be used for your next payment.</p>
          )}
        </header>
        {errors.form ? (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {authenticating ? (
          <div className="stack">
            <h2>Confirm it's you</h2>
            <p>Your bank asks for one more step before this card can be used. In this demo, choose how the check ends.</p>
            <Form method="post" className="stack">
              <button className="button" type="submit" name="intent" value="authenticate" disabled={busy}>
                Complete authentication
              </button>
              <button className="button button--secondary" type="submit" name="intent" value="fail-authentication" disabled={busy}>
                Fail authentication
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="intent" value="pay" />
            <FormField
              focusOnError
              name="cardNumber"
              label="Card number"
              hint="Demo cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 asks for an extra step."
              inputMode="numeric"
              autoComplete="cc-number"
              defaultValue={values.cardNumber ?? ""}
              error={errors.cardNumber}
              required
            />
            <FormField
              focusOnError
              name="expiry"
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              defaultValue={values.expiry ?? ""}
              error={errors.expiry}
              required
            />
            <FormField
              focusOnError
              name="cvc"
              label="Security code (CVC)"
              inputMode="numeric"
              autoComplete="cc-csc"
              error={errors.cvc}
              required
            />
            <FormField
              focusOnError
              name="cardName"
              label="Name on the card"
              autoComplete="cc-name"
              defaultValue={values.cardName ?? page.cardName}
              error={errors.cardName}
              required
            />
            <button className="button" type="submit" disabled={busy}>
              {page.mode === "setup" ? "Save card" : "Pay"}
            </button>
          </Form>
        )}
        <p>
          <a href={page.cancelUrl}>Cancel and go back to Stillhour</a>
        </p>
      </div>
    </section>
  );
}

/**
 * What the session holds, in the offer's own words (ADR 056): its plan, its discount and the trial it
 * was opened with, so this page can only say what paying here will do.
 */
function planSummary(
  session: { trialDays: number | null; discount?: unknown },
  plan: NonNullable<Awaited<ReturnType<typeof getDemoCheckout>>>["plan"] & object,
  timeZone: string | null,
) {
  const discount = (session.discount as AppliedDiscount | null) ?? null;
  const offer = offerFor({
    plan,
    benefit: discount?.benefit ?? null,
    code: discount?.code ?? null,
    trialDays: session.trialDays ?? undefined,
    now: Math.floor(Date.now() / 1000),
  });
  const words = describeOffer(offer, { timeZone: timeZone ?? FALLBACK_TIME_ZONE });
  return {
    name: plan.name,
    price: words.regular,
    // Every step but the renewal, which the price above already states.
    lines: words.steps.slice(0, -1),
  };
}
