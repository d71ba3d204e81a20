import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaffPage, StaffTable } from "~/components/staff/staff-page";
import { describeBenefit } from "~/models/billing/promotion-code";
import { getPromotionCodeForStaff, redemptionsOf } from "~/models/staff/promotions.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockShortDayTime } from "~/models/identity/clock";

/** Issue 26: one promotion code's redemptions, for admins: each purchase that used it, newest first. */
export const handle = defineHandle({
  name: "staff-code",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.codes.roles],
});

export const meta: MetaFunction = () => [{ title: "Redemptions · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "codes");
  const code = await getPromotionCodeForStaff(params.code ?? "");
  if (!code) throw notFound();
  const rows = await redemptionsOf(code.code);
  return data(
    {
      code: code.code,
      description: code.description,
      benefit: describeBenefit(code.benefit),
      active: code.active,
      count: code.redemptionCount,
      rows: rows.map((r) => ({ ...r, when: clockShortDayTime(r.redeemedAt * 1000, zone) })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function StaffCodeRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <StaffPage
      id="code-title"
      title={`Redemptions of ${page.code}`}
      intro={`${page.benefit}. ${page.active ? "Active" : "Paused"}. Used ${page.count} ${page.count === 1 ? "time" : "times"}.`}
    >
      {page.description ? <p className="staff-code__note">{page.description}</p> : null}
      {page.rows.length === 0 ? (
        <p>Nobody has used this code yet.</p>
      ) : (
        <StaffTable
          caption={`Purchases that used ${page.code}`}
          columns={["When", "Member", "Purchase"]}
          rows={page.rows.map((r) => ({ key: r.purchaseId, cells: [r.when, r.who, r.purchaseId] }))}
        />
      )}
      <p>
        <a href="/staff/codes">All codes</a>
      </p>
    </StaffPage>
  );
}
