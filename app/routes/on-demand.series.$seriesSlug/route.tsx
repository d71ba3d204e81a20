import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { PageNotices } from "~/components/page-notices";
import { FavoriteButton } from "~/components/favorite-button";
import { notFound } from "~/lib/errors";
import { answerFavorite, isOnDemandSlug } from "~/server/on-demand.server";
import { seriesPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
import { pageCaching } from "~/lib/cache-control";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 10: a series. Lessons in order with the member's progress; the next lesson is simply the first
 * not yet finished, so a series can be paused for a day or a month and picked up where it was.
 */
export const handle = defineHandle({ name: "on-demand-series", layout: "main", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page
    ? [{ title: `${page.title} · Series · Stillhour` }, { name: "description", content: page.description }]
    : [{ title: "Series not found · Stillhour" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.seriesSlug ?? "";
  const page = isOnDemandSlug(slug) ? await seriesPage(request, context, slug) : null;
  if (!page) throw notFound();
  return data(page, { headers: pageCaching(page.personal) });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  favorite: { does: ["write"], bound: "one favourite per member and series, set or removed; nothing accumulates" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerFavorite(request, context, "series", params.seriesSlug ?? "");
}

const STATUS_LABEL = { done: "Done", started: "Started", new: "" } as const;

export default function SeriesRoute() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <article className="section" aria-labelledby="series-title">
      <div className="container container--narrow stack">
        <p className="breadcrumbs">
          <Link to="/on-demand">On demand</Link>
        </p>
        <header className="page-intro">
          <p className="eyebrow">
            {page.modality} series · {page.lessons.length} lessons
          </p>
          <h1 id="series-title">{page.title}</h1>
          <p>with {page.teacherName}</p>
          <p>{page.description}</p>
        </header>
        <PageNotices error={refused?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
        {page.canFavorite ? <FavoriteButton action={`/on-demand/series/${page.slug}`} favorite={page.favorite} title={page.title} /> : null}
        {page.personal ? (
          <p className="series-progress">
            {page.done === 0
              ? "Start whenever suits you. There's no schedule to keep."
              : page.done === page.lessons.length
                ? `You've finished all ${page.lessons.length} lessons. Any of them is here to come back to.`
                : `${page.done} of ${page.lessons.length} done. Your place is kept, however long the pause.`}
          </p>
        ) : null}
        {page.next ? (
          <p>
            <Link className="button" to={page.next.href}>
              {page.next.resuming ? "Carry on with" : "Go on to"} lesson {page.next.number}: {page.next.title}
            </Link>
          </p>
        ) : null}
        <ol className="od-lessons">
          {page.lessons.map((lesson) => (
            <li key={lesson.slug} className={`od-lesson od-lesson--${lesson.status}`}>
              <img
                src={lesson.poster.src}
                width={160}
                height={90}
                alt=""
                loading="lazy"
                decoding="async"
                style={{ backgroundColor: lesson.posterColor }}
              />
              <div>
                <p className="od-lesson__number">
                  Lesson {lesson.number}
                  {STATUS_LABEL[lesson.status] ? <span className="badge">{STATUS_LABEL[lesson.status]}</span> : null}
                </p>
                <h2 className="od-lesson__title">
                  <Link to={lesson.href}>{lesson.title}</Link>
                </h2>
                <p className="muted">
                  {lesson.teacherName} · {lesson.duration}
                </p>
                <p>{lesson.description}</p>
              </div>
            </li>
          ))}
        </ol>
        {page.access !== "member" ? (
          <p className="notice" role="note">
            The series is part of the membership.{" "}
            <Link to={`/subscribe?next=${encodeURIComponent(`/on-demand/series/${page.slug}`)}`}>Start with a free week</Link>.
          </p>
        ) : null}
      </div>
    </article>
  );
}
