import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StaffPage, StaffTable } from "~/components/staff/staff-page";
import { FieldError, fieldIds } from "~/components/form-field";
import { AUDIT_AREAS, AUDIT_AREA_LABEL, AuditFilterSchema, fieldLabel, showValue } from "~/models/staff/audit";
import { listAuditEntries } from "~/models/staff/audit.server";
import { listStaff } from "~/models/staff/people.server";
import { ROLE_LABEL, STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockDate, clockTime, dayStartIn, zoneWords } from "~/models/identity/clock";

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
  const url = new URL(request.url);
  const typed = {
    person: url.searchParams.get("person") ?? "",
    area: url.searchParams.get("area") ?? "",
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
  };
  const parsed = AuditFilterSchema.safeParse(typed);
  const staff = await listStaff();
  const errors: Partial<Record<keyof typeof typed, string>> = {};
  let entries: Awaited<ReturnType<typeof listAuditEntries>> = { entries: [], nextCursor: null };
  if (parsed.success) {
    const filter = parsed.data;
    const to = filter.to ? dayStartIn(new Date(Date.parse(`${filter.to}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10), zone) : null;
    entries = await listAuditEntries({
      actorUid: filter.person || null,
      area: filter.area || null,
      from: filter.from ? dayStartIn(filter.from, zone) : null,
      to,
      cursor: (url.searchParams.get("cursor") ?? "").slice(0, 500) || null,
    });
  } else {
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof typeof typed] ??= issue.message;
  }
  const next = entries.nextCursor ? `?${new URLSearchParams({ ...typed, cursor: entries.nextCursor }).toString()}` : null;
  return data(
    {
      typed: { ...typed, person: typed.person.slice(0, 128), from: typed.from.slice(0, 10), to: typed.to.slice(0, 10) },
      errors,
      zone: zoneWords(zone),
      people: staff.map((p) => ({ uid: p.uid, name: p.name })),
      next,
      entries: entries.entries.map((e) => ({
        id: e.id,
        when: `${clockDate(e.at, zone)}, ${clockTime(e.at, zone)}`,
        at: e.at,
        who: e.actorName || e.actorUid,
        role: ROLE_LABEL[e.actorRole],
        area: AUDIT_AREA_LABEL[e.area],
        action: e.action,
        target: e.target.label || e.target.id,
        changes: e.changes.map((c) => ({
          key: c.field,
          field: fieldLabel(c.field),
          before: showValue(c.before),
          after: showValue(c.after),
        })),
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function StaffAuditRoute() {
  const page = useLoaderData<typeof loader>();
  const ids = (name: "person" | "area" | "from" | "to") => fieldIds(`audit-${name}`, undefined, page.errors[name]);
  const filtered = Object.values(page.typed).some(Boolean);
  return (
    <StaffPage
      id="audit-title"
      title="Audit log"
      intro="Every change made through the staff pages, newest first. Entries can't be edited or deleted."
    >
      <Form method="get" className="staff-filter" aria-label="Filter the audit log">
        <div className="field">
          <label htmlFor={ids("person").id}>Person</label>
          <select id={ids("person").id} name="person" defaultValue={page.typed.person} aria-describedby={ids("person").describedBy}>
            <option value="">Anyone</option>
            {page.people.map((p) => (
              <option key={p.uid} value={p.uid}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldError id={ids("person").errorId} error={page.errors.person} />
        </div>
        <div className="field">
          <label htmlFor={ids("area").id}>Area</label>
          <select id={ids("area").id} name="area" defaultValue={page.typed.area} aria-describedby={ids("area").describedBy}>
            <option value="">Every area</option>
            {AUDIT_AREAS.map((area) => (
              <option key={area} value={area}>
                {AUDIT_AREA_LABEL[area]}
              </option>
            ))}
          </select>
          <FieldError id={ids("area").errorId} error={page.errors.area} />
        </div>
        {(["from", "to"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={ids(name).id}>{name === "from" ? `First day (${page.zone})` : `Last day (${page.zone})`}</label>
            <input
              id={ids(name).id}
              name={name}
              type="date"
              defaultValue={page.typed[name]}
              aria-invalid={page.errors[name] ? true : undefined}
              aria-describedby={ids(name).describedBy}
            />
            <FieldError id={ids(name).errorId} error={page.errors[name]} />
          </div>
        ))}
        <div className="button-row">
          <button type="submit" className="button button--secondary">
            Show entries
          </button>
          {filtered ? <Link to="/staff/audit">Clear the filter</Link> : null}
        </div>
      </Form>
      {page.entries.length === 0 ? <p>No entries{filtered ? " match this filter" : " yet"}.</p> : null}
      <ol className="audit-list" data-testid="audit-entries">
        {page.entries.map((e) => (
          <li key={e.id} className="audit-entry">
            <p className="audit-entry__head">
              <time dateTime={e.at}>{e.when}</time> · <strong>{e.who}</strong> ({e.role}) · {e.area}
            </p>
            <p>
              {e.action}: <span className="audit-entry__target">{e.target}</span>
            </p>
            <StaffTable
              caption={`Fields changed by ${e.who}: ${e.action}`}
              columns={["Field", "Before", "After"]}
              rows={e.changes.map((c) => ({ key: c.key, cells: [c.field, c.before, c.after] }))}
              rowHeader
            />
          </li>
        ))}
      </ol>
      {page.next ? (
        <p>
          <Link to={page.next}>Older entries</Link>
        </p>
      ) : null}
    </StaffPage>
  );
}
