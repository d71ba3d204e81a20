import { Form } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { StaffPublishButtons } from "./staff-publish-buttons";

type Field = "outlet" | "title" | "url" | "publishedAt" | "excerpt" | "publishAt";

/**
 * The blog editor's press item form (issue 26; ADR 053): a plain post that works without
 * JavaScript, every field labelled with its message beside it, one button per next state.
 */
export function StaffPressForm({
  values,
  errors,
  state,
  busy,
  zone,
}: {
  values: Record<Field | "intent", string>;
  errors: Partial<Record<string, string>>;
  state: "draft" | "scheduled" | "published" | "unpublished" | null;
  busy: boolean;
  /** The editor's own zone, in which "Publish at" is typed and named. */
  zone: string;
}) {
  const excerptHint = "A sentence or two from the piece, shown under the headline.";
  const excerpt = fieldIds("excerpt", excerptHint, errors.excerpt);
  return (
    <Form method="post" aria-labelledby="press-form-title" noValidate className="stack">
      <h2 id="press-form-title">{state ? "Edit the press item" : "New press item"}</h2>
      <PageNotices error={errors.form} />
      <FormField
        name="outlet"
        label="Outlet"
        hint="The paper, site or show that ran it."
        defaultValue={values.outlet}
        error={errors.outlet}
        focusOnError
        maxLength={80}
        autoComplete="off"
      />
      <FormField
        name="title"
        label="Headline"
        defaultValue={values.title}
        error={errors.title}
        focusOnError
        maxLength={200}
        autoComplete="off"
      />
      <FormField
        name="url"
        type="url"
        label="Link"
        hint="The full address of the piece, starting with https://."
        defaultValue={values.url}
        error={errors.url}
        focusOnError
        maxLength={500}
        autoComplete="off"
      />
      <FormField
        name="publishedAt"
        type="date"
        label="Day it ran"
        defaultValue={values.publishedAt}
        error={errors.publishedAt}
        focusOnError
      />
      <div className="field">
        <label htmlFor={excerpt.id}>Summary</label>
        <FieldHint id={excerpt.hintId} hint={excerptHint} />
        <textarea
          id={excerpt.id}
          name="excerpt"
          rows={3}
          defaultValue={values.excerpt}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={excerpt.describedBy}
        />
        <FieldError id={excerpt.errorId} error={errors.excerpt} />
      </div>
      <StaffPublishButtons state={state} busy={busy} schedule={{ value: values.publishAt, error: errors.publishAt, zone }} />
    </Form>
  );
}
