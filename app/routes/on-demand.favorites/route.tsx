import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { OnDemandCard } from "~/components/on-demand-card";
import { favoritesPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";

/** Issue 10: the member's favourite classes and series. Kept after a membership ends. */
export const handle = defineHandle({ name: "on-demand-favorites", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Favourites · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request, handle, { context });
  return data(await favoritesPage(viewer.uid), { headers: { "Cache-Control": "private, no-store" } });
}

export default function FavoritesRoute() {
  const page = useLoaderData<typeof loader>();
  const empty = page.classes.length === 0 && page.series.length === 0;
  return (
    <section className="section" aria-labelledby="favorites-title">
      <div className="container stack">
        <header className="page-intro">
          <p className="eyebrow">On demand</p>
          <h1 id="favorites-title">Favourites</h1>
        </header>
        {empty ? (
          <EmptyState
            title="No favourites yet"
            message="Tap the heart on any class to keep it here."
            link={{ to: "/on-demand", label: "Browse on demand" }}
          />
        ) : null}
        {page.classes.length > 0 ? (
          <ul className="od-grid" aria-label="Favourite classes">
            {page.classes.map((item) => (
              <li key={item.slug}>
                <OnDemandCard item={item} headingLevel={2} />
              </li>
            ))}
          </ul>
        ) : null}
        {page.series.length > 0 ? (
          <section aria-labelledby="favorite-series-title">
            <h2 id="favorite-series-title">Series</h2>
            <ul>
              {page.series.map((series) => (
                <li key={series.slug}>
                  <Link to={series.href}>{series.title}</Link> · {series.lessonCount} lessons
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}
