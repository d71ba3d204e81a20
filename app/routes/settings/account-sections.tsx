import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { ERRORS, type ErrorCode } from "~/lib/errors";
import { useSettingsForm } from "./section-state";

/** Settings' sign out, on every device (a plain document post to /sign-out). */
export function SignOutSection() {
  return (
    <section className="auth-card" aria-labelledby="sign-out-title">
      <h2 id="sign-out-title">Sign out</h2>
      <p>Signs you out on every device.</p>
      <Form method="post" action="/sign-out" reloadDocument>
        <button className="button button--secondary" type="submit">
          Sign out
        </button>
      </Form>
    </section>
  );
}

/** Settings' "Download your data": the zip comes back from /settings/my-data; a refusal comes back here as `?data=`. */
export function DataSection({ refusal }: { refusal: ErrorCode | null }) {
  return (
    <section className="auth-card" id="data" aria-labelledby="data-title">
      <h2 id="data-title">Download your data</h2>
      <p>
        A zip of everything we hold about you: your profile, membership and payments, classes and tickets, practice, surveys and more, as
        JSON and spreadsheet (CSV) files, with a short README saying what each file is.
      </p>
      <p>Like deleting your account, it needs a sign-in in the last five minutes.</p>
      {refusal ? (
        <p className="field__error" id="data-error" role="alert">
          {ERRORS[refusal].message}
        </p>
      ) : null}
      <form method="post" action="/settings/my-data">
        <input type="hidden" name="intent" value="download" />
        <button className="button button--secondary" type="submit" aria-describedby={refusal ? "data-error" : undefined}>
          Download my data
        </button>
      </form>
      {refusal === "sign_in_again_export" ? (
        <form method="post" action="/settings/my-data">
          <input type="hidden" name="intent" value="sign-in-again" />
          <button className="button button--secondary" type="submit">
            Sign in again
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** Settings' account deletion: typed confirmation, and a recent sign-in (the way to one is offered when it is missing). */
export function DeleteSection() {
  const { busy, errors } = useSettingsForm("delete");
  return (
    <section className="auth-card" id="delete" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete your account</h2>
      <p>
        This deletes your account for good: your profile and username, your classes, tickets and waivers, what you watched and saved, and
        your membership, which ends at once with nothing more charged. Records of what you paid stay for our accounts, with your name taken
        off. It can't be undone. If you only want a break, you can simply sign out.
      </p>
      <p>For your safety, it needs a recent sign-in: if yours was more than five minutes ago, we'll ask you to sign in again first.</p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="delete" />
        <FormField focusOnError name="confirm" label="Type DELETE to confirm" autoComplete="off" maxLength={10} error={errors.confirm} />
        <button className="button button--danger" type="submit" disabled={busy()}>
          {busy() ? "Deleting…" : "Delete my account"}
        </button>
      </Form>
      {errors.confirm === ERRORS.sign_in_again.message ? (
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="sign-in-again" />
          <button className="button button--secondary" type="submit">
            Sign in again
          </button>
        </Form>
      ) : null}
    </section>
  );
}
