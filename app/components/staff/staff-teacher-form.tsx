import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { TeacherAvatar } from "~/components/teacher-avatar";
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from "~/models/identity/profile-photo";

/**
 * The back office's teacher forms (issue 26; ADR 050): a new teacher, an admin's edit of any
 * teacher, a facilitator's edit of their own bio and link, and the portrait upload. Plain posts
 * that work without JavaScript, every field labelled with its message beside it, typed values kept.
 */

type Mode = "new" | "admin" | "own";
/** The form's fields as typed (the staff feature's TeacherFormValues has this shape). */
type TeacherField = "firstName" | "lastName" | "location" | "classTypes" | "bio" | "instagramUrl" | "urlParam" | "hidden";
export type TeacherFormValues = Record<TeacherField, string>;
/** The longest bio the staff feature accepts (BIO_LIMIT there; its form test checks they agree). */
export const BIO_LIMIT = 2000;

/** The forms whose refusal sends every field back as typed. */
type TypedIntent = "create" | "profile" | "address";

/**
 * What a refused teacher form sends back beside its `errors` (ADR 060): the form's `intent`, so a page
 * with several forms fills the one that was sent, with what was typed, or the teacher a hide or show
 * named. A body cut at its cap or an unknown intent sends none, and its message is the page's.
 */
export type TeacherRefusal =
  (TeacherFormValues & { intent: TypedIntent }) | { intent: "portrait" } | { intent: "hide" | "show"; id: string };

/** The form a refusal answers, by the `intent` its values carry; null when it names none. */
export function refusedIntent(values: object | undefined): string | null {
  return values && "intent" in values && typeof values.intent === "string" ? values.intent : null;
}

/** Whether a refusal answers the form sent with `intent`, its values then being every field as typed. */
export function isRefusedForm<I extends TypedIntent>(values: object | undefined, intent: I): values is TeacherFormValues & { intent: I } {
  return refusedIntent(values) === intent;
}

export function StaffTeacherFields({
  mode,
  values,
  errors,
  busy,
  submitLabel,
  slugEditable,
}: {
  mode: Mode;
  values: TeacherFormValues;
  errors: Partial<Record<TeacherField, string>>;
  busy: boolean;
  submitLabel: string;
  slugEditable: boolean;
}) {
  const bio = fieldIds("bio", `Plain text, up to ${BIO_LIMIT} characters. Leave a blank line between paragraphs.`, errors.bio);
  return (
    <Form method="post" noValidate aria-label={submitLabel}>
      <input type="hidden" name="intent" value={mode === "new" ? "create" : "profile"} />
      {mode === "own" ? null : (
        <>
          <FormField
            name="firstName"
            label="First name"
            defaultValue={values.firstName}
            error={errors.firstName}
            focusOnError
            autoComplete="off"
            maxLength={60}
          />
          <FormField
            name="lastName"
            label="Last name"
            defaultValue={values.lastName}
            error={errors.lastName}
            focusOnError
            autoComplete="off"
            maxLength={60}
          />
          <FormField
            name="location"
            label="Based in"
            hint="A city and country, such as Lisbon, Portugal."
            defaultValue={values.location}
            error={errors.location}
            focusOnError
            maxLength={80}
          />
          <FormField
            name="classTypes"
            label="Teaches"
            hint="Kinds of class, separated by commas (at most six)."
            defaultValue={values.classTypes}
            error={errors.classTypes}
            focusOnError
            maxLength={200}
          />
        </>
      )}
      {slugEditable ? (
        <FormField
          name="urlParam"
          label="Page address"
          hint="The end of /teachers/…: lowercase letters, digits and hyphens. Kept for good once the page has been shown."
          defaultValue={values.urlParam}
          error={errors.urlParam}
          focusOnError
          autoComplete="off"
          maxLength={60}
        />
      ) : null}
      <div className="field">
        <label htmlFor={bio.id}>Bio</label>
        <FieldHint id={bio.hintId} hint={`Plain text, up to ${BIO_LIMIT} characters. Leave a blank line between paragraphs.`} />
        <textarea
          id={bio.id}
          name="bio"
          rows={8}
          maxLength={BIO_LIMIT}
          defaultValue={values.bio}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={bio.describedBy}
          autoFocus={Boolean(errors.bio) || undefined}
        />
        <FieldError id={bio.errorId} error={errors.bio} />
      </div>
      <FormField
        name="instagramUrl"
        label="Instagram address"
        hint="Such as https://instagram.com/yourname. Empty: no link."
        type="url"
        inputMode="url"
        defaultValue={values.instagramUrl}
        error={errors.instagramUrl}
        focusOnError
        maxLength={200}
      />
      {mode === "new" ? (
        <div className="field field--check">
          <input id="field-hidden" type="checkbox" name="hidden" value="on" defaultChecked={values.hidden === "on"} />
          <label htmlFor="field-hidden">Keep the page hidden for now</label>
        </div>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** The portrait as the public page shows it, and a multipart form for a new one. */
export function StaffPortraitForm({
  teacher,
  error,
  busy,
}: {
  teacher: { id: string; name: string; firstName: string; lastName: string; portraitColor: string; profilePicUrl: string };
  error?: string;
  busy: boolean;
}) {
  const hint = `JPEG, PNG, WebP or AVIF, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. We crop it to a square and keep no location or camera details.`;
  return (
    <section className="staff-portrait" aria-labelledby="portrait-title">
      <h2 id="portrait-title">Portrait</h2>
      <TeacherAvatar
        seed={teacher.id}
        fullName={teacher.name}
        photoUrl={teacher.profilePicUrl}
        portraitColor={teacher.portraitColor}
        size={120}
        shape="square"
        className="staff-portrait__image"
        alt={`Current portrait of ${teacher.firstName}`}
        eager
      />
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="portrait" />
        <FormField name="photo" label="Choose a new portrait" hint={hint} type="file" accept={PHOTO_ACCEPT} error={error} focusOnError />
        <button className="button button--secondary" type="submit" disabled={busy}>
          Upload portrait
        </button>
      </Form>
    </section>
  );
}
