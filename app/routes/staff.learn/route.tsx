import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { StaffLearnForm } from "~/components/staff/staff-learn-form";
import { StaffPage } from "~/components/staff/staff-page";
import { COVER_COLORS } from "~/models/staff/article-form";
import { EMPTY_LEARN_FORM, PUBLISH_STATE_LABEL, learnFormValues } from "~/models/staff/editorial-form";
import { listSeriesForStaff, publishStateOf } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { learnAction } from "~/server/staff-editorial.server";
import { requireStaff } from "~/server/staff-access.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** Issue 26: the learn series in every state, and the form for a new one. Admins and blog editors. */
export const handle = defineHandle({
  name: "staff-learn",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.learn.roles],
});

export const meta: MetaFunction = () => [{ title: "Learn series · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "learn");
  const series = await listSeriesForStaff();
  return data(
    {
      zone,
      series: series.map((s) => ({ id: s.id, title: s.title, slug: s.slug, lessonCount: s.lessons.length, state: publishStateOf(s) })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  return learnAction(request, null);
}

export default function StaffLearnRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, EMPTY_LEARN_FORM, learnFormValues);
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPage
      id="learn-series-title"
      title="Learn series"
      intro="The short series on /learn, each with its lessons. A published change shows there at once. Every change is recorded in the audit log."
    >
      <h2>All series</h2>
      {page.series.length > 0 ? (
        <ul className="staff-codes" data-testid="learn-series">
          {page.series.map((s) => (
            <li key={s.id} className="staff-code">
              <h3 className="staff-areas__title">
                <a href={`/staff/learn/${s.id}`}>{s.title}</a> · {PUBLISH_STATE_LABEL[s.state]}
              </h3>
              <p>
                /learn/{s.slug} · {s.lessonCount} lessons
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No series yet" message="Write the first one with the form below." />
      )}
      <StaffLearnForm
        values={typed}
        errors={result?.errors ?? {}}
        covers={COVER_COLORS}
        state={null}
        slugLocked={false}
        busy={busy}
        zone={page.zone}
      />
    </StaffPage>
  );
}
