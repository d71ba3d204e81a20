import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/models/staff/dashboard";
import { morningFigures } from "~/models/staff/dashboard.server";
import { requireStaff } from "~/server/staff-access.server";

/**
 * Issue 26: the morning figures as a CSV download, for admins (ADR 052): the coming week's classes,
 * then each figure day by day. Every text cell is made safe for spreadsheets (a class title starting
 * with = + - @ opens as text, never as a formula).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "dashboard");
  const figures = await morningFigures();
  const rows: Array<Array<string | number>> = [
    ["section", "starts_at_utc", "class", "where", "booked", "capacity", "fill_percent", "waitlisted"],
  ];
  for (const c of figures.week) rows.push(["week", c.startsAt, c.title, c.where, c.booked, c.capacity, c.fill, c.waitlisted]);
  rows.push([]);
  rows.push(["day_utc", ...figures.series.map((s) => s.id)]);
  figures.days.forEach((day, i) => rows.push([day, ...figures.series.map((s) => s.daily[i] ?? 0)]));
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="stillhour-figures-${figures.generatedAt.slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
