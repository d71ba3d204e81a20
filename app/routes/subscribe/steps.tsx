import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { FieldError, fieldIds } from "~/components/form-field";
import type { FieldErrors } from "~/lib/forms/submission";
import { subscribeHref } from "~/models/billing/subscribe-link";
import { PlanTimeline, ProgramCovers, RenewalTerms } from "./subscribe-parts";
import type { PlanCard, SubscribePage as Page } from "./page.server";

/** "Before you pay" (the choose-payment step): the terms, the renewal confirmed, then the payment page. */
export function PaymentStep({
  page,
  plan,
  code,
  error,
  pending,
}: {
  page: Page;
  plan: PlanCard;
  code: string;
  error?: string;
  pending: string;
}) {
  return (
    <Form method="post" className="auth-card stack" noValidate>
      <input type="hidden" name="plan" value={plan.id} />
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="intentId" value={page.intentId} />
      <input type="hidden" name="step" value="payment" />
      {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
      <h2>{plan.name}</h2>
      <RenewalTerms steps={plan.offer.steps} />
      <div className="field field--check">
        <input
          id="field-renewalConsent"
          type="checkbox"
          name="renewalConsent"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "field-renewalConsent-error" : undefined}
          autoFocus={Boolean(error)}
        />
        <label htmlFor="field-renewalConsent">
          I understand the membership renews at {plan.price} per {plan.interval} until I cancel.
        </label>
        <FieldError id={error ? "field-renewalConsent-error" : undefined} error={error} />
      </div>
      <div className="button-row">
        <button className="button" type="submit" name="intent" value="checkout" disabled={pending === "checkout"}>
          {pending === "checkout" ? "Opening the payment page…" : "Continue to payment"}
        </button>
        <Link className="button button--quiet" to={subscribeHref({ plan: plan.id, code, next: page.next })}>
          Change plan
        </Link>
      </div>
    </Form>
  );
}

/** The plan step: the plans, a promotion code, what the membership covers, and the way on. */
export function PlanStep({
  page,
  selected,
  code,
  errors,
  pending,
}: {
  page: Page;
  selected: PlanCard;
  code: string;
  errors: FieldErrors;
  pending: string;
}) {
  return (
    <Form method="post" className="stack" noValidate>
      <input type="hidden" name="intentId" value={page.intentId} />
      {page.next ? <input type="hidden" name="next" value={page.next} /> : null}
      <PlanOptions plans={page.plans} selectedId={selected.id} />
      <CodeField page={page} code={code} error={errors.code} pending={pending} />

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
      {!page.signedIn ? <p className="auth-page__small">You'll sign in with your phone or e-mail first; your choice is kept.</p> : null}
    </Form>
  );
}

/** One radio per plan: its price (struck through when the first charge differs), its offer and any saving. */
function PlanOptions({ plans, selectedId }: { plans: PlanCard[]; selectedId: string }) {
  return (
    <fieldset className="plan-choice">
      <legend>Choose a plan</legend>
      {plans.map((plan) => (
        <label key={plan.id} className="plan-option">
          <input type="radio" name="plan" value={plan.id} defaultChecked={plan.id === selectedId} />
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
  );
}

/** The promotion code: its verdict beside it (accepted, refused or throttled), and a way to take it off. */
function CodeField({ page, code, error, pending }: { page: Page; code: string; error?: string; pending: string }) {
  const codeField = fieldIds("code", undefined, error ?? (page.codeAccepted ? undefined : (page.codeMessage ?? undefined)));
  const codeError = error ?? (!page.codeAccepted ? page.codeMessage : null);
  return (
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
      {page.codeAccepted && !error ? (
        <p className="field__success" id="field-code-accepted" role="status">
          {page.codeMessage}
        </p>
      ) : null}
      <FieldError id={codeError ? codeField.errorId : undefined} error={codeError ?? undefined} />
      {page.code && !error ? (
        <button className="button button--quiet button--small" type="submit" name="intent" value="remove-code">
          Remove code
        </button>
      ) : null}
    </div>
  );
}
