/**
 * The buttons under an article's, press item's or series' form (issue 26): one per state it can move
 * to. Only articles can be scheduled.
 */
export function StaffPublishButtons({ state, busy, canSchedule = false }: { state: "draft" | "scheduled" | "published" | "unpublished" | null; busy: boolean; canSchedule?: boolean }) {
  return (
    <div className="staff-actions">
      <button type="submit" name="intent" value="save" className="button" disabled={busy}>
        {state ? "Save" : "Save draft"}
      </button>
      {canSchedule && state !== "published" ? (
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
  );
}
