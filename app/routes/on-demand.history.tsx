import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { OnDemandCard } from "~/components/on-demand-card";
import { historyPage } from "~/server/on-demand-pages.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { clockTime } from "~/features/on-demand/media-time";

/** Issue 10: what the member has watched, most recent first, with "watch again". Kept after a membership ends. */
export const handle = defineHandle({ name: "on-demand-history", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Watch history · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer } = await requireAccess(request, handle, { context });
  return data(await historyPage(viewer.uid), { headers: { "Cache-Control": "private, no-store" } });
}

export default function HistoryRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="history-title">
      <div className="container stack">
        <header className="page-intro">
          <p className="eyebrow">On demand</p>
          <h1 id="history-title">Watch history</h1>
        </header>
        {page.entries.length === 0 ? (
          <EmptyState
            title="Nothing watched yet"
            message="Classes you play will be listed here, so you can pick one up again or play a favourite twice."
            link={{ to: "/on-demand", label: "Browse on demand" }}
          />
        ) : (
          <ul className="od-grid">
            {page.entries.map((entry) => (
              <li key={entry.slug}>
                <OnDemandCard item={entry} headingLevel={2} />
                <p className="muted">
                  {entry.completed ? "Finished" : entry.resumeAt > 0 ? `Stopped at ${clockTime(entry.resumeAt)}` : "Started"} ·{" "}
                  <time dateTime={entry.watchedAt}>{new Date(entry.watchedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })}</time>
                </p>
                <p>
                  <Link to={entry.href} aria-label={`${entry.completed ? "Watch again" : "Carry on"}: ${entry.title}`}>
                    {entry.completed ? "Watch again" : "Carry on"}
                  </Link>
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
