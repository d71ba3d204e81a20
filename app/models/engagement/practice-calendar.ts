import { z } from "zod";

/**
 * A member's practice calendar (issue 27, ADR 045): each practice is dated on the member's own
 * calendar, in the zone they were in when they practised, and that date is kept with the entry and
 * never worked out again. Everything here works on those stored dates ("2026-03-01"), which carry no
 * zone, so a later flight or a clock change cannot move a day that has already happened.
 */

/** A calendar date as the member lived it, "YYYY-MM-DD". */
export const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date");

export const PRACTICE_SOURCES = ["live", "on_demand", "studio"] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];

export const SOURCE_NAMES: Record<PracticeSource, string> = { live: "Live classes", on_demand: "On demand", studio: "In the studio" };

/** One practice: written once per source event, with the zone and the day it fell on there. */
export const PracticeEntrySchema = z.object({
  id: z.string().min(1),
  uid: z.string().min(1),
  source: z.enum(PRACTICE_SOURCES),
  /** The class (live or studio) or the on-demand class's slug. */
  classRef: z.string().min(1),
  title: z.string().default(""),
  /** The series an on-demand class belongs to, for "a series finished". */
  seriesId: z.string().nullable().default(null),
  /** When it happened (ms since the epoch). */
  at: z.number().int(),
  /** The IANA zone the member was in then; never rewritten. */
  zone: z.string().min(1),
  /** `at` on the calendar of `zone`; never rewritten. */
  day: DaySchema,
  minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
});
export type PracticeEntry = z.infer<typeof PracticeEntrySchema>;

const DAY_MS = 86_400_000;

/** The date `at` falls on in `zone` (an unknown zone counts as UTC rather than failing). */
export function localDay(at: number | Date, zone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Days since 1970-01-01 for a calendar date (pure date arithmetic: no zone is involved). */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return dayFromNumber(dayNumber(day) + n);
}

/** The Monday that starts `day`'s week (weeks run Monday to Sunday, as ISO 8601 has them). */
export function weekOf(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 was a Thursday: (n + 3) mod 7 is 0 on Mondays.
  return dayFromNumber(n - ((((n + 3) % 7) + 7) % 7));
}

export function nextWeek(week: string): string {
  return addDays(week, 7);
}

/** "3 Mar 2026", for a stored date, written the same wherever the reader is. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
