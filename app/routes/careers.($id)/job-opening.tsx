import { Link } from "~/components/link";
import { formatDate } from "~/components/content/article-card";
import type { JobOpening } from "~/models/content/content";

/** One opening in full: what the role does, what helps, and how to apply. */
export function JobOpeningPage({ opening }: { opening: JobOpening }) {
  return (
    <section className="section" aria-labelledby="job-title">
      <div className="container container--narrow">
        <Link className="back-link" to="/careers">
          <span aria-hidden="true">←</span> All openings
        </Link>
        <p className="eyebrow">{opening.team}</p>
        <h1 id="job-title">{opening.title}</h1>
        <p className="article-header__meta">
          <span>{opening.location}</span>
          <span>{opening.employmentType}</span>
          <span>
            Posted <time dateTime={opening.postedAt}>{formatDate(opening.postedAt)}</time>
          </span>
        </p>
        <div className="prose">
          <p>{opening.summary}</p>
          {opening.responsibilities.length > 0 ? (
            <>
              <h2>What you will do</h2>
              <ul>
                {opening.responsibilities.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          ) : null}
          {opening.requirements.length > 0 ? (
            <>
              <h2>What helps</h2>
              <ul>
                {opening.requirements.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </>
          ) : null}
          <h2>How to apply</h2>
          <p>
            Write to us at{" "}
            <a href={`mailto:careers@stillhour.example?subject=${encodeURIComponent(opening.title)}`}>careers@stillhour.example</a> with a
            few lines about you and why this role. No cover-letter theatre needed.
          </p>
        </div>
      </div>
    </section>
  );
}
