import { Form } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { RichTextField } from "./rich-text-field";
import { StaffPublishButtons } from "./staff-publish-buttons";
import { fillAddressFromTitle } from "./address-from-title";

type LessonFormValues = { title: string; summary: string; durationMinutes: string; bodyHtml: string };
type LearnFormValues = {
  title: string;
  slug: string;
  summary: string;
  color: string;
  order: string;
  lessons: LessonFormValues[];
  publishAt: string;
};

const LESSON_HINT = "Simple HTML: <p>, <h3>, lists, <blockquote>, <strong>, <em> and links. Anything else is removed when you save.";

/**
 * The blog editor's learn series form (issue 26; ADR 053): the series, then one fieldset per lesson
 * and a spare one to add a lesson, all in one plain post that works without JavaScript.
 */
export function StaffLearnForm({
  values,
  errors,
  covers,
  state,
  slugLocked,
  busy,
  zone,
}: {
  values: LearnFormValues;
  errors: Partial<Record<string, string>>;
  covers: ReadonlyArray<{ value: string; label: string }>;
  state: "draft" | "scheduled" | "published" | "unpublished" | null;
  slugLocked: boolean;
  busy: boolean;
  /** The editor's own zone, in which "Publish at" is typed and named. */
  zone: string;
}) {
  const summaryHint = "One sentence on what the series teaches, shown on /learn.";
  const summary = fieldIds("summary", summaryHint, errors.summary);
  const color = fieldIds("color", undefined, errors.color);
  const rows: LessonFormValues[] = [...values.lessons, { title: "", summary: "", durationMinutes: "", bodyHtml: "" }];
  return (
    <Form method="post" aria-labelledby="learn-form-title" noValidate className="stack" onChange={fillAddressFromTitle("slug")}>
      <h2 id="learn-form-title">{state ? "Edit the series" : "New series"}</h2>
      <PageNotices error={errors.form} />
      <FormField
        name="title"
        label="Title"
        defaultValue={values.title}
        error={errors.title}
        focusOnError
        maxLength={120}
        autoComplete="off"
      />
      <FormField
        name="slug"
        label="Address"
        hint={
          slugLocked
            ? "After /learn/. It has been public, so it stays."
            : "After /learn/: lower-case words joined by hyphens. It is fixed once the series is published."
        }
        defaultValue={values.slug}
        readOnly={slugLocked}
        error={errors.slug}
        focusOnError
        maxLength={120}
        autoComplete="off"
      />
      <div className="field">
        <label htmlFor={summary.id}>Summary</label>
        <FieldHint id={summary.hintId} hint={summaryHint} />
        <textarea
          id={summary.id}
          name="summary"
          rows={2}
          defaultValue={values.summary}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={summary.describedBy}
        />
        <FieldError id={summary.errorId} error={errors.summary} />
      </div>
      <div className="field">
        <label htmlFor={color.id}>Colour</label>
        <select
          id={color.id}
          name="color"
          defaultValue={values.color}
          aria-invalid={errors.color ? true : undefined}
          aria-describedby={color.describedBy}
        >
          {covers.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldError id={color.errorId} error={errors.color} />
      </div>
      <FormField
        name="order"
        type="number"
        inputMode="numeric"
        min={0}
        max={999}
        label="Place on /learn"
        hint="Lower numbers come first."
        defaultValue={values.order}
        error={errors.order}
        focusOnError
      />
      <h3>Lessons</h3>
      {errors.lessons ? (
        <p className="field__error" role="alert">
          {errors.lessons}
        </p>
      ) : null}
      {rows.map((lesson, i) => {
        const spare = i === values.lessons.length;
        const err = (field: string) => errors[`lessons.${i}.${field}`];
        const title = fieldIds(`lesson-${i}-title`, undefined, err("title"));
        const minutes = fieldIds(`lesson-${i}-minutes`, undefined, err("durationMinutes"));
        const lessonSummary = fieldIds(`lesson-${i}-summary`, undefined, err("summary"));
        return (
          <fieldset key={i} className="stack">
            <legend>
              {spare ? (values.lessons.length === 0 ? "First lesson" : "Add a lesson (leave empty for none)") : `Lesson ${i + 1}`}
            </legend>
            <div className="field">
              <label htmlFor={title.id}>Lesson title</label>
              <input
                id={title.id}
                name="lessonTitle"
                defaultValue={lesson.title}
                maxLength={120}
                autoComplete="off"
                aria-invalid={err("title") ? true : undefined}
                aria-describedby={title.describedBy}
              />
              <FieldError id={title.errorId} error={err("title")} />
            </div>
            <div className="field">
              <label htmlFor={minutes.id}>Minutes</label>
              <input
                id={minutes.id}
                name="lessonMinutes"
                type="number"
                inputMode="numeric"
                min={1}
                max={120}
                defaultValue={lesson.durationMinutes}
                aria-invalid={err("durationMinutes") ? true : undefined}
                aria-describedby={minutes.describedBy}
              />
              <FieldError id={minutes.errorId} error={err("durationMinutes")} />
            </div>
            <div className="field">
              <label htmlFor={lessonSummary.id}>Lesson summary</label>
              <textarea
                id={lessonSummary.id}
                name="lessonSummary"
                rows={2}
                defaultValue={lesson.summary}
                aria-invalid={err("summary") ? true : undefined}
                aria-describedby={lessonSummary.describedBy}
              />
              <FieldError id={lessonSummary.errorId} error={err("summary")} />
            </div>
            <RichTextField
              name="lessonBody"
              idName={`lesson-${i}-body`}
              label="Lesson text"
              hint={LESSON_HINT}
              value={lesson.bodyHtml}
              error={err("bodyHtml")}
              rows={8}
            />
            {spare ? null : (
              <label className="checkbox">
                <input type="checkbox" name="lessonRemove" value={String(i)} /> Remove this lesson when I save
              </label>
            )}
          </fieldset>
        );
      })}
      <StaffPublishButtons state={state} busy={busy} schedule={{ value: values.publishAt, error: errors.publishAt, zone }} />
    </Form>
  );
}
