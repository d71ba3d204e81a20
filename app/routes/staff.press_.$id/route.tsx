import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffPage } from "~/components/staff/staff-page";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { confirmationOf } from "~/lib/forms/confirm";
import { publishStateLine } from "~/components/staff/staff-publish-buttons";
import { StaffPressForm } from "~/components/staff/staff-press-form";
import { PUBLISH_NOTICES, PUBLISH_STATE_LABEL, pressFormValues } from "~/models/staff/editorial-form";
import { getPressForStaff, publishStateOf } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { pressAction } from "~/server/staff-editorial.server";
import { requireStaff } from "~/server/staff-access.server";
import { clockDayTime, toLocalInput } from "~/models/identity/clock";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** Issue 26: one press item: edit it, preview it, publish it or take it down. */
export const handle = defineHandle({
  name: "staff-press-item",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.press.roles],
});

export const meta: MetaFunction = () => [{ title: "Edit press item · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "press");
  const item = await getPressForStaff(params.id ?? "");
  if (!item) throw notFound();
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    {
      notice: PUBLISH_NOTICES[done] ?? null,
      id: item.id,
      state: publishStateOf(item),
      values: {
        intent: "save",
        outlet: item.outlet,
        title: item.title,
        url: item.url,
        publishedAt: item.publishedAt.slice(0, 10),
        excerpt: item.excerpt,
        publishAt: item.publishAt ? toLocalInput(item.publishAt, zone) : "",
      },
      zone,
      publishesAt: item.publishAt ? clockDayTime(item.publishAt, zone) : null,
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
  return pressAction(request, params.id);
}

export default function StaffPressItemRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, page.values, pressFormValues);
  const busy = useNavigation().state === "submitting";
  // Issue 34: "Unpublish" on a published record asks once more (a page without JavaScript, a dialog with it).
  const confirmation = confirmationOf(result);
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="press-item-title"
        title={page.values.title}
        intro={publishStateLine(PUBLISH_STATE_LABEL[page.state], page.state, page.publishesAt)}
        notice={page.notice}
      >
        <p>
          <a href={`/staff/press/${page.id}/preview`}>Preview as it will look</a>
          {page.state === "published" ? (
            <>
              {" · "}
              <a href="/press">Open the press page</a>
            </>
          ) : null}
          {" · "}
          <a href="/staff/press">All press items</a>
        </p>
        <StaffPressForm values={typed} errors={result?.errors ?? {}} state={page.state} busy={busy} zone={page.zone} />
      </StaffPage>
    </ConfirmChange>
  );
}
