import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { SavedNote, useSettingsForm } from "./section-state";

type Profile = { firstName: string; lastName: string; email: string; birthday: string };

/** Settings' "About you": name, e-mail (a new one waits for its link to be followed) and birthday. */
export function ProfileSection({
  stored,
  emailChange,
  saved,
}: {
  stored: Profile;
  emailChange: { confirmed: string | null; pending: string | null };
  saved: string | null;
}) {
  const { busy, errors, values } = useSettingsForm("profile");
  const profile = { ...stored, ...values };
  return (
    <section className="auth-card" id="profile" aria-labelledby="profile-title">
      <h2 id="profile-title">About you</h2>
      <SavedNote text={saved} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <FormField
          focusOnError
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={60}
          defaultValue={profile.firstName}
          error={errors.firstName}
        />
        <FormField
          focusOnError
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
          defaultValue={profile.lastName}
          error={errors.lastName}
        />
        <FormField
          focusOnError
          name="email"
          label="Email (optional)"
          type="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={profile.email}
          error={errors.email}
          hint={
            emailChange.pending
              ? `Waiting for you to confirm ${emailChange.pending}: follow the link we sent there. Until then we write to ${emailChange.confirmed ?? "no address"}.`
              : undefined
          }
        />
        <FormField
          focusOnError
          name="birthday"
          label="Birthday (optional)"
          type="date"
          autoComplete="bday"
          defaultValue={profile.birthday}
          error={errors.birthday}
        />
        <button className="button" type="submit" disabled={busy()}>
          {busy() ? "Saving…" : "Save"}
        </button>
      </Form>
    </section>
  );
}
