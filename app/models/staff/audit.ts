import { z } from "zod";
import { ROLES } from "~/lib/route-handle";
import type { Role } from "~/models/identity/user";
import { clockShortDayTime, zoneWords } from "~/models/identity/clock";

/**
 * The audit log's shape and its one rule: a change is described field by field, and a change that
 * changes nothing is not a change (issue 26; ADR 044). Pure and browser-safe; writing lives in
 * ./audit.server.ts.
 */

/**
 * How an audit entry names a class: its title and start on its own clock, that zone named, since
 * staff anywhere read the log ("Morning Sit, Tue 1 Dec, 7:00 am, Los Angeles time"; issue 34).
 */
export function auditClassLabel(liveClass: { title: string; startsAt: string; timeZone: string }): string {
  return `${liveClass.title}, ${clockShortDayTime(liveClass.startsAt, liveClass.timeZone)}, ${zoneWords(liveClass.timeZone)}`;
}

export const AUDIT_AREAS = [
  "classes",
  "people",
  "codes",
  "studios",
  "articles",
  "teachers",
  "catalogue",
  "site",
  "surveys",
  "press",
  "learn",
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_AREA_LABEL: Record<AuditArea, string> = {
  classes: "Classes",
  people: "People and roles",
  codes: "Promotion codes",
  studios: "Studios",
  articles: "Articles",
  teachers: "Teachers",
  catalogue: "Gifts and class packs",
  site: "Banner and feature flags",
  surveys: "Surveys",
  press: "Press items",
  learn: "Learn series",
};

export interface AuditActor {
  uid: string;
  name: string;
  role: Role;
}

/** One changed field: a dotted path, and the value before and after as JSON text ("null" when absent). */
export const FieldChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const AuditEntrySchema = z.object({
  at: z.string(),
  actorUid: z.string(),
  actorName: z.string(),
  actorRole: z.enum(ROLES),
  area: z.enum(AUDIT_AREAS),
  /** What was done, in a few words ("cancelled the class", "removed roles"). */
  action: z.string(),
  target: z.object({ collection: z.string(), id: z.string(), label: z.string() }),
  changes: z.array(FieldChangeSchema).min(1),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Leaf fields by dotted path; arrays are one value (a list of plans changes as a whole). */
function flatten(value: unknown, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  if (isPlainObject(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    if (Object.keys(value).length === 0 && prefix) into.set(prefix, {});
  } else if (prefix) {
    into.set(prefix, value === undefined ? null : value);
  }
  return into;
}

/**
 * The fields that differ between two versions of a record (null for "did not exist"), sorted by
 * path. Empty when nothing changed, which the writer takes to mean "write no entry".
 */
export function fieldDiff(before: Plain | null, after: Plain | null): FieldChange[] {
  const was = flatten(before ?? {});
  const now = flatten(after ?? {});
  const fields = [...new Set([...was.keys(), ...now.keys()])].sort();
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = JSON.stringify(was.has(field) ? was.get(field) : null);
    const b = JSON.stringify(now.has(field) ? now.get(field) : null);
    if (a !== b) changes.push({ field, before: a, after: b });
  }
  return changes;
}

// Names people use for the fields staff change most; any other field is read from its own name.
const FIELD_LABELS: Record<string, string> = {
  durationMinutes: "Length (minutes)",
  teacherId: "Teacher",
  substituteTeacherId: "Stand-in teacher",
  cohostUids: "Cohosts",
  startsAt: "Starts",
  capacity: "Seats",
  studioId: "Studio",
  studioIds: "Front desks",
  urlParam: "Address",
  slug: "Address",
  profilePicUrl: "Photo",
  coverUrl: "Cover picture",
  portraitColor: "Portrait colour",
  publishAt: "Publish at",
  publishedAt: "Published",
  redemptionCount: "Times used",
  maxRedemptions: "Most uses",
  showSurveys: "Show surveys",
  noSurveys: "No surveys",
};

const ACRONYMS: Record<string, string> = { url: "address", uid: "person", uids: "people", id: "", ids: "" };

/** One part of a field's name in words: "teacherId" → "Teacher", "startsAt" → "Starts at". */
function fieldWords(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .map((word) => word.toLowerCase())
    .map((word, index, all) => (index > 0 && index === all.length - 1 && word in ACRONYMS ? ACRONYMS[word] : word))
    .filter(Boolean);
  const text = words.join(" ") || name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A changed field as staff read it (issue 34): "durationMinutes" → "Length (minutes)", "price.amount" → "Price › Amount". */
export function fieldLabel(path: string): string {
  return path.split(".").map(fieldWords).join(" › ");
}

/** A stored JSON value as one short line for the log page ("—" for none). */
export function showValue(json: string): string {
  if (json === "null") return "—";
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value === "string") return value;
    if (Array.isArray(value))
      return value.length === 0 ? "none" : value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ");
    if (typeof value === "boolean") return value ? "yes" : "no";
    return JSON.stringify(value);
  } catch {
    return json;
  }
}

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give a date as YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Please give a real date.");

/** The audit page's GET form: every field optional; days are on the reader's calendar, the last one included. */
export const AuditFilterSchema = z
  .object({
    person: z
      .string()
      .trim()
      .max(128)
      .regex(/^[A-Za-z0-9_-]*$/, "Please choose a person from the list.")
      .default(""),
    area: z.union([z.enum(AUDIT_AREAS), z.literal("")]).default(""),
    from: z.union([day, z.literal("")]).default(""),
    to: z.union([day, z.literal("")]).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must be on or after the first day." });
  });
export type AuditFilterForm = z.infer<typeof AuditFilterSchema>;
