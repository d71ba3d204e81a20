import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffLearnForm } from "~/components/staff/staff-learn-form";
import { StaffPage } from "~/components/staff/staff-page";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { confirmationOf } from "~/lib/forms/confirm";
import { publishStateLine } from "~/components/staff/staff-publish-buttons";
import { COVER_COLORS } from "~/models/staff/article-form";
import { PUBLISH_NOTICES, PUBLISH_STATE_LABEL, type LearnFormValues, learnFormValues } from "~/models/staff/editorial-form";
import { getSeriesForStaff, publishStateOf } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { learnAction } from "~/server/staff-editorial.server";
import { requireStaff } from "~/server/staff-access.server";
import { clockDayTime, toLocalInput } from "~/models/identity/clock";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** Issue 26: one learn series: edit it and its lessons, preview it, publish it or take it down. */
export const handle = defineHandle({
  name: "staff-learn-series",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.learn.roles],
});

export const meta: MetaFunction = () => [{ title: "Edit series · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "learn");
  const series = await getSeriesForStaff(params.id ?? "");
  if (!series) throw notFound();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const values: LearnFormValues = {
    intent: "save",
    title: series.title,
    slug: series.slug,
    summary: series.summary,
    color: series.color,
    order: String(series.order),
    lessons: series.lessons.map((l) => ({
      title: l.title,
      summary: l.summary,
      durationMinutes: String(l.durationMinutes),
      bodyHtml: l.bodyHtml,
    })),
    publishAt: series.publishAt ? toLocalInput(series.publishAt, zone) : "",
  };
  return data(
    {
      notice: PUBLISH_NOTICES[done] ?? null,
      id: series.id,
      state: publishStateOf(series),
      zone,
      publishesAt: series.publishAt ? clockDayTime(series.publishAt, zone) : null,
      slugLocked: Boolean(series.firstPublishedAt || series.published),
      values,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request, params }: ActionFunctionArgs) {
  if (!params.id) throw notFound();
  return learnAction(request, params.id);
}

export default function StaffLearnSeriesRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, page.values, learnFormValues);
  const busy = useNavigation().state === "submitting";
  // Issue 34: "Unpublish" on a published record asks once more (a page without JavaScript, a dialog with it).
  const confirmation = confirmationOf(result);
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="learn-edit-title"
        title={page.values.title}
        intro={publishStateLine(PUBLISH_STATE_LABEL[page.state], page.state, page.publishesAt)}
        notice={page.notice}
      >
        <p>
          <a href={`/staff/learn/${page.id}/preview`}>Preview as it will look</a>
          {page.state === "published" ? (
            <>
              {" · "}
              <a href={`/learn/${page.values.slug}`}>Open on /learn</a>
            </>
          ) : null}
          {" · "}
          <a href="/staff/learn">All series</a>
        </p>
        <StaffLearnForm
          values={typed}
          errors={result?.errors ?? {}}
          covers={COVER_COLORS}
          state={page.state}
          slugLocked={page.slugLocked}
          busy={busy}
          zone={page.zone}
        />
      </StaffPage>
    </ConfirmChange>
  );
}
