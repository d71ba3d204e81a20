import { parseFields } from "~/lib/forms/submission";
import { AUDIT_AREA_LABEL, AuditFilterSchema, fieldLabel, showValue } from "~/models/staff/audit";
import { listAuditEntries } from "~/models/staff/audit.server";
import { listStaff } from "~/models/staff/people.server";
import { ROLE_LABEL } from "~/models/staff/staff-areas";
import { clockDate, clockTime, dayStartIn, zoneWords } from "~/models/identity/clock";

/** The entries the filter asks for (by person, area and days on the staff member's calendar), newest first. */
export async function auditPage(url: URL, zone: string) {
  const typed = {
    person: url.searchParams.get("person") ?? "",
    area: url.searchParams.get("area") ?? "",
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
  };
  const parsed = parseFields(AuditFilterSchema, typed);
  const staff = await listStaff();
  const errors: Partial<Record<keyof typeof typed, string>> = parsed.ok ? {} : parsed.errors;
  let entries: Awaited<ReturnType<typeof listAuditEntries>> = { entries: [], nextCursor: null };
  if (parsed.ok) {
    const filter = parsed.value;
    const to = filter.to ? dayStartIn(new Date(Date.parse(`${filter.to}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10), zone) : null;
    entries = await listAuditEntries({
      actorUid: filter.person || null,
      area: filter.area || null,
      from: filter.from ? dayStartIn(filter.from, zone) : null,
      to,
      cursor: (url.searchParams.get("cursor") ?? "").slice(0, 500) || null,
    });
  }
  const next = entries.nextCursor ? `?${new URLSearchParams({ ...typed, cursor: entries.nextCursor }).toString()}` : null;
  return {
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
  };
}

export type AuditPage = Awaited<ReturnType<typeof auditPage>>;
