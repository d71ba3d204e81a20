/**
 * The two ways the plan page explains a membership (§9 `choosePlanTimelineTest`): a timeline of what
 * happens when, or what the membership covers. The timeline's words are the offer's (ADR 056).
 */
export function PlanTimeline({ steps }: { steps: { when: string; what: string }[] }) {
  return (
    <section className="plan-timeline" aria-labelledby="plan-timeline-title">
      <h2 id="plan-timeline-title">What happens when</h2>
      <ol>
        {steps.map((step) => (
          <li key={step.when}>
            <strong>{step.when}</strong>
            <span>{step.what}</span>
          </li>
        ))}
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

/** "Before you pay": the offer's own steps, in order (ADR 056). */
export function RenewalTerms({ steps }: { steps: string[] }) {
  return (
    <ul className="renewal-terms" data-testid="renewal-terms">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ul>
  );
}
