import { Form } from "@remix-run/react";
import { StaffItemCheck, StaffItemField } from "~/components/staff/staff-item-field";
import type { FieldErrors } from "~/lib/forms/submission";
import { BANNER_LABEL_MAX, BANNER_TEXT_MAX } from "~/models/staff/catalogue-form";

export type BannerValues = { text: string; linkLabel: string; href: string; active: string };

/** The news banner: its words, its link, and whether it shows; each message beside its field. */
export function BannerForm({ values, errors, busy }: { values: BannerValues; errors: FieldErrors; busy: boolean }) {
  return (
    <>
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="stack" aria-labelledby="banner-title">
        <input type="hidden" name="intent" value="banner" />
        <StaffItemField
          idBase="banner"
          name="text"
          label="Text"
          hint={`Plain words, up to ${BANNER_TEXT_MAX} characters.`}
          defaultValue={values.text}
          error={errors.text}
        />
        <StaffItemField
          idBase="banner"
          name="linkLabel"
          label="Link words"
          hint={`Up to ${BANNER_LABEL_MAX} characters, such as "Take a look".`}
          defaultValue={values.linkLabel}
          error={errors.linkLabel}
        />
        <StaffItemField
          idBase="banner"
          name="href"
          label="Link to"
          hint="A page on this site, starting with /, such as /gift."
          defaultValue={values.href}
          error={errors.href}
        />
        <StaffItemCheck idBase="banner" name="active" label="Show the banner" defaultChecked={values.active === "on"} />
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Save the banner
          </button>
        </div>
      </Form>
    </>
  );
}
