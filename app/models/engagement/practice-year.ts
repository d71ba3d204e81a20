import { PRACTICE_SOURCES, addDays, weekOf, type PracticeEntry, type PracticeSource } from "./practice-calendar";

/**
 * The calm picture of a member's last year (issue 27): one column per week, the 52 weeks before this
 * one and this one, with the days practised and the minutes by kind of practice. The page draws it
 * as SVG and lists the same figures in a table.
 */

export const YEAR_WEEKS = 53;

export interface YearWeek {
  week: string;
  days: number;
  minutes: Record<PracticeSource, number>;
}

export interface YearPicture {
  weeks: YearWeek[];
  totals: Record<PracticeSource, number>;
  weeksPractised: number;
  maxMinutes: number;
}

const zero = (): Record<PracticeSource, number> => ({ live: 0, on_demand: 0, studio: 0 });

export function yearPicture(entries: Pick<PracticeEntry, "day" | "source" | "minutes">[], today: string): YearPicture {
  const first = addDays(weekOf(today), -7 * (YEAR_WEEKS - 1));
  const weeks: YearWeek[] = Array.from({ length: YEAR_WEEKS }, (_, i) => ({ week: addDays(first, i * 7), days: 0, minutes: zero() }));
  const byWeek = new Map(weeks.map((w) => [w.week, w]));
  const daysSeen = new Map<string, Set<string>>();
  const totals = zero();
  for (const entry of entries) {
    const week = byWeek.get(weekOf(entry.day));
    if (!week) continue;
    week.minutes[entry.source] += entry.minutes;
    totals[entry.source] += entry.minutes;
    daysSeen.set(week.week, (daysSeen.get(week.week) ?? new Set()).add(entry.day));
  }
  for (const week of weeks) week.days = daysSeen.get(week.week)?.size ?? 0;
  const sum = (w: YearWeek) => PRACTICE_SOURCES.reduce((n, s) => n + w.minutes[s], 0);
  return { weeks, totals, weeksPractised: weeks.filter((w) => w.days > 0).length, maxMinutes: Math.max(0, ...weeks.map(sum)) };
}
