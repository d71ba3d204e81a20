import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { StaffPage } from "~/components/staff/staff-page";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { auditPage } from "./page.server";
import { AuditEntries, AuditFilter } from "./audit-filter";

/**
 * Issue 26: the audit log for admins. Every change made through the staff pages, newest first,
 * filtered by person, area and days with a plain GET form (works without JavaScript; the address
 * carries the filter). Read only: this route has no action, so no entry can be edited or deleted
 * through the site.
 */
export const handle = defineHandle({
  name: "staff-audit",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.audit.roles],
});

export const meta: MetaFunction = () => [{ title: "Audit log · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // Issue 34: entries and the filter's days on the staff member's own clock.
  const { zone } = await requireStaff(request, "audit");
  const page = await auditPage(new URL(request.url), zone);
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export default function StaffAuditRoute() {
  const page = useLoaderData<typeof loader>();
  const filtered = Object.values(page.typed).some(Boolean);
  return (
    <StaffPage
      id="audit-title"
      title="Audit log"
      intro="Every change made through the staff pages, newest first. Entries can't be edited or deleted."
    >
      <AuditFilter page={page} filtered={filtered} />
      {page.entries.length === 0 ? <p>No entries{filtered ? " match this filter" : " yet"}.</p> : null}
      <AuditEntries entries={page.entries} />
      {page.next ? (
        <p>
          <Link to={page.next}>Older entries</Link>
        </p>
      ) : null}
    </StaffPage>
  );
}
