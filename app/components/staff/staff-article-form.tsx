import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { RichTextField } from "./rich-text-field";
import { StaffPublishButtons } from "./staff-publish-buttons";
import { fillAddressFromTitle } from "./address-from-title";

type Field = "title" | "titleSlug" | "excerpt" | "category" | "authorTeacherId" | "heroColor" | "bodyHtml" | "publishAt";
export type StaffArticleValues = Record<Field | "intent", string>;
type State = "draft" | "scheduled" | "published" | "unpublished";

/**
 * The blog editor's article form (issue 26): a plain post that works without JavaScript, the body a
 * textarea of simple HTML that the server sanitizes (a rich-text editor over it with JavaScript), every field labelled with its message beside
 * it, and one button per next state.
 */
export function StaffArticleForm({
  values,
  errors,
  authors,
  covers,
  state,
  busy,
  zone,
}: {
  values: StaffArticleValues;
  errors: Partial<Record<Field | "intent" | "form", string>>;
  authors: Array<{ id: string; name: string }>;
  covers: ReadonlyArray<{ value: string; label: string }>;
  state: State | null;
  busy: boolean;
  /** The editor's own zone, in which "Publish at" is typed and named. */
  zone: string;
}) {
  const select = (
    name: "authorTeacherId" | "heroColor",
    label: string,
    options: Array<{ value: string; label: string }>,
    placeholder?: string,
  ) => {
    const ids = fieldIds(name, undefined, errors[name]);
    return (
      <div className="field">
        <label htmlFor={ids.id}>{label}</label>
        <select
          id={ids.id}
          name={name}
          defaultValue={values[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={ids.describedBy}
        >
          {placeholder ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id={ids.errorId} error={errors[name]} />
      </div>
    );
  };
  const bodyHint = "Simple HTML: <p>, <h2>, <h3>, lists, <blockquote>, <strong>, <em> and links. Anything else is removed when you save.";
  const excerpt = fieldIds("excerpt", "One or two sentences under the title and on the blog list.", errors.excerpt);
  return (
    <Form method="post" aria-labelledby="article-form-title" noValidate className="stack" onChange={fillAddressFromTitle("titleSlug")}>
      <h2 id="article-form-title">{state ? "Edit the article" : "New article"}</h2>
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <FormField
        name="title"
        label="Title"
        defaultValue={values.title}
        error={errors.title}
        focusOnError
        maxLength={160}
        autoComplete="off"
      />
      <FormField
        name="titleSlug"
        label="Address"
        hint={
          state === "published" || state === "unpublished"
            ? "After /blog/. Changing it sends the old address on to the new one."
            : "After /blog/: lower-case words joined by hyphens."
        }
        defaultValue={values.titleSlug}
        error={errors.titleSlug}
        focusOnError
        maxLength={120}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={excerpt.id}>Summary</label>
        <FieldHint id={excerpt.hintId} hint="One or two sentences under the title and on the blog list." />
        <textarea
          id={excerpt.id}
          name="excerpt"
          rows={2}
          defaultValue={values.excerpt}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={excerpt.describedBy}
        />
        <FieldError id={excerpt.errorId} error={errors.excerpt} />
      </div>
      <FormField
        name="category"
        label="Topic"
        hint="Such as Sleep or Breathwork; the blog groups articles by it."
        defaultValue={values.category}
        error={errors.category}
        focusOnError
        maxLength={40}
        autoComplete="off"
      />
      {select(
        "authorTeacherId",
        "Author",
        authors.map((a) => ({ value: a.id, label: a.name })),
        "Choose a teacher",
      )}
      {select("heroColor", "Cover", [...covers])}
      <RichTextField name="bodyHtml" label="Article" hint={bodyHint} value={values.bodyHtml} error={errors.bodyHtml} />
      <StaffPublishButtons state={state} busy={busy} schedule={{ value: values.publishAt, error: errors.publishAt, zone }} />
    </Form>
  );
}
