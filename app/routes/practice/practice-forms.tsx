import { Form } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import { dayLabel } from "~/models/engagement/practice-calendar";
import { MAX_PAUSE_DAYS, MAX_TARGET_DAYS } from "~/models/engagement/streak";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export interface AimSettings {
  targetDays: number;
  showDaily: boolean;
  hideAchievements: boolean;
  shoutOuts: boolean;
}

/** The practice page's aim (issue 27): days a week, the daily count, milestones and shout-outs; a plain form. */
export function AimForm({
  settings,
  targetDays,
  error,
  busy,
}: {
  settings: AimSettings;
  /** What the member chose, as the select should show it (their last try after a refusal). */
  targetDays: string;
  error?: string;
  busy: boolean;
}) {
  const target = fieldIds("targetDays", undefined, error);
  return (
    <section className="auth-card" aria-labelledby="practice-settings-title">
      <h2 id="practice-settings-title">Your aim</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="preferences" />
        <div className="field">
          <label htmlFor={target.id}>Days a week to aim for</label>
          <select
            id={target.id}
            name="targetDays"
            defaultValue={targetDays}
            aria-invalid={error ? true : undefined}
            aria-describedby={target.describedBy}
          >
            {Array.from({ length: MAX_TARGET_DAYS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {days(n)}
              </option>
            ))}
          </select>
          <FieldError id={target.errorId} error={error} />
        </div>
        <div className="field field--check">
          <input id="field-showDaily" type="checkbox" name="showDaily" defaultChecked={settings.showDaily} />
          <label htmlFor="field-showDaily">Also show how many days in a row</label>
        </div>
        <div className="field field--check">
          <input id="field-hideAchievements" type="checkbox" name="hideAchievements" defaultChecked={settings.hideAchievements} />
          <label htmlFor="field-hideAchievements">Hide milestones</label>
        </div>
        <div className="field field--check">
          <input
            id="field-shoutOuts"
            type="checkbox"
            name="shoutOuts"
            defaultChecked={settings.shoutOuts}
            aria-describedby="field-shoutOuts-hint"
          />
          <label htmlFor="field-shoutOuts">Let my teacher see when I reach a milestone in their class</label>
          <p id="field-shoutOuts-hint" className="field__hint">
            For a word of congratulation in class. Off unless you turn it on; only your first name and the milestone are shown.
          </p>
        </div>
        <button className="button" type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </Form>
    </section>
  );
}

/** Pausing the streak, or ending the pause that runs (issue 27); a plain form either way. */
export function PauseForm({
  pause,
  pauseDays,
  error,
  busy,
}: {
  pause: { end: string } | null;
  /** What the member typed, kept after a refusal. */
  pauseDays: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <section className="auth-card" aria-labelledby="pause-title">
      <h2 id="pause-title">Pause</h2>
      {pause ? (
        <Form method="post">
          <input type="hidden" name="intent" value="resume" />
          <p>Your streak is paused until {dayLabel(pause.end)}.</p>
          <button className="button button--secondary" type="submit" disabled={busy}>
            {busy ? "Ending the pause…" : "End the pause now"}
          </button>
        </Form>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="pause" />
          <FormField
            focusOnError
            name="pauseDays"
            label="Pause my streak for how many days?"
            hint={`Up to ${MAX_PAUSE_DAYS} days, starting today: for travel, illness, a new baby, or a rest. Nothing is lost.`}
            inputMode="numeric"
            maxLength={3}
            defaultValue={pauseDays}
            error={error}
          />
          <button className="button button--secondary" type="submit" disabled={busy}>
            {busy ? "Pausing…" : "Pause"}
          </button>
        </Form>
      )}
    </section>
  );
}
