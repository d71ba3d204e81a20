import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getLearningSeriesBySlug } from "~/features/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({ name: "learn-series", layout: "main", theme: "light", banner: true });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data ? data.series.title : "Series not found",
    description: data?.series.summary,
    path: data ? `/learn/${data.series.slug}` : "/learn",
    matches,
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const series = await getLearningSeriesBySlug(params.seriesSlug ?? "");
  if (!series) throw notFound();
  return {
    series: {
      slug: series.slug,
      title: series.title,
      summary: series.summary,
      lessons: series.lessons.map((lesson) => ({
        slug: lesson.slug,
        title: lesson.title,
        summary: lesson.summary,
        durationMinutes: lesson.durationMinutes,
        bodyHtml: lesson.bodyHtml,
      })),
    },
  };
}

export default function LearnSeriesRoute() {
  const { series } = useLoaderData<typeof loader>();
  return (
    <article>
      <header className="page-intro">
        <div className="container container--narrow">
          <p className="eyebrow">
            <Link to="/learn">Learn</Link> · {series.lessons.length} lessons
          </p>
          <h1>{series.title}</h1>
          <p>{series.summary}</p>
          <nav aria-label="Lessons in this series">
            <ol className="lesson-index">
              {series.lessons.map((lesson) => (
                <li key={lesson.slug}>
                  <a href={`#${lesson.slug}`}>{lesson.title}</a> <span className="muted">· {lesson.durationMinutes} min</span>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </header>
      <div className="section section--flush-top">
        <div className="container container--narrow">
          <ol className="lesson-list">
            {series.lessons.map((lesson, index) => (
              <li key={lesson.slug} id={lesson.slug} className="lesson">
                <h2>
                  <span className="muted">Lesson {index + 1}. </span>
                  {lesson.title}
                </h2>
                {lesson.summary ? <p className="lede">{lesson.summary}</p> : null}
                <div className="prose" data-dynamic-content dangerouslySetInnerHTML={{ __html: lesson.bodyHtml }} />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </article>
  );
}
