import type { ClassesPage } from "./page.server";

/** Issue 27 (ADR 049): members who reached a milestone in recent classes and allow a word of congratulation. */
export function ShoutOuts({ hours, shoutOuts }: { hours: number; shoutOuts: ClassesPage["shoutOuts"] }) {
  return (
    <section aria-labelledby="shout-outs-title">
      <h2 id="shout-outs-title">Shout-outs</h2>
      <p>
        Members who reached a milestone in your classes of the last {hours} hours, for a word of congratulation. Only those who chose to
        allow it are shown.
      </p>
      {shoutOuts.length === 0 ? <p>No classes of yours in the last {hours} hours.</p> : null}
      {shoutOuts.map((c) => (
        <div key={c.id} className="shout-outs">
          <h3 className="staff-class__title">{c.title}</h3>
          <p className="schedule-item__facts">{c.when}</p>
          {c.members.length === 0 ? (
            <p>No milestones to mark in this class.</p>
          ) : (
            <ul>
              {c.members.map((m) => (
                <li key={`${m.firstName}-${m.milestone}`}>
                  {m.firstName}: {m.title}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
