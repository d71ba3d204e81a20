/**
 * The two ways the plan page explains a membership (§9 `choosePlanTimelineTest`): a timeline of what
 * happens when, or what the membership covers.
 */
export function PlanTimeline({ trialDays, price, interval }: { trialDays: number; price: string; interval: string }) {
  return (
    <section className="plan-timeline" aria-labelledby="plan-timeline-title">
      <h2 id="plan-timeline-title">What happens when</h2>
      <ol>
        <li>
          <strong>Today</strong>
          <span>{trialDays > 0 ? `Your ${trialDays}-day free trial starts. Every class is open to you.` : `Your membership starts: ${price}.`}</span>
        </li>
        {trialDays > 0 ? (
          <li>
            <strong>Day {trialDays + 1}</strong>
            <span>Your first payment of {price}, unless you cancel before then.</span>
          </li>
        ) : null}
        <li>
          <strong>Every {interval} after</strong>
          <span>It renews until you cancel. Cancelling takes two clicks in settings, and you keep the time you paid for.</span>
        </li>
      </ol>
    </section>
  );
}

const COVERS = [
  "Every live class: meditation, breathwork and mindful movement, with teachers who see you arrive",
  "The whole on-demand library, from three-minute resets to hour-long practices",
  "Series that wait for you: pause for a week and pick up where you left off",
  "Members' prices on studio classes and credit packs",
] as const;

export function ProgramCovers() {
  return (
    <section className="plan-covers" aria-labelledby="plan-covers-title">
      <h2 id="plan-covers-title">Your membership covers</h2>
      <ul>
        {COVERS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
