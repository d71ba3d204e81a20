import { useNavigation } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import type { FieldErrors } from "~/lib/forms/submission";
import { GIFT_MESSAGE_MAX } from "~/models/wallet/gift";
import type { GIFT_FORM_FIELDS } from "~/models/wallet/gift-form";
import type { GiftPage as Page } from "./page.server";

/** What a refused gift form sent, kept in its fields. */
export type GiftValues = Partial<Record<(typeof GIFT_FORM_FIELDS)[number], string>>;

/** The gifts on sale, one radio each. */
export function GiftTypes({ types, chosen, error }: { types: Page["types"]; chosen: string; error?: string }) {
  const typeIds = fieldIds("giftType", undefined, error);
  return (
    <fieldset className="plan-choice" aria-describedby={typeIds.describedBy}>
      <legend>Choose a gift</legend>
      {types.map((type) => (
        <label key={type.id} className="plan-option plan-option--flat">
          <input type="radio" name="giftType" value={type.id} defaultChecked={type.id === chosen} />
          <span className="plan-option__name">
            {type.name}: {type.price}
          </span>
          <span className="plan-option__note">{type.description}</span>
        </label>
      ))}
      <FieldError id={typeIds.errorId} error={error} />
    </fieldset>
  );
}

/** How the gift travels, who it is for and when, the message, and the way to pay. */
export function GiftDelivery({ page, errors, values }: { page: Page; errors: FieldErrors; values: GiftValues }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const method = values.method || page.method;
  const methodIds = fieldIds("method", undefined, errors.method);
  return (
    <>
      <fieldset className="plan-choice" aria-describedby={methodIds.describedBy}>
        <legend>How should it travel?</legend>
        <label className="plan-option plan-option--flat">
          <input type="radio" name="method" value="email" defaultChecked={method === "email"} />
          <span className="plan-option__name">By e-mail, on a day you choose</span>
          <span className="plan-option__note">
            We send it with your message, in the morning of that day. Choose today to send it straight away.
          </span>
        </label>
        <label className="plan-option plan-option--flat">
          <input type="radio" name="method" value="link" defaultChecked={method === "link"} />
          <span className="plan-option__name">As a link you pass on</span>
          <span className="plan-option__note">You get a link and a code to share however you like: a card, a message, in person.</span>
        </label>
        <FieldError id={methodIds.errorId} error={errors.method} />
      </fieldset>
      <RecipientFields page={page} errors={errors} values={values} />
      <GiftMessage error={errors.message} value={values.message} />
      <div className="field field--check">
        <input id="field-forSelf" type="checkbox" name="forSelf" defaultChecked={values.forSelf === "on"} />
        <label htmlFor="field-forSelf">This gift is for me (so I can redeem it myself)</label>
      </div>
      <button className="button" type="submit" disabled={busy}>
        {busy ? "Opening the payment page…" : "Continue to payment"}
      </button>
      <p className="field__hint">You pay once; nothing renews.</p>
    </>
  );
}

/** For an e-mail gift: their name, their address and the day it goes. */
function RecipientFields({ page, errors, values }: { page: Page; errors: FieldErrors; values: GiftValues }) {
  return (
    <fieldset className="plan-choice">
      <legend>For an e-mail gift</legend>
      <FormField
        focusOnError
        name="recipientName"
        label="Their name"
        autoComplete="off"
        defaultValue={values.recipientName ?? ""}
        error={errors.recipientName}
        maxLength={80}
      />
      <FormField
        focusOnError
        name="recipientEmail"
        label="Their e-mail address"
        type="email"
        autoComplete="off"
        defaultValue={values.recipientEmail ?? ""}
        error={errors.recipientEmail}
      />
      <FormField
        focusOnError
        name="deliverOn"
        label="Send it on"
        type="date"
        hint={`A day on your own calendar${page.zoneKnown ? "" : " (GMT, until your browser tells us your time zone)"}, from today to a year ahead.`}
        min={page.dates.min}
        max={page.dates.max}
        defaultValue={values.deliverOn || page.dates.min}
        error={errors.deliverOn}
      />
    </fieldset>
  );
}

/** The optional message, printed as written. */
function GiftMessage({ error, value }: { error?: string; value?: string }) {
  const messageIds = fieldIds("message", `Up to ${GIFT_MESSAGE_MAX} characters. We print it as you write it.`, error);
  return (
    <div className="field">
      <label htmlFor={messageIds.id}>A message (optional)</label>
      <p className="field__hint" id={messageIds.hintId}>
        Up to {GIFT_MESSAGE_MAX} characters. We print it as you write it.
      </p>
      <textarea
        id={messageIds.id}
        name="message"
        rows={4}
        maxLength={GIFT_MESSAGE_MAX}
        defaultValue={value ?? ""}
        aria-describedby={messageIds.describedBy}
        aria-invalid={error ? true : undefined}
      />
      <FieldError id={messageIds.errorId} error={error} />
    </div>
  );
}
