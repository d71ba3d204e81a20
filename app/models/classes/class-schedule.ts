import { DateTime } from "luxon";
import { z } from "zod";
import { CreditCostSchema } from "~/models/wallet/credit-pack";
import type { LiveClass } from "~/models/classes/live-class";
import { dateTimeFormat } from "~/lib/date-format";
import { isoDay, isoInstant } from "~/lib/iso-time";

/**
 * The live schedule's rules (issue 9; docs/decisions/015-time-zones.md). A template is a recurring
 * slot on the wall clock of its own IANA zone ("07:00 on Tuesdays in Los Angeles"); each class made
 * from it is stored as a UTC instant, so a 7:00 class stays 7:00 where it is taught across daylight
 * saving, and is shown in whatever zone the viewer is in.
 */

const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");

export const ClassTemplateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  title: z.string().min(1),
  teacherId: z.string().min(1),
  modality: z.enum(["meditation", "mindfulness", "breathwork"]),
  level: z.string().min(1).default("All levels"),
  durationMinutes: z.number().int().min(5).max(180),
  tags: z.array(z.string()).default([]),
  capacity: z.number().int().min(1).max(10_000),
  /** The IANA zone the slot's wall-clock time belongs to. */
  timeZone: z.string().refine((zone) => DateTime.local().setZone(zone).isValid, "must be an IANA time zone"),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1),
  localTime,
  description: z.string().default(""),
  whatToHaveReady: z.string().default(""),
  active: z.boolean().default(true),
  /** Issue 12: a template for in-person classes names its studio and room (absent online). */
  studioId: z.string().nullable().optional(),
  roomId: z.string().nullable().optional(),
  /** Issue 11: what its classes cost in credits for non-members; null = members only. */
  creditCost: CreditCostSchema.default(null),
  /**
   * Issue 26 (ADR 051): raised on every edit from the staff page; `syncedRevision` is the last one
   * whose classes were brought in line, so the generation job finishes a sync a crash cut short.
   */
  revision: z.number().int().min(0).optional(),
  syncedRevision: z.number().int().min(0).optional(),
});
export type ClassTemplate = z.infer<typeof ClassTemplateSchema>;

function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A class's address: its title and its local date ("morning-breath-2026-11-24"). */
export function classSlug(title: string, localDate: string): string {
  return `${slugify(title).slice(0, 60)}-${localDate}`;
}

/**
 * The UTC instant of a wall-clock time in a zone. A time inside the spring gap (02:30 on the night
 * clocks jump from 02:00 to 03:00) moves forward by the gap, to 03:30, as a person would; an
 * ambiguous autumn time (01:30 twice) takes the first, earlier one.
 */
export function instantAt(localDate: string, time: string, zone: string): DateTime {
  const [hour, minute] = time.split(":").map(Number);
  const [year, month, day] = localDate.split("-").map(Number);
  // luxon moves a time in a gap forward by the gap; in an overlap it picks the later instant, so look
  // for the same wall time an offset-change earlier and prefer it.
  const resolved = DateTime.fromObject({ year, month, day, hour, minute }, { zone });
  for (const minutes of [60, 30]) {
    const earlier = resolved.minus({ minutes });
    if (earlier.hour === resolved.hour && earlier.minute === resolved.minute && earlier.day === resolved.day) return earlier;
  }
  return resolved;
}

/** Every class a template makes from `from` (inclusive) for `weeks` weeks, each with a stable id. */
export function occurrences(template: ClassTemplate, from: Date, weeks: number): LiveClass[] {
  const start = DateTime.fromJSDate(from, { zone: template.timeZone }).startOf("day");
  const classes: LiveClass[] = [];
  for (let offset = 0; offset < weeks * 7; offset += 1) {
    const day = start.plus({ days: offset });
    if (!template.weekdays.includes(day.weekday)) continue;
    const liveClass = occurrenceOn(template, isoDay(day));
    if (liveClass && Date.parse(liveClass.startsAt) >= from.getTime()) classes.push(liveClass);
  }
  return classes;
}

