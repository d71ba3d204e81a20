import { Form, useNavigation } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import type { FieldErrors } from "~/lib/forms/submission";
import type { DEMO_CARD_FIELDS } from "~/models/checkout/demo-card";
import type { CheckoutPage } from "./page.server";

/** What a refused card form sent back (never the security code). */
export type CardValues = Partial<Record<Exclude<(typeof DEMO_CARD_FIELDS)[number], "cvc">, string>>;

/** The page's title by what the session does, and what is paid for in the offer's own words. */
export function CheckoutSummary({ mode, summary }: Pick<CheckoutPage, "mode" | "summary">) {
  return (
    <header className="page-intro">
      <h1 id="demo-checkout-title">
        {mode === "setup" ? "Update your card" : mode === "payment" ? "Pay for your order" : "Pay for your membership"}
      </h1>
      {summary ? (
        <>
          <p>
            {summary.name}: {summary.price}.
          </p>
          {summary.lines.length > 0 ? (
            <ul className="renewal-terms" data-testid="checkout-offer">
              {summary.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p>The new card will be used for your next payment.</p>
      )}
    </header>
  );
}

/** The bank's extra step (3-D Secure), which the demo lets the payer end either way. */
export function AuthenticateStep() {
  const busy = useNavigation().state === "submitting";
  return (
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
  );
}

/** The card form: number, expiry, security code and name, each with its message beside it. */
export function CardForm({
  mode,
  cardName,
  errors,
  values,
}: {
  mode: CheckoutPage["mode"];
  cardName: string;
  errors: FieldErrors;
  values: CardValues;
}) {
  const busy = useNavigation().state === "submitting";
  return (
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
        defaultValue={values.cardName ?? cardName}
        error={errors.cardName}
        required
      />
      <button className="button" type="submit" disabled={busy}>
        {mode === "setup" ? "Save card" : "Pay"}
      </button>
    </Form>
  );
}
