import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { FavoriteButton } from "~/components/favorite-button";
import { JsonLd } from "~/components/json-ld";
import { PageNotices } from "~/components/page-notices";
import { ClassIntro } from "./class-intro";
import { ClassMedia } from "./class-media";
import { MembershipCard } from "./membership-card";
import { Transcript } from "./transcript";
import { notFound } from "~/lib/errors";
import { answerFavorite, isOnDemandSlug } from "~/server/on-demand.server";
import { onDemandClassPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
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
  const refused = useActionData<typeof action>();
  return (
    <article className="section od-class" aria-labelledby="od-class-title">
      <JsonLd data={page.jsonLd} />
      <div className="container container--narrow stack">
        <ClassIntro page={page} />
        <PageNotices error={refused?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
        <ClassMedia page={page} />
        {page.access !== "member" ? <MembershipCard page={page} /> : null}

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

        {page.player ? <Transcript transcript={page.player.transcript} /> : null}

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
