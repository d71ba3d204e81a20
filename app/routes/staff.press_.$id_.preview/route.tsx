import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PressCoverage } from "~/components/content/press-coverage";
import { FALLBACK_TIME_ZONE, validTimeZone } from "~/models/identity/user";
import { previewNotice } from "~/models/staff/publishing";
import { publishStateOf } from "~/models/staff/publishing.server";
import { getPressForStaff, previewPress } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/** Issue 26: a staff-only preview of a press item, drawn by the press page's own component. */
export const handle = defineHandle({
  name: "staff-press-preview",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.press.roles],
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Preview: ${data?.item.title ?? "press item"} · Staff · Stillhour` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "press");
  const stored = await getPressForStaff(params.id ?? "");
  if (!stored) throw notFound();
  const { id, outlet, title, publishedAt, url, excerpt } = previewPress(stored);
  const notice = previewNotice(
    publishStateOf(stored),
    stored.publishAt ?? null,
    "the press page",
    validTimeZone(staff.user.mostRecentTimeZone) ?? FALLBACK_TIME_ZONE,
  );
  return data({ notice, item: { id, outlet, title, publishedAt, url, excerpt } }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function StaffPressPreviewRoute() {
  const { item, notice } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="press-preview-title">
      <div className="container container--narrow">
        <p className="notice preview-notice" role="note" data-testid="preview-notice">
          <strong>Preview.</strong> {notice} <a href={`/staff/press/${item.id}`}>Back to the editor</a>
        </p>
        <h1 id="press-preview-title">Coverage</h1>
        <PressCoverage articles={[item]} />
      </div>
    </section>
  );
}
