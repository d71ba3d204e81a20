import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffPressForm } from "~/components/staff/staff-press-form";
import { EMPTY_PRESS_FORM, PUBLISH_STATE_LABEL, pressFormValues } from "~/models/staff/editorial-form";
import { listPressForStaff, publishStateOf } from "~/models/staff/editorial.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { pressAction } from "~/server/staff-editorial.server";
import { requireStaff } from "~/server/staff-access.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** Issue 26: the press page's items in every state, and the form for a new one. Admins and blog editors. */
export const handle = defineHandle({
  name: "staff-press",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.press.roles],
});

export const meta: MetaFunction = () => [{ title: "Press items · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "press");
  const items = await listPressForStaff();
  return data(
    {
      zone,
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        outlet: item.outlet,
        publishedAt: item.publishedAt,
        state: publishStateOf(item),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  return pressAction(request, null);
}

export default function StaffPressRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, EMPTY_PRESS_FORM, pressFormValues);
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPage
      id="press-items-title"
      title="Press items"
      intro="Coverage shown on the press page. A published change shows there at once. Every change is recorded in the audit log."
    >
      <h2>All press items</h2>
      {page.items.length > 0 ? (
        <ul className="staff-codes" data-testid="press-items">
          {page.items.map((item) => (
            <li key={item.id} className="staff-code">
              <h3 className="staff-areas__title">
                <a href={`/staff/press/${item.id}`}>{item.title}</a> · {PUBLISH_STATE_LABEL[item.state]}
              </h3>
              <p>
                {item.outlet} · {item.publishedAt.slice(0, 10)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No press items yet" message="Add the first piece of coverage with the form below." />
      )}
      <StaffPressForm values={typed} errors={result?.errors ?? {}} state={null} busy={busy} zone={page.zone} />
    </StaffPage>
  );
}
