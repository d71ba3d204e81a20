import { Form } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import type { SurveysPage } from "./page.server";

/** The campaigns, each with its answers' page and a pause or resume button. */
export function SurveyList({ campaigns, busy }: { campaigns: SurveysPage["campaigns"]; busy: boolean }) {
  return (
    <>
      <h2>Surveys</h2>
      {campaigns.length === 0 ? (
        <EmptyState title="No surveys yet" message="Write the first one below." />
      ) : (
        <ul className="staff-codes" data-testid="surveys">
          {campaigns.map((c) => (
            <li key={c.id} className="staff-code" data-survey={c.id}>
              <h3 className="staff-areas__title">
                <a href={`/staff/surveys/${encodeURIComponent(c.id)}`} aria-label={`${c.title}: answers`}>
                  {c.title}
                </a>{" "}
                · {c.active ? "Running" : "Paused"}
              </h3>
              <p>
                {c.audience}. {c.questions} {c.questions === 1 ? "question" : "questions"}. Answered {c.answers}{" "}
                {c.answers === 1 ? "time" : "times"}.
              </p>
              <Form method="post">
                <input type="hidden" name="campaignId" value={c.id} />
                <button
                  type="submit"
                  name="intent"
                  value={c.active ? "pause" : "resume"}
                  className="button button--secondary button--small"
                  disabled={busy}
                  aria-label={`${c.active ? "Pause" : "Resume"} ${c.title}`}
                >
                  {c.active ? "Pause" : "Resume"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
