import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FavoriteButton } from "~/components/favorite-button";
import { JsonLd } from "~/components/json-ld";
import { OnDemandPlayer } from "./on-demand-player";
import { notFound } from "~/lib/errors";
import { answerFavorite, isOnDemandSlug, onDemandClassPage } from "~/server/on-demand-pages.server";
import { defineHandle } from "~/lib/route-handle";
import { clockTime } from "~/models/on-demand/media-time";
import { pageCaching } from "~/lib/cache-control";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 10: one on-demand class. Everyone sees the details; a member gets the player (its stream
 * addresses only ever in this member's uncached page), the transcript and resume; anyone signed in
 * keeps favourites.
 */
export const handle = defineHandle({ name: "on-demand-class", layout: "main", theme: "light" });

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page
    ? [
        { title: `${page.title} · On demand · Stillhour` },
        { name: "description", content: page.description || `A ${page.duration} ${page.modality.toLowerCase()} class.` },
        { property: "og:image", content: page.poster.src },
      ]
    : [{ title: "Class not found · Stillhour" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.classSlug ?? "";
  const page = isOnDemandSlug(slug) ? await onDemandClassPage(request, context, slug) : null;
  if (!page) throw notFound();
  return data(page, { headers: pageCaching(page.personal) });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  favorite: { does: ["write"], bound: "one favourite per member and class, set or removed; nothing accumulates" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  return answerFavorite(request, context, "class", params.classSlug ?? "");
}

export default function OnDemandClassRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="section od-class" aria-labelledby="od-class-title">
      <JsonLd data={page.jsonLd} />
      <div className="container container--narrow stack">
        <p className="breadcrumbs">
          <Link to="/on-demand">On demand</Link>
          {page.series ? (
            <>
              {" / "}
              <Link to={page.series.href}>{page.series.title}</Link>
            </>
          ) : null}
        </p>
        <header className="page-intro">
          <p className="eyebrow">
            {page.modality}
            {page.series ? ` · Lesson ${page.series.lesson} of ${page.series.of}` : ""}
          </p>
          <h1 id="od-class-title">{page.title}</h1>
          <p className="od-class__facts">
            {page.teacher ? (
              <>
                with {page.teacher.href ? <Link to={page.teacher.href}>{page.teacher.name}</Link> : page.teacher.name}
                {" · "}
              </>
            ) : null}
            {page.duration} · {page.level}
          </p>
        </header>

        {page.notice ? (
          <p className="notice notice--success" role="status">
            {page.notice}
          </p>
        ) : null}

        {page.player ? (
          <OnDemandPlayer
            title={page.title}
            teacherName={page.teacher?.name ?? null}
            poster={page.poster}
            posterColor={page.posterColor}
            picture={page.player.picture}
            voice={page.player.voice}
            captions={page.player.captions}
            durationSeconds={page.durationSeconds}
            resumeAt={page.player.resumeAt}
            progressUrl={`${page.path}/progress`}
            nextHref={page.series?.next ?? null}
          />
        ) : (
          <div className="od-class__poster">
            <img
              src={page.poster.src}
              width={page.poster.width}
              height={page.poster.height}
              alt=""
              style={{ backgroundColor: page.posterColor }}
            />
          </div>
        )}
        {page.player ? (
          <noscript>
            <p className="notice">The player needs JavaScript. The whole class is written out in the transcript below.</p>
          </noscript>
        ) : null}
        {page.playerError ? (
          <p className="notice notice--error" role="alert">
            {page.playerError}
          </p>
        ) : null}

        {page.access !== "member" ? (
          <section className="auth-card stack" aria-labelledby="od-join-title">
            <h2 id="od-join-title">
              {page.access === "visitor" ? "Play this class with a membership" : "This class is part of the membership"}
            </h2>
            <p>Every on-demand class, every live class, and the series, with a free first week. Cancel any time.</p>
            <p className="button-row">
              <Link className="button" to={page.subscribeHref}>
                {page.access === "visitor" ? "Start your free week" : "See memberships"}
              </Link>
              {page.access === "visitor" ? (
                <Link className="button button--quiet" to={page.signInHref}>
                  I'm already a member
                </Link>
              ) : null}
            </p>
          </section>
        ) : null}

        {page.canFavorite ? <FavoriteButton action={page.path} favorite={page.favorite} title={page.title} /> : null}

        <p>{page.description}</p>
        {page.tags.length > 0 ? (
          <ul className="tag-list" aria-label="Tags">
            {page.tags.map((tag) => (
              <li key={tag.id}>
                <Link className="tag" to={`/search?tag=${encodeURIComponent(tag.id)}`}>
                  {tag.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}

        {page.player && page.player.transcript.length > 0 ? (
          <section aria-labelledby="transcript-title" className="transcript">
            <h2 id="transcript-title">Transcript</h2>
            <ol className="transcript__list">
              {page.player.transcript.map((cue, index) => (
                <li key={index} data-cue={index}>
                  <span className="transcript__time">{clockTime(cue.start)}</span> {cue.text}
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {page.series?.next ? (
          <p>
            <Link to={page.series.next}>Next in {page.series.title}</Link>
          </p>
        ) : null}
        <p>
          <Link to="/on-demand">Back to on demand</Link>
        </p>
      </div>
    </article>
  );
}
