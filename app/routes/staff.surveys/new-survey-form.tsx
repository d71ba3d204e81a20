import { Form } from "@remix-run/react";
import { FieldError, FieldHint, FormField, fieldIds } from "~/components/form-field";
import { StaffChoiceGroup } from "~/components/staff/staff-page";
import { AUDIENCES, AUDIENCE_LABEL, QUESTION_KINDS, QUESTION_KIND_LABEL } from "~/models/engagement/surveys";
import type { FieldErrors } from "~/lib/forms/submission";
import { QUESTION_SLOTS, type SurveyFormValues } from "~/models/staff/survey-form";

type Props = { values: SurveyFormValues; errors: FieldErrors; busy: boolean };

/** A new campaign: a title, a line of introduction, who it is for, and up to QUESTION_SLOTS questions. */
export function NewSurveyForm({ values, errors, busy }: Props) {
  return (
    <Form method="post" aria-labelledby="new-survey-title" noValidate className="stack">
      <input type="hidden" name="intent" value="create" />
      <h2 id="new-survey-title">New survey</h2>
      <FormField
        name="title"
        label="Title"
        hint="Members see it as the survey's heading."
        defaultValue={values.title}
        error={errors.title}
        focusOnError
        maxLength={120}
        autoComplete="off"
      />
      <FormField
        name="intro"
        label="Introduction"
        hint="One line on what it is for. Optional."
        defaultValue={values.intro}
        error={errors.intro}
        maxLength={400}
        autoComplete="off"
      />
      <StaffChoiceGroup
        type="radio"
        name="audience"
        legend="Who it is for"
        options={AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] }))}
        checked={[values.audience]}
        error={errors.audience}
        idBase="field-audience"
      />
      {Array.from({ length: QUESTION_SLOTS }, (_, i) => (
        <QuestionSlot key={i} i={i} q={values.questions[i]} errors={errors} />
      ))}
      <button type="submit" className="button" disabled={busy}>
        Create the survey
      </button>
    </Form>
  );
}

type Question = SurveyFormValues["questions"][number];

/** One question's slot: its wording, kind, answers (for choices) and scale labels (for a scale). */
function QuestionSlot({ i, q, errors }: { i: number; q: Question; errors: FieldErrors }) {
  const options = fieldIds(
    `q${i}.options`,
    "For one or several choices: each answer on its own line, two to eight.",
    errors[`q${i}.options`],
  );
  return (
    <fieldset className="staff-fieldset">
      <legend>
        Question {i + 1}
        {i > 0 ? " (optional)" : ""}
      </legend>
      <FormField
        name={`q${i}.prompt`}
        label={`Question ${i + 1}: wording`}
        defaultValue={q.prompt}
        error={errors[`q${i}.prompt`]}
        focusOnError
        maxLength={300}
        autoComplete="off"
      />
      <StaffChoiceGroup
        type="radio"
        name={`q${i}.kind`}
        legend={`Question ${i + 1}: kind`}
        options={QUESTION_KINDS.map((k) => ({ value: k, label: QUESTION_KIND_LABEL[k] }))}
        checked={[q.kind]}
        error={errors[`q${i}.kind`]}
        idBase={`field-q${i}-kind`}
      />
      <div className="field">
        <label htmlFor={options.id}>Question {i + 1}: answers</label>
        <FieldHint id={options.hintId} hint="For one or several choices: each answer on its own line, two to eight." />
        <textarea
          id={options.id}
          name={`q${i}.options`}
          rows={4}
          defaultValue={q.options}
          aria-invalid={errors[`q${i}.options`] ? true : undefined}
          aria-describedby={options.describedBy}
        />
        <FieldError id={options.errorId} error={errors[`q${i}.options`]} />
      </div>
      <FormField
        name={`q${i}.lowLabel`}
        label={`Question ${i + 1}: what 1 means`}
        hint="For a scale only. Optional."
        defaultValue={q.lowLabel}
        error={errors[`q${i}.lowLabel`]}
        maxLength={60}
        autoComplete="off"
      />
      <FormField
        name={`q${i}.highLabel`}
        label={`Question ${i + 1}: what 5 means`}
        hint="For a scale only. Optional."
        defaultValue={q.highLabel}
        error={errors[`q${i}.highLabel`]}
        maxLength={60}
        autoComplete="off"
      />
    </fieldset>
  );
}
