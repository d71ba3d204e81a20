import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { StaffChoiceGroup } from "./staff-page";
import { MODALITIES, WEEKDAYS } from "~/models/classes/weekdays";

type TemplateField =
  | "id"
  | "title"
  | "teacherId"
  | "modality"
  | "level"
  | "weekdays"
  | "localTime"
  | "timeZone"
  | "durationMinutes"
  | "capacity"
  | "creditCost"
  | "place"
  | "description"
  | "whatToHaveReady";
/** The form's values as typed (the staff feature's TemplateFormValues has this shape). */
export type TemplateFormValues = Record<Exclude<TemplateField, "weekdays">, string> & { weekdays: string[] };

/**
 * The admin's class template form (issue 26; ADR 051), for a new template or an edit. A plain post:
 * every field labelled, its message beside it, what was typed kept after a refusal. The time is the
 * wall-clock time in the zone named below it.
 */
export function StaffTemplateForm({
  mode,
  values,
  errors,
  teachers,
  places,
  busy,
}: {
  mode: "create" | "edit";
  values: TemplateFormValues;
  errors: Partial<Record<TemplateField, string>>;
  teachers: Array<{ id: string; name: string }>;
  places: Array<{ value: string; label: string }>;
  busy: boolean;
}) {
  const select = (
    name: "teacherId" | "modality" | "place",
    labelText: string,
    options: ReadonlyArray<{ value: string; label: string }>,
    hint?: string,
  ) => {
    const ids = fieldIds(name, hint, errors[name]);
    return (
      <div className="field">
        <label htmlFor={ids.id}>{labelText}</label>
        <FieldHint id={ids.hintId} hint={hint} />
        <select
          id={ids.id}
          name={name}
          defaultValue={values[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={ids.describedBy}
        >
          {name === "teacherId" && !values.teacherId ? <option value="">Choose a teacher</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <FieldError id={ids.errorId} error={errors[name]} />
      </div>
    );
  };
  const area = (name: "description" | "whatToHaveReady", labelText: string, hint: string) => {
    const ids = fieldIds(name, hint, errors[name]);
    return (
      <div className="field">
        <label htmlFor={ids.id}>{labelText}</label>
        <FieldHint id={ids.hintId} hint={hint} />
        <textarea
          id={ids.id}
          name={name}
          rows={3}
          defaultValue={values[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <FieldError id={ids.errorId} error={errors[name]} />
      </div>
    );
  };
  const titleId = mode === "create" ? "new-template-title" : "edit-template-title";
  return (
    <Form method="post" aria-labelledby={titleId} noValidate>
      <input type="hidden" name="intent" value={mode === "create" ? "create" : "save"} />
      <h2 id={titleId}>{mode === "create" ? "New template" : "Edit template"}</h2>
      {mode === "create" ? (
        <FormField
          name="id"
          label="Template id"
          hint="Lower-case letters, numbers and hyphens; part of each class's address. It cannot change later."
          defaultValue={values.id}
          error={errors.id}
          focusOnError
          autoComplete="off"
          maxLength={60}
        />
      ) : null}
      <FormField
        name="title"
        label="Title"
        defaultValue={values.title}
        error={errors.title}
        focusOnError={mode === "edit"}
        maxLength={400}
      />
      {select(
        "teacherId",
        "Teacher",
        teachers.map((t) => ({ value: t.id, label: t.name })),
      )}
      {select("modality", "Practice", MODALITIES)}
      <FormField name="level" label="Level" hint="Empty: All levels." defaultValue={values.level} error={errors.level} maxLength={200} />
      <StaffChoiceGroup
        type="checkbox"
        name="weekdays"
        legend="Days"
        options={[...WEEKDAYS]}
        checked={values.weekdays}
        error={errors.weekdays}
        idBase="field-weekdays"
      />
      <FormField
        name="localTime"
        label="Start time"
        hint="On the clock of the time zone below, 24-hour, such as 07:00. It stays 07:00 there across daylight saving."
        type="time"
        defaultValue={values.localTime}
        error={errors.localTime}
      />
      <FormField
        name="timeZone"
        label="Time zone"
        hint="Its IANA name, such as America/Los_Angeles or Europe/London."
        defaultValue={values.timeZone}
        error={errors.timeZone}
        autoComplete="off"
        maxLength={64}
      />
      <FormField
        name="durationMinutes"
        label="Length (minutes)"
        hint="5 to 180."
        inputMode="numeric"
        defaultValue={values.durationMinutes}
        error={errors.durationMinutes}
      />
      <FormField
        name="capacity"
        label="Places"
        hint="1 to 10,000."
        inputMode="numeric"
        defaultValue={values.capacity}
        error={errors.capacity}
      />
      <FormField
        name="creditCost"
        label="Credits for non-members"
        hint="1 to 20. Empty: members only."
        inputMode="numeric"
        defaultValue={values.creditCost}
        error={errors.creditCost}
      />
      {select("place", "Where", places)}
      {area("description", "Description", "Shown on the class page, up to 1,000 characters.")}
      {area("whatToHaveReady", "What to have ready", "Up to 400 characters.")}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {mode === "create" ? "Create template" : "Save template"}
        </button>
      </div>
    </Form>
  );
}
