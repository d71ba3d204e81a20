import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TicketList } from "~/components/ticket-list";
import { ClassListItem } from "~/components/class-list-item";
import { EmptyState } from "~/components/empty-state";
import { myClasses } from "~/models/classes/class-listing.server";
import { upcomingTickets } from "~/models/studios/ticket-page.server";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { memberZone } from "~/server/reader-zone.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/** Issue 9: the member's booked and waitlisted classes, upcoming first, then the ones past. */
export const handle = defineHandle({ name: "my-classes", layout: "main", theme: "light", requiresAuth: true, localTimes: true });

export const meta: MetaFunction = () => [{ title: "My classes · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, user } = await requireAccess(request, handle, { context });
  const reader = await memberZone(request, user);
  const zone = reader ?? FALLBACK_TIME_ZONE;
  const now = new Date();
  const [classes, tickets] = await Promise.all([myClasses(viewer.uid, zone, now), upcomingTickets(viewer.uid, now, reader)]);
  return data({ ...classes, tickets }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MyClassesRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="my-classes-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Live classes</p>
          <h1 id="my-classes-title">My classes</h1>
          <p className="schedule__zone">Times are shown in {page.zoneLabel}.</p>
        </header>
        {page.tickets.length > 0 ? (
          <section aria-labelledby="tickets-title">
            <h2 id="tickets-title">Studio tickets</h2>
            <TicketList tickets={page.tickets} />
          </section>
        ) : null}
        <section aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">Coming up</h2>
          {page.upcoming.length === 0 ? (
            <EmptyState
              title="Nothing booked yet"
              message="Book a place on any live class and it will wait for you here."
              link={{ to: "/classes", label: "See the schedule" }}
            />
          ) : (
            <ul className="schedule-list">
              {page.upcoming.map((item) => (
                <li key={item.id}>
                  <ClassListItem liveClass={item} />
                </li>
              ))}
            </ul>
          )}
        </section>
        {page.past.length > 0 ? (
          <section aria-labelledby="past-title">
            <h2 id="past-title">Past classes</h2>
            <ul className="schedule-list">
              {page.past.map((item) => (
                <li key={item.id}>
                  <ClassListItem liveClass={item} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </section>
  );
}
