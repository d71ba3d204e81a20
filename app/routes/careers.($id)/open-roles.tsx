import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import type { JobOpening } from "~/models/content/content";

/** The open roles, each with its team, place and kind of contract; a kind word when there are none. */
export function OpenRoles({ openings }: { openings: Pick<JobOpening, "id" | "title" | "team" | "location" | "employmentType">[] | null }) {
  return (
    <section className="section section--flush-top" aria-labelledby="openings-title">
      <div className="container">
        <h2 id="openings-title">Open roles</h2>
        {openings && openings.length > 0 ? (
          <ul className="job-list">
            {openings.map((job) => (
              <li key={job.id}>
                <h3>
                  <Link to={`/careers/${job.id}`}>{job.title}</Link>
                </h3>
                <span className="job-list__meta">
                  {job.team} · {job.location} · {job.employmentType}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title="No open roles right now"
            message="We are not hiring at the moment. Take a look again in a few weeks, or say hello at careers@stillhour.example."
          />
        )}
      </div>
    </section>
  );
}
