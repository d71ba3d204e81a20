/**
 * One class in the schedule's agenda list: its time in the visitor's zone, what it is, and its state.
 * With `join` (the member's booked class while its room is open, issue 34), a Join button: a plain
 * post to the class's join action, which opens the room.
 */
export function ClassListItem({
  liveClass,
}: {
  liveClass: {
    href: string;
    title: string;
    startsAt: string;
    timeRange: string;
    modalityLabel: string;
    level: string | null;
    durationMinutes: number;
    teacherName: string | null;
    state: string;
    note: string | null;
    join?: string | null;
  };
}) {
  return (
    <article className={`schedule-item${liveClass.state === "cancelled" ? " schedule-item--cancelled" : ""}`}>
      <p className="schedule-item__time">
        <time dateTime={liveClass.startsAt}>{liveClass.timeRange}</time>
        {liveClass.state === "live" ? <span className="badge badge--live">Live now</span> : null}
      </p>
      <div className="schedule-item__body">
        <h3>
          <a href={liveClass.href}>{liveClass.title}</a>
        </h3>
        <p className="schedule-item__facts">
          {liveClass.modalityLabel} · {liveClass.durationMinutes} min{liveClass.level ? ` · ${liveClass.level}` : ""}
          {liveClass.teacherName ? ` · with ${liveClass.teacherName}` : ""}
        </p>
        {liveClass.note ? <p className="schedule-item__note">{liveClass.note}</p> : null}
        {liveClass.join ? (
          <form method="post" action={liveClass.join} className="schedule-item__join">
            <button className="button button--small" type="submit" aria-label={`Join ${liveClass.title}, ${liveClass.timeRange}`}>
              Join
            </button>
            <span className="schedule-item__join-note">The room is open now.</span>
          </form>
        ) : null}
      </div>
    </article>
  );
}
