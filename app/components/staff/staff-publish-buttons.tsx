import { FormField } from "~/components/form-field";
import { zoneWords } from "~/models/identity/clock";

type State = "draft" | "scheduled" | "published" | "unpublished";

/**
 * The buttons under an article's, press item's or series' form (issue 26; ADR 053): one per state it
 * can move to, and with `schedule` the "Publish at" field that the Schedule button reads, its message
 * beside it. The time is typed on the editor's own clock, its zone named in the label (issue 34).
 */
export function StaffPublishButtons({
  state,
  busy,
  schedule,
}: {
  state: State | null;
  busy: boolean;
  schedule?: { value: string; error?: string; zone: string };
}) {
  return (
    <>
      {schedule ? (
        <FormField
          name="publishAt"
          type="datetime-local"
          label={`Publish at (${zoneWords(schedule.zone)})`}
          hint="Only for Schedule: the day and time on your clock when it publishes itself."
          defaultValue={schedule.value}
          error={schedule.error}
          focusOnError
        />
      ) : null}
      <div className="staff-actions">
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          {state ? "Save" : "Save draft"}
        </button>
        {schedule && state !== "published" ? (
          <button type="submit" name="intent" value="schedule" className="button button--secondary" disabled={busy}>
            Schedule
          </button>
        ) : null}
        {state !== "published" ? (
          <button type="submit" name="intent" value="publish" className="button button--secondary" disabled={busy}>
            Publish now
          </button>
        ) : null}
        {state === "published" || state === "scheduled" ? (
          <button type="submit" name="intent" value="unpublish" className="button button--secondary" disabled={busy}>
            {state === "scheduled" ? "Unschedule" : "Unpublish"}
          </button>
        ) : null}
      </div>
    </>
  );
}

/**
 * The line under a record's title on its edit page: its state, and when a scheduled one publishes
 * itself (`publishesAt`: that moment already worded on the editor's clock by the loader).
 */
export function publishStateLine(label: string, state: State, publishesAt: string | null): string {
  return `${label}${state === "scheduled" && publishesAt ? `, publishes ${publishesAt}` : ""}.`;
}