/** A template's class id for a local date: `${templateId}-${YYYY-MM-DD}` (ADR 051 reads the date back). */
export function templateClassId(templateId: string, localDate: string): string {
  return `${templateId}-${localDate}`;
}

/** The local date a template's class id names, or null when the id is not one of the template's. */
export function localDateOfClassId(templateId: string, classId: string): string | null {
  const date = classId.startsWith(`${templateId}-`) ? classId.slice(templateId.length + 1) : "";
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/**
 * The class a template makes on one local date of its own zone, or null when the template does not
 * run that weekday. Its start is the template's wall-clock time on that date, whatever the offset
 * (07:00 in Los Angeles is 15:00 UTC in winter and 14:00 UTC in summer).
 */
export function occurrenceOn(template: ClassTemplate, localDate: string): LiveClass | null {
  const day = DateTime.fromISO(localDate, { zone: template.timeZone });
  if (!day.isValid || !template.weekdays.includes(day.weekday)) return null;
  const startsAt = instantAt(localDate, template.localTime, template.timeZone);
  return {
    id: templateClassId(template.id, localDate),
    slug: classSlug(template.title, localDate),
    templateId: template.id,
    cohostUids: [],
    title: template.title,
    teacherId: template.teacherId,
    modality: template.modality,
    level: template.level,
    startsAt: isoInstant(startsAt.toUTC()),
    durationMinutes: template.durationMinutes,
    description: template.description,
    whatToHaveReady: template.whatToHaveReady,
    capacity: template.capacity,
    tags: template.tags,
    timeZone: template.timeZone,
    status: "scheduled",
    substituteTeacherId: null,
    sequence: 0,
    studioId: template.studioId ?? null,
    roomId: template.roomId ?? null,
    creditCost: template.creditCost ?? null,
  };
}

export type ClassState = "scheduled" | "live" | "ended" | "cancelled";

/** Live from its start to its end; cancelled whenever it was cancelled. */
export function classState(liveClass: Pick<LiveClass, "startsAt" | "durationMinutes" | "status">, now: Date): ClassState {
  if (liveClass.status === "cancelled") return "cancelled";
  const start = Date.parse(liveClass.startsAt);
  const end = start + liveClass.durationMinutes * 60_000;
  if (now.getTime() < start) return "scheduled";
  return now.getTime() < end ? "live" : "ended";
}

/** Morning before 12:00, afternoon to 17:00, evening after, on the viewer's clock. */
export function timeOfDay(startsAt: string, zone: string): "morning" | "afternoon" | "evening" {
  const hour = Number(wallClock(startsAt, zone).hour) % 24;
  return hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";
}

/**
 * The date and hour an instant shows on a wall clock in `zone`, from a kept Intl formatter: the
 * schedule asks for every class on every view, and building a luxon DateTime for each was 5 % of the
 * page's server time (issue 25).
 */
function wallClock(instant: string, zone: string): { dayKey: string; hour: string } {
  const parts = dateTimeFormat("en-GB", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { dayKey: `${part("year")}-${part("month")}-${part("day")}`, hour: part("hour") };
}

/** Classes by day on the viewer's calendar, in start order. */
export function groupByDay<T extends Pick<LiveClass, "startsAt">>(
  classes: readonly T[],
  zone: string,
  locale = "en-GB",
): { dayKey: string; label: string; classes: T[] }[] {
  const days = new Map<string, T[]>();
  for (const liveClass of [...classes].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const key = wallClock(liveClass.startsAt, zone).dayKey;
    const day = days.get(key);
    if (day) day.push(liveClass);
    else days.set(key, [liveClass]);
  }
  return [...days.entries()].map(([dayKey, list]) => ({
    dayKey,
    label: DateTime.fromISO(dayKey, { zone }).setLocale(locale).toLocaleString({ weekday: "long", day: "numeric", month: "long" }),
    classes: list,
  }));
}
