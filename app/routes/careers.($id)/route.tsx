import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "~/components/content/article-card";
import { EmptyState } from "~/components/empty-state";
import { getJobOpenings } from "~/models/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ query: [], name: "careers", layout: "main", theme: "dark" });

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) => {
  if (data?.opening) {
    return pageMeta({
      title: `${data.opening.title} · Careers`,
      description: data.opening.summary,
      path: `/careers/${data.opening.id}`,
      matches,
    });
  }
  if (params.id) return pageMeta({ title: "Page not found", path: `/careers/${params.id}`, matches });
  return pageMeta({
    title: "Careers",
    description: "Work with Stillhour: help more people find a calm hour in their day.",
    path: "/careers",
    matches,
  });
};

export async function loader({ params }: LoaderFunctionArgs) {
  const openings = await getJobOpenings();
  if (params.id) {
    const opening = openings.find((job) => job.id === params.id);
    if (!opening) throw notFound();
    return { opening, openings: null };
  }
  return {
    opening: null,
    openings: openings.map(({ id, title, team, location, employmentType }) => ({ id, title, team, location, employmentType })),
  };
}

export default function CareersRoute() {
  const { opening, openings } = useLoaderData<typeof loader>();
  if (opening) {
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
  return (
    <>
      <section className="page-intro" aria-labelledby="careers-title">
        <div className="container">
          <p className="eyebrow">Careers</p>
          <h1 id="careers-title">Help more people find a quiet hour</h1>
          <p>
            We are a small, remote-first team who take calm seriously, including our own. Sensible hours, real time off, and a weekly class
            together.
          </p>
        </div>
      </section>
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
    </>
  );
}
