import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import type { studioSchedule } from "~/models/studios/studio.server";

type Schedule = Awaited<ReturnType<typeof studioSchedule>>;
type ScheduledClass = Schedule["days"][number]["classes"][number];

/** The studio's coming classes by day, on the studio's own clock, each with its room and places left. */
export function StudioSchedule({ schedule }: { schedule: Schedule }) {
  return (
    <section className="stack" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Schedule</h2>
      <p className="schedule__zone">
        Times are shown in <strong>{schedule.zoneLabel}</strong>, the studio's own time.
      </p>
      {schedule.count === 0 ? (
        <EmptyState title="No classes scheduled just now" message="New classes are added every week." />
      ) : (
        schedule.days.map((day) => (
          <section key={day.dayKey} className="schedule-day" aria-labelledby={`day-${day.dayKey}`}>
            <h3 id={`day-${day.dayKey}`}>{day.label}</h3>
            <ul className="schedule-list">
              {day.classes.map((c) => (
                <li key={c.id}>
                  <ScheduleItem c={c} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}

function ScheduleItem({ c }: { c: ScheduledClass }) {
  return (
    <article className={`schedule-item${c.cancelled ? " schedule-item--cancelled" : ""}`}>
      <p className="schedule-item__time">
        <time dateTime={c.startsAt}>{c.timeRange}</time>
      </p>
      <div className="schedule-item__body">
        <h4 className="studio-class__title">
          <Link to={c.href}>{c.title}</Link>
        </h4>
        <p className="schedule-item__facts">
          {c.room} · {placesLeft(c)}
        </p>
      </div>
    </article>
  );
}

function placesLeft(c: Pick<ScheduledClass, "cancelled" | "seatsLeft" | "capacity">): string {
  if (c.cancelled) return "Cancelled";
  return c.seatsLeft === 0 ? "Full: waitlist open" : `${c.seatsLeft} of ${c.capacity} places left`;
}
