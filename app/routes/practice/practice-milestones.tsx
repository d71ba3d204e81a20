import { dayLabel } from "~/models/engagement/practice-calendar";

/** The member's milestones (issue 27), each on the day it was reached; a note until the first. */
export function PracticeMilestones({ achievements }: { achievements: { id: string; title: string; detail: string; day: string }[] }) {
  return (
    <section aria-labelledby="milestones-title">
      <h2 id="milestones-title">Milestones</h2>
      {achievements.length === 0 ? (
        <p>Your first class will be noted here.</p>
      ) : (
        <ul className="practice-milestones">
          {achievements.map((a) => (
            <li key={a.id}>
              <span className="practice-milestones__title">{a.title}</span> <span className="practice-milestones__detail">{a.detail}</span>{" "}
              <span className="practice-milestones__day">{dayLabel(a.day)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
