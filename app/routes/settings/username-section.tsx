import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { SavedNote, useSettingsForm } from "./section-state";

/** Settings' username, shown in live classes instead of the full name. */
export function UsernameSection({ username, saved }: { username: string; saved: string | null }) {
  const { busy, errors, values } = useSettingsForm("username");
  return (
    <section className="auth-card" id="username" aria-labelledby="username-title">
      <h2 id="username-title">Username</h2>
      <SavedNote text={saved} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="username" />
        <FormField
          focusOnError
          name="username"
          label="Username"
          hint="Shown in live classes instead of your full name, if you like. Letters, numbers, dots and underscores."
          autoComplete="username"
          maxLength={30}
          defaultValue={values.username ?? username}
          error={errors.username}
        />
        <button className="button" type="submit" disabled={busy()}>
          {busy() ? "Saving…" : "Save username"}
        </button>
      </Form>
    </section>
  );
}
