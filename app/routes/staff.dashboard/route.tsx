import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaffBarChart, StaffFillBar } from "./staff-bar-chart";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTable } from "~/components/staff/staff-table";
import { barsFor } from "~/models/staff/dashboard";
import { morningFigures } from "~/models/staff/dashboard.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockDate, clockShortDayTime, dayStartIn, placeNote } from "~/models/identity/clock";
import { zoneLabel } from "~/models/identity/time-zone";

/**
 * Issue 26: the figures an operator checks each morning, for admins (ADR 052): the coming week's
 * classes with bookings and fill, and new and cancelled memberships, codes and gifts redeemed,
 * credits sold and spent over the last 7 and 30 days. The charts are SVG drawn here (no script);
 * every number is written beside its chart, in a table. The same figures download as CSV.
 */
export const handle = defineHandle({
  name: "staff-dashboard",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.dashboard.roles],
});

export const meta: MetaFunction = () => [{ title: "Morning figures · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Issue 34: days and online classes on the admin's own clock; a studio's class on the studio's.
  const { zone } = await requireStaff(request, "dashboard");
  const figures = await morningFigures(new Date(), zone);
  const now = new Date();
  const when = (c: { startsAt: string; timeZone: string; where: string }) =>
    c.where === "studio"
      ? `${clockShortDayTime(c.startsAt, c.timeZone)}${placeNote(c.startsAt, c.timeZone, zone)}`
      : clockShortDayTime(c.startsAt, zone);
  const day = (key: string | undefined) => (key ? clockDate(dayStartIn(key, zone) ?? now, zone) : "");
  const booked = figures.week.reduce((sum, c) => sum + c.booked, 0);
  const seats = figures.week.reduce((sum, c) => sum + c.capacity, 0);
  return data(
    {
      zone: zoneLabel(zone, now),
      generatedAt: figures.generatedAt,
      firstDay: day(figures.days[0]),
      lastDay: day(figures.days[figures.days.length - 1]),
      week: figures.week.map((c) => ({ ...c, when: when(c) })),
      weekCapped: figures.weekCapped,
      weekTotals: { classes: figures.week.length, booked, seats, fill: seats > 0 ? Math.round((booked / seats) * 100) : 0 },
      series: figures.series,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const CHART = { width: 150, height: 32 };

export default function StaffDashboardRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <StaffPage
      id="dashboard-title"
      title="Morning figures"
      intro="The coming week's classes and the last month's sign-ups, cancellations, codes, gifts and credits. Figures are at most a minute old."
    >
      <p>
        <a className="button button--secondary" href="/staff/dashboard.csv" download>
          Download the figures (CSV)
        </a>
      </p>
      <h2 id="week-title">The coming week</h2>
      {page.week.length === 0 ? (
        <p className="empty-note">No classes are scheduled in the next seven days.</p>
      ) : (
        <>
          <p>
            {page.weekTotals.classes} {page.weekTotals.classes === 1 ? "class" : "classes"}, {page.weekTotals.booked} of{" "}
            {page.weekTotals.seats} places booked ({page.weekTotals.fill}% full). Online classes in your time, {page.zone}; studio classes
            in the studio's.
            {page.weekCapped ? " Only the first 500 classes are shown." : ""}
          </p>
          <StaffTable labelledBy="week-title" testId="week" headers={["When", "Class", "Booked", "Full"]}>
            {page.week.map((c) => (
              <tr key={c.id}>
                <td>{c.when}</td>
                <td>
                  {c.title}
                  {c.where === "studio" ? " (studio)" : ""}
                </td>
                <td>
                  {c.booked} of {c.capacity}
                  {c.waitlisted > 0 ? `, ${c.waitlisted} waiting` : ""}
                </td>
                <td>
                  <StaffFillBar percent={c.fill} /> {c.fill}%
                </td>
              </tr>
            ))}
          </StaffTable>
        </>
      )}
      <h2 id="trends-title">The last 30 days</h2>
      <p>
        From {page.firstDay} to {page.lastDay}, days in your time ({page.zone}). Each chart has one bar a day, today on the right.
      </p>
      <StaffTable
        labelledBy="trends-title"
        testId="trends"
        headers={[
          "Figure",
          "Last 7 days",
          "Last 30 days",
          <span key="chart" aria-hidden="true">
            Day by day
          </span>,
        ]}
      >
        {page.series.map((s) => (
          <tr key={s.id} data-series={s.id}>
            <th scope="row">{s.label}</th>
            <td>{s.last7}</td>
            <td>
              {s.last30}
              {s.capped ? " or more" : ""}
            </td>
            <td>
              <StaffBarChart bars={barsFor(s.daily, CHART.width, CHART.height)} width={CHART.width} height={CHART.height} />
            </td>
          </tr>
        ))}
      </StaffTable>
    </StaffPage>
  );
}
