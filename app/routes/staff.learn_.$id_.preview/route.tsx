import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LearnSeriesView } from "~/components/content/learn-series-view";
import { PreviewNotice } from "~/components/staff/preview-notice";
import { FALLBACK_TIME_ZONE, validTimeZone } from "~/models/identity/user";
import { previewNotice } from "~/models/staff/publishing";
import { publishStateOf } from "~/models/staff/publishing.server";
import { getSeriesForStaff, previewSeries } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/** Issue 26: a staff-only preview of a learn series, a draft included, drawn by the public page's own component. */
export const handle = defineHandle({
  name: "staff-learn-preview",
  layout: "main",
  theme: "light",
  banner: true,
  requiresAuth: true,
  roles: [...STAFF_AREAS.learn.roles],
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Preview: ${data?.series.title ?? "series"} · Staff · Stillhour` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "learn");
  const stored = await getSeriesForStaff(params.id ?? "");
  if (!stored) throw notFound();
  const { slug, title, summary, lessons } = previewSeries(stored);
  const notice = previewNotice(
    publishStateOf(stored),
    stored.publishAt ?? null,
    "the learn pages",
    validTimeZone(staff.user.mostRecentTimeZone) ?? FALLBACK_TIME_ZONE,
  );
  return data({ id: stored.id, notice, series: { slug, title, summary, lessons } }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function StaffLearnPreviewRoute() {
  const { id, notice, series } = useLoaderData<typeof loader>();
  return (
    <>
      <PreviewNotice text={notice} editHref={`/staff/learn/${id}`} />
      <LearnSeriesView series={series} />
    </>
  );
}
