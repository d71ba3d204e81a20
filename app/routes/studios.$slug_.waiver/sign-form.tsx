import { Form } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import type { FieldErrors } from "~/lib/forms/submission";
import type { WaiverPageModel } from "./page.server";

type Values = Partial<Record<"fullName" | "birthday" | "guardianName", string>>;

/** The signing form: typed name, date of birth when we don't have it, consent, and a guardian for under-18s. */
export function SignForm({
  page,
  version,
  errors,
  values,
  submitting,
}: {
  page: Pick<WaiverPageModel, "expectedName" | "askBirthday" | "askGuardian" | "knownMinor">;
  version: number;
  errors: FieldErrors;
  values: Values;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="auth-card stack" aria-labelledby="sign-title" noValidate>
      <h2 id="sign-title">Sign version {version}</h2>
      <input type="hidden" name="version" value={version} />
      <FormField
        focusOnError
        name="fullName"
        label="Your full name"
        hint={page.expectedName ? `Type it as it is on your account: ${page.expectedName}.` : "Type your full name."}
        autoComplete="name"
        required
        defaultValue={values.fullName ?? ""}
        error={errors.fullName}
      />
      {page.askBirthday ? (
        <FormField
          focusOnError
          name="birthday"
          label="Your date of birth"
          hint="We ask once, for the under-18 rule. For example 1990-04-21."
          type="date"
          required
          defaultValue={values.birthday ?? ""}
          error={errors.birthday}
        />
      ) : null}
      <ConsentBox name="consent" label="I have read the waiver above and agree to it." error={errors.consent} />
      {page.askGuardian ? <GuardianFields knownMinor={page.knownMinor} errors={errors} values={values} /> : null}
      <button className="button desk-button" type="submit" disabled={submitting}>
        {submitting ? "Signing…" : "Sign and continue"}
      </button>
    </Form>
  );
}

function GuardianFields({ knownMinor, errors, values }: { knownMinor: boolean; errors: FieldErrors; values: Values }) {
  return (
    <fieldset className="stack">
      <legend>
        {knownMinor
          ? "You're under 18: a parent or guardian signs with you"
          : "Only if you're under 18: a parent or guardian signs with you"}
      </legend>
      <FormField
        focusOnError
        name="guardianName"
        label="Parent or guardian's full name"
        autoComplete="off"
        defaultValue={values.guardianName ?? ""}
        error={errors.guardianName}
      />
      <ConsentBox
        name="guardianConsent"
        label="As their parent or guardian, I have read the waiver and agree to it on their behalf."
        error={errors.guardianConsent}
      />
    </fieldset>
  );
}

function ConsentBox({ name, label, error }: { name: string; label: string; error?: string }) {
  const ids = fieldIds(name, undefined, error);
  return (
    <div className="field">
      <div className="waiver-check">
        <input
          id={ids.id}
          name={name}
          type="checkbox"
          value="on"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <label htmlFor={ids.id}>{label}</label>
      </div>
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
