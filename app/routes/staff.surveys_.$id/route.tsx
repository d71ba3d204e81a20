import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { StaffPage } from "~/components/staff/staff-page";
import { AUDIENCE_LABEL, QUESTION_KIND_LABEL, summarizeAnswers } from "~/models/engagement/surveys";
import { answersTo, getCampaign } from "~/models/engagement/surveys.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/** Issue 27 (ADR 048): one survey's answers for admins, as counts per answer, and its CSV. */
export const handle = defineHandle({
  name: "staff-survey",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.surveys.roles],
});

export const meta: MetaFunction = () => [{ title: "Survey answers · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "surveys");
  const found = await getCampaign(params.id ?? "");
  if (!found) throw notFound();
  const answers = await answersTo(found.campaign.id);
  const results = summarizeAnswers(found.questions, answers).map((r) => ({
    id: r.question.id,
    prompt: r.question.prompt,
    kind: QUESTION_KIND_LABEL[r.question.kind],
    answered: r.answered,
    counts: r.counts,
  }));
  return data(
    {
      id: found.campaign.id,
      title: found.campaign.title,
      audience: AUDIENCE_LABEL[found.campaign.audience],
      active: found.campaign.active,
      total: answers.length,
      results,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function StaffSurveyRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <StaffPage
      id="survey-title"
      title={page.title}
      intro={`${page.audience}. ${page.active ? "Running" : "Paused"}. Answered ${page.total} ${page.total === 1 ? "time" : "times"}.`}
    >
      <p>
        <a href="/staff/surveys">All surveys</a> ·{" "}
        <a href={`/staff/surveys/${encodeURIComponent(page.id)}/answers.csv`} download>
          Download the answers (CSV)
        </a>
      </p>
      {page.total === 0 ? <EmptyState title="No answers yet" message="Counts appear here as members answer." /> : null}
      {page.results.map((r) => (
        <section key={r.id} className="stack" aria-labelledby={`result-${r.id}`}>
          <h2 id={`result-${r.id}`}>{r.prompt}</h2>
          <p>
            {r.kind}. {r.answered} {r.answered === 1 ? "answer" : "answers"}.
          </p>
          {r.counts.length ? (
            <table className="staff-table">
              <caption className="visually-hidden">Answers to: {r.prompt}</caption>
              <thead>
                <tr>
                  <th scope="col">Answer</th>
                  <th scope="col">Members</th>
                </tr>
              </thead>
              <tbody>
                {r.counts.map((c) => (
                  <tr key={c.label}>
                    <th scope="row">{c.label}</th>
                    <td>{c.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p>Short answers are in the CSV.</p>
          )}
        </section>
      ))}
    </StaffPage>
  );
}
