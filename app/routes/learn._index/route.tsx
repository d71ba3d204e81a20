import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ArtImage } from "~/components/art-image";
import { EmptyState } from "~/components/empty-state";
import { getLearningSeries } from "~/models/content/content.server";
import { sceneFor } from "~/lib/art/art-scene";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ query: [], name: "learn", layout: "main", theme: "dark", banner: true });

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Learn",
    description: "Short series that teach the basics of meditation, breathwork and sleep, one small lesson at a time.",
    path: "/learn",
    matches,
  });

export async function loader() {
  const series = await getLearningSeries();
  return {
    series: series.map(({ slug, title, summary, color, lessons }) => ({
      slug,
      title,
      summary,
      color,
      lessonCount: lessons.length,
      minutes: lessons.reduce((sum, lesson) => sum + lesson.durationMinutes, 0),
    })),
  };
}

export default function LearnRoute() {
  const { series } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="page-intro" aria-labelledby="learn-title">
        <div className="container">
          <p className="eyebrow">Learn</p>
          <h1 id="learn-title">Small lessons, taken slowly</h1>
          <p>Each series is a handful of short lessons. Read one a day, or all at once on a quiet evening.</p>
        </div>
      </section>
      <section className="section section--flush-top" aria-label="All series">
        <div className="container">
          {series.length > 0 ? (
            <ul className="grid grid--cards">
              {series.map((s) => (
                <li key={s.slug} className="card card--link">
                  <div className="card__art">
                    <ArtImage kind={sceneFor(s.title, s.slug)} seed={s.slug} />
                  </div>
                  <h2 className="h3">
                    <Link className="card__link" to={`/learn/${s.slug}`} prefetch="intent">
                      {s.title}
                    </Link>
                  </h2>
                  <p>{s.summary}</p>
                  <p className="card__meta">
                    {s.lessonCount} lessons · about {s.minutes} minutes
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="New series are on the way" message="There is nothing to read here just yet. Please look again soon." />
          )}
        </div>
      </section>
    </>
  );
}
