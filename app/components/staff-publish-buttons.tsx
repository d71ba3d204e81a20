/** The buttons under a press item's or series' form (issue 26): one per state it can move to. */
export function StaffPublishButtons({ state, busy }: { state: "draft" | "published" | "unpublished" | null; busy: boolean }) {
  return (
    <div className="staff-actions">
      <button type="submit" name="intent" value="save" className="button" disabled={busy}>
        {state ? "Save" : "Save draft"}
      </button>
      {state !== "published" ? (
        <button type="submit" name="intent" value="publish" className="button button--secondary" disabled={busy}>
          Publish now
        </button>
      ) : (
        <button type="submit" name="intent" value="unpublish" className="button button--secondary" disabled={busy}>
          Unpublish
        </button>
      )}
    </div>
  );
}
