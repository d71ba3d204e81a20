import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import type { FieldErrors } from "~/lib/forms/submission";

type Props = { weights: number[]; typed: { show: string; hide: string } | null; errors: FieldErrors; busy: boolean };

/** The weights of the experiment lifeScorePreferencesSurveyTest (show-surveys : no-surveys). */
export function WeightsForm({ weights, typed, errors, busy }: Props) {
  return (
    <Form method="post" aria-labelledby="weights-title" noValidate className="stack">
      <input type="hidden" name="intent" value="weights" />
      <h2 id="weights-title">Who sees surveys</h2>
      <p>
        The experiment lifeScorePreferencesSurveyTest splits members into two arms by these weights, when they first meet a survey. It is{" "}
        {weights[0]}:{weights[1]} now
        {weights[0] === 0 ? ", so nobody new sees surveys" : ""}.
      </p>
      <FormField
        name="show"
        label="Weight of show-surveys"
        hint="A whole number from 0 to 100."
        inputMode="numeric"
        defaultValue={typed?.show ?? String(weights[0])}
        error={errors.show}
        autoComplete="off"
      />
      <FormField
        name="hide"
        label="Weight of no-surveys"
        hint="A whole number from 0 to 100."
        inputMode="numeric"
        defaultValue={typed?.hide ?? String(weights[1])}
        error={errors.hide}
        autoComplete="off"
      />
      <button type="submit" className="button button--secondary" disabled={busy}>
        Save the weights
      </button>
    </Form>
  );
}
