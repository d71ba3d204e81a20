import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { OnDemandCard } from "~/components/on-demand-card";
import { historyPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { clockTime } from "~/models/on-demand/media-time";
import { clockShortDate, readerDay } from "~/models/identity/clock";

/** Issue 10: what the member has watched, most recent first, with "watch again". Kept after a membership ends. */
export const handle = defineHandle({ name: "on-demand-history", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Watch history · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const [page, zone] = await Promise.all([historyPage(viewer.uid), memberZone(request, user)]);
  const now = Date.now();
  const entries = page.entries.map((entry) => ({ ...entry, watchedOn: watchedOn(entry.watchedAt, zone, now) }));
  return data({ ...page, entries }, { headers: { "Cache-Control": "private, no-store" } });
}

/** The day a viewing happened on the member's own calendar (issue 34): "Today", "Yesterday" or "1 Dec". */
function watchedOn(at: string, zone: string | null, now: number): string {
  const day = readerDay(at, zone);
  if (day === readerDay(now, zone)) return "Today";
  if (day === readerDay(now - 86_400_000, zone)) return "Yesterday";
  return clockShortDate(at, zone);
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
                  <time dateTime={entry.watchedAt}>{entry.watchedOn}</time>
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
