import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import { FieldError, fieldIds } from "~/components/form-field";
import { StaffTable } from "~/components/staff/staff-page";
import { AUDIT_AREAS, AUDIT_AREA_LABEL } from "~/models/staff/audit";
import type { AuditPage } from "./page.server";

/** The filter (a plain GET): by person, area and days on the staff member's own calendar. */
export function AuditFilter({ page, filtered }: { page: AuditPage; filtered: boolean }) {
  const ids = (name: "person" | "area" | "from" | "to") => fieldIds(`audit-${name}`, undefined, page.errors[name]);
  return (
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
  );
}

/** The entries, newest first, each with its table of fields changed. */
export function AuditEntries({ entries }: { entries: AuditPage["entries"] }) {
  return (
    <ol className="audit-list" data-testid="audit-entries">
      {entries.map((e) => (
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
  );
}
