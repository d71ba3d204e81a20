import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { FilterDisclosure } from "~/components/filter-disclosure";
import { ClassListItem } from "~/components/class-list-item";
import { schedulePage } from "~/models/classes/class-listing.server";
import { defineHandle } from "~/lib/route-handle";
import { getVisitor } from "~/server/visitor.server";
import { readerZone } from "~/server/reader-zone.server";

/**
 * Issue 9: the schedule. An agenda list grouped by day in the visitor's own zone (named on screen),
 * with filters that are plain links, so it reads well with a screen reader, on a phone and without
 * JavaScript.
 */
export const handle = defineHandle({ name: "classes", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction = () => [
  { title: "Live classes · Stillhour" },
  {
    name: "description",
    content: "The live schedule: meditation, mindfulness and breathwork with a teacher who sees you arrive, in your own time zone.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [visitor, zone] = await Promise.all([getVisitor(request), readerZone(request, context)]);
  const page = await schedulePage(new URL(request.url), zone, new Date());
  const headers = new Headers();
  if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  return data(page, { headers });
}

export default function ClassesRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="classes-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Live classes</p>
          <h1 id="classes-title">The schedule</h1>
          <p>
            Every class is led live by a teacher. Drop in to any of them; camera off is always fine. Rather be in a room together?{" "}
            <Link to="/studios">Our studios</Link> have classes in person.
          </p>
          {/* The same words whether or not the browser has reported its zone yet: the report reloads the
              page's data, and a sentence that lost a clause moved the schedule under it (CLS 0.03,
              issue 25). The zone page says why UTC is shown. */}
          <p className="schedule__zone">
            Times are shown in <strong>{page.zoneLabel}</strong>.{" "}
            <Link to={`/preferences/time-zone?next=${encodeURIComponent(page.path)}`}>Change time zone</Link>
          </p>
        </header>

        <FilterDisclosure
          label="Filter classes"
          chosen={page.filters.flatMap((group) =>
            group.options.filter((option) => option.active && option !== group.options[0]).map((option) => option.label),
          )}
        >
          <nav className="schedule-filters" aria-label="Filter classes">
            {page.filters.map((group) => (
              <div key={group.name} className="schedule-filters__group">
                <p className="schedule-filters__label" id={`filter-${group.name}`}>
                  {group.label}
                </p>
                <ul className="category-nav" aria-labelledby={`filter-${group.name}`}>
                  {group.options.map((option) => (
                    <li key={option.label}>
                      <Link to={option.href} aria-current={option.active ? "page" : undefined} preventScrollReset>
                        {option.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </FilterDisclosure>

        {page.days.length === 0 ? (
          <EmptyState
            title={page.filtered ? "No classes match these filters" : "No live classes are scheduled just now"}
            message={page.filtered ? "Try another time of day or teacher, or see every class." : "The on-demand library is open any time."}
            action={
              page.filtered ? (
                <Link className="button button--secondary" to="/classes">
                  Show every class
                </Link>
              ) : null
            }
          />
        ) : (
          page.days.map((day) => (
            <section key={day.dayKey} className="schedule-day" aria-labelledby={`day-${day.dayKey}`}>
              <h2 id={`day-${day.dayKey}`}>{day.label}</h2>
              <ul className="schedule-list">
                {day.classes.map((liveClass) => (
                  <li key={liveClass.id}>
                    <ClassListItem liveClass={liveClass} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </section>
  );
}
