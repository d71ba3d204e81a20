import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { CARD_DECLINED_MESSAGE, AUTHENTICATION_FAILED_MESSAGE, DEMO_CARD_FIELDS, demoCardFormSchema } from "~/models/checkout/demo-card";
import { defineHandle } from "~/lib/route-handle";
import { echoOf, parseFields, withBlanks, type FieldErrors } from "~/lib/forms/submission";
import { authenticateDemoCheckout, demoPaymentsActive, payDemoCheckout } from "~/models/checkout/demo-checkout.server";
import { readSubmission, refuse } from "~/server/submission.server";
import { defineActionLimits } from "~/lib/action-limits";
import { checkoutPage, notFound } from "./page.server";
import { AuthenticateStep, CardForm, CheckoutSummary, type CardValues } from "./checkout-parts";

/**
 * The demo provider's hosted checkout page: it stands where Stripe Checkout stands, charges no card,
 * and says so on every screen. Works without JavaScript: plain form posts with an intent field.
 */
export const handle = defineHandle({ name: "demo-checkout", layout: "main", theme: "light", trackViews: false });

export const meta: MetaFunction = () => [{ title: "Demo checkout · Stillhour" }, { name: "robots", content: "noindex" }];

const DEMO_NOTICE = "Demo: no card is charged";

export async function loader({ params }: LoaderFunctionArgs) {
  return data(await checkoutPage(params.sessionId ?? ""), { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  pay: {
    does: ["charge", "redeem", "mail", "write"],
    bound: "the demo provider's own checkout page: it answers 404 outside the demo and charges no card",
  },
});

/** Paying with a card (the form's default) or ending the bank's extra step either way. */
const CheckoutIntentSchema = z.object({ intent: z.enum(["pay", "authenticate", "fail-authentication"]).default("pay") });
/** A refused card form keeps everything but the security code. */
const CARD_ECHO = DEMO_CARD_FIELDS.filter((name) => name !== "cvc");

export async function action({ request, params }: ActionFunctionArgs) {
  if (!demoPaymentsActive()) notFound();
  const sessionId = params.sessionId ?? "";
  const submission = await readSubmission(request, CheckoutIntentSchema);
  if (!submission.ok) return submission.reply;
  const { intent } = submission.value;
  if (intent !== "pay") return answer(await authenticateDemoCheckout(sessionId, intent === "authenticate"), {});
  const values = echoOf(submission.fields, CARD_ECHO);
  const card = parseFields(demoCardFormSchema(), withBlanks(submission.fields, DEMO_CARD_FIELDS));
  if (!card.ok) return refuse(card.errors, values);
  const { cardNumber, expiry, cardName } = card.value;
  return answer(await payDemoCheckout(sessionId, { number: cardNumber, ...expiry, name: cardName }), values);
}

/** The provider's verdict as the page shows it. Fulfilment takes Stripe's path: signed events to our webhook, after this response. */
function answer(result: Awaited<ReturnType<typeof payDemoCheckout>>, values: CardValues) {
  if (!result) notFound();
  if (result.ok) return redirect(result.redirectTo);
  switch (result.reason) {
    case "card_declined":
      return refuse({ cardNumber: CARD_DECLINED_MESSAGE }, values);
    case "authentication_required":
      return data({ errors: {} as FieldErrors, values: {} as CardValues, step: "authenticate" as const }, { status: 200 });
    case "authentication_failed":
      return refuse({ form: AUTHENTICATION_FAILED_MESSAGE }, {});
    default:
      notFound();
  }
}

export default function DemoCheckoutRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: FieldErrors = actionData?.errors ?? {};
  const authenticating = (actionData && "step" in actionData) || (page.awaitingAuthentication && !actionData);

  return (
    <section className="section demo-checkout" aria-labelledby="demo-checkout-title">
      <div className="container container--narrow stack">
        <p className="notice notice--info" role="note">
          <strong>{DEMO_NOTICE}.</strong> This page stands in for a payment provider so the whole membership flow can be tried.
        </p>
        <CheckoutSummary mode={page.mode} summary={page.summary} />
        {errors.form ? (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        ) : null}
        {authenticating ? (
          <AuthenticateStep />
        ) : (
          <CardForm mode={page.mode} cardName={page.cardName} errors={errors} values={actionData?.values ?? {}} />
        )}
        <p>
          <a href={page.cancelUrl}>Cancel and go back to Stillhour</a>
        </p>
      </div>
    </section>
  );
}
