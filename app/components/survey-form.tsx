import type { AnswerErrors, AnswerValues, SurveyQuestion } from "~/models/engagement/surveys";

/**
 * A survey as a plain form (issue 27, ADR 048): it posts to /surveys/{id} and comes back, so it works
 * without JavaScript, and it uses no hooks, so the server can render it to static markup for the
 * public pages without sending any script for it. "Not now" and "No more surveys" post the same form.
 */
export interface SurveyFormProps {
  campaign: { id: string; title: string; intro: string };
  questions: SurveyQuestion[];
  /** The page to return to afterwards. */
  back: string;
  values?: AnswerValues;
  /** A message beside each question that needs another look (a refusal's `form` message is the page's to show). */
  errors?: Partial<AnswerErrors>;
  /** Prefix for element ids, so the panel and a page could never clash. */
  idPrefix?: string;
  headingLevel?: 1 | 2;
}

export function SurveyForm({
  campaign,
  questions,
  back,
  values = {},
  errors = {},
  idPrefix = "survey",
  headingLevel = 2,
}: SurveyFormProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const given = (id: string) => {
    const v = values[id];
    return Array.isArray(v) ? v : v === undefined ? [] : [v];
  };
  return (
    <form
      method="post"
      action={`/surveys/${encodeURIComponent(campaign.id)}`}
      className="survey-form stack"
      aria-labelledby={`${idPrefix}-title`}
    >
      <Heading id={`${idPrefix}-title`} className="survey-form__title">
        {campaign.title}
      </Heading>
      {campaign.intro ? <p className="survey-form__intro">{campaign.intro}</p> : null}
      <input type="hidden" name="back" value={back} />
      {questions.map((q, index) => {
        const name = `answer.${q.id}`;
        const base = `${idPrefix}-q${index + 1}`;
        const error = errors[q.id];
        const errorId = error ? `${base}-error` : undefined;
        const chosen = given(q.id);
        if (q.kind === "text") {
          return (
            <div className="field" key={q.id}>
              <label htmlFor={base}>
                {q.prompt} <span className="survey-form__optional">(optional)</span>
              </label>
              {error ? (
                <p className="field__error" id={errorId} role="alert">
                  {error}
                </p>
              ) : null}
              <textarea
                id={base}
                name={name}
                rows={3}
                maxLength={500}
                defaultValue={chosen[0] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={errorId}
              />
            </div>
          );
        }
        const options = q.kind === "scale" ? ["1", "2", "3", "4", "5"] : q.options;
        const type = q.kind === "multiple" ? "checkbox" : "radio";
        return (
          <fieldset className="survey-form__question" key={q.id} aria-describedby={errorId}>
            <legend>
              {q.prompt}
              {q.kind === "multiple" ? <span className="survey-form__optional"> (choose any)</span> : null}
            </legend>
            {q.kind === "scale" && (q.lowLabel || q.highLabel) ? (
              <p className="survey-form__scale-labels">
                1 is {q.lowLabel || "the least"}; 5 is {q.highLabel || "the most"}.
              </p>
            ) : null}
            {error ? (
              <p className="field__error" id={errorId} role="alert">
                {error}
              </p>
            ) : null}
            <div className={q.kind === "scale" ? "survey-form__scale" : "survey-form__options"}>
              {options.map((option, i) => (
                <label key={option} className="survey-form__choice" htmlFor={`${base}-${i}`}>
                  <input type={type} id={`${base}-${i}`} name={name} value={option} defaultChecked={chosen.includes(option)} /> {option}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div className="survey-form__actions">
        <button type="submit" name="intent" value="answer" className="button">
          Send answers
        </button>
        <button type="submit" name="intent" value="not-now" className="button button--secondary" formNoValidate>
          Not now
        </button>
        <button type="submit" name="intent" value="no-more" className="button button--quiet" formNoValidate>
          No more surveys
        </button>
      </div>
    </form>
  );
}

/** The panel at the foot of a surveys page: closed until the member opens it, never in the way. */
export function SurveyPanel(props: Omit<SurveyFormProps, "idPrefix" | "headingLevel">) {
  return (
    <aside className="survey-panel" aria-label="Survey" data-survey={props.campaign.id}>
      <details className="survey-panel__details">
        <summary className="survey-panel__summary">A short survey from Stillhour: {props.campaign.title}</summary>
        <div className="survey-panel__body">
          <SurveyForm {...props} idPrefix="survey-panel" />
        </div>
      </details>
    </aside>
  );
}

const DONE_TEXT = {
  thanks: "Thank you: your answers are in.",
  later: "Put away. That survey will not come back.",
  off: "No more surveys. You will not be asked again.",
} as const;
export type SurveyDone = keyof typeof DONE_TEXT;
export const isSurveyDone = (value: unknown): value is SurveyDone => typeof value === "string" && Object.hasOwn(DONE_TEXT, value);

/** What the panel says after a post, in its place. */
export function SurveyDoneNote({ done }: { done: SurveyDone }) {
  return (
    <aside className="survey-panel survey-panel--done" aria-label="Survey">
      <p className="survey-panel__summary" role="status">
        {DONE_TEXT[done]}
      </p>
    </aside>
  );
}
