import { z } from "zod";
import { DaySchema, addDays, dayNumber, nextWeek, weekOf } from "./practice-calendar";

/**
 * Streaks that forgive (issue 27, ADR 045). The headline is a weekly streak: consecutive weeks in
 * which the member practised on at least their own target of days (default 1). A missed week is
 * covered by a freeze from the bank (at most two, one earned for every four weeks kept), used
 * without asking; weeks touched by a pause (up to 90 days) neither count nor break anything. There
 * is no way to buy a streak back. The daily count exists for members who ask for it and is never
 * the default. Everything works on the stored practice dates, never on instants.
 */

export const DEFAULT_TARGET_DAYS = 1;
export const MAX_TARGET_DAYS = 7;
export const FREEZE_BANK = 2;
export const WEEKS_PER_FREEZE = 4;
export const MAX_PAUSE_DAYS = 90;

export const PauseSchema = z.object({ start: DaySchema, end: DaySchema });
export type Pause = z.infer<typeof PauseSchema>;

/** A target takes effect from the week it was set (earlier weeks keep the target they had). */
export const TargetSchema = z.object({ from: DaySchema, days: z.number().int().min(1).max(MAX_TARGET_DAYS) });
export type Target = z.infer<typeof TargetSchema>;

export interface StreakRules {
  targets: Target[];
  pauses: Pause[];
}

export const NO_RULES: StreakRules = { targets: [], pauses: [] };

/** The target (practice days) that judged `week`. */
export function targetFor(week: string, rules: StreakRules): number {
  let days = DEFAULT_TARGET_DAYS;
  for (const target of [...rules.targets].sort((a, b) => a.from.localeCompare(b.from))) if (target.from <= week) days = target.days;
  return days;
}

/** Whether any day of `week` lies in a pause. */
export function weekPaused(week: string, rules: StreakRules): boolean {
  const last = addDays(week, 6);
  return rules.pauses.some((p) => p.start <= last && p.end >= week);
}

export function pauseOn(day: string, rules: StreakRules): Pause | null {
  return rules.pauses.find((p) => p.start <= day && p.end >= day) ?? null;
}

/** The fold's state after some closed weeks. */
export interface StreakState {
  /** The last week folded in (closed), or null before the first practice. */
  through: string | null;
  current: number;
  best: number;
  freezes: number;
  /** Weeks kept since the last freeze was earned. */
  towardFreeze: number;
  freezesUsed: number;
  /** The week a streak last ended in, if one ever did. */
  lastReset: string | null;
}

export const START: StreakState = { through: null, current: 0, best: 0, freezes: 0, towardFreeze: 0, freezesUsed: 0, lastReset: null };

/** One closed week, with the number of distinct days practised in it. */
export function stepWeek(state: StreakState, week: string, days: number, rules: StreakRules): StreakState {
  const next = { ...state, through: week };
  if (days >= targetFor(week, rules)) {
    next.current += 1;
    next.best = Math.max(next.best, next.current);
    next.towardFreeze += 1;
    if (next.towardFreeze >= WEEKS_PER_FREEZE) {
      next.towardFreeze = 0;
      next.freezes = Math.min(FREEZE_BANK, next.freezes + 1);
    }
    return next;
  }
  if (weekPaused(week, rules) || next.current === 0) return next;
  if (next.freezes > 0) {
    next.freezes -= 1;
    next.freezesUsed += 1;
    return next;
  }
  return { ...next, current: 0, towardFreeze: 0, lastReset: week };
}

export interface StreakSummary {
  /** Weeks in the current run, this week included once its target is met. */
  current: number;
  best: number;
  freezes: number;
  freezesUsed: number;
  target: number;
  /** Distinct days practised in the week now open. */
  thisWeekDays: number;
  thisWeekMet: boolean;
  /** The week now open (the later of today's week and the last practice's). */
  week: string;
  /** True when the last closed week ended a run (the page then says so plainly, never cheerfully). */
  justReset: boolean;
  lastReset: string | null;
}

/** The open week's figures on top of the closed weeks' state. */
export function summarise(state: StreakState, openWeek: string, openDays: number, rules: StreakRules): StreakSummary {
  const target = targetFor(openWeek, rules);
  const met = openDays >= target;
  const current = state.current + (met ? 1 : 0);
  return {
    current,
    best: Math.max(state.best, current),
    freezes: state.freezes,
    freezesUsed: state.freezesUsed,
    target,
    thisWeekDays: openDays,
    thisWeekMet: met,
    week: openWeek,
    justReset: state.current === 0 && state.lastReset !== null && state.through === state.lastReset && !met,
    lastReset: state.lastReset,
  };
}

/** The streak from the whole record at once: every week from the first practice to the one now open. */
export function streakFromDays(days: Iterable<string>, today: string, rules: StreakRules = NO_RULES): StreakSummary {
  const perWeek = new Map<string, Set<string>>();
  for (const day of days) {
    const week = weekOf(day);
    perWeek.set(week, (perWeek.get(week) ?? new Set()).add(day));
  }
  const weeks = [...perWeek.keys()].sort();
  const last = weeks.at(-1);
  const openWeek = last && last > weekOf(today) ? last : weekOf(today);
  let state = START;
  if (weeks.length > 0) {
    for (let week = weeks[0]; week < openWeek; week = nextWeek(week)) state = stepWeek(state, week, perWeek.get(week)?.size ?? 0, rules);
  }
  return summarise(state, openWeek, perWeek.get(openWeek)?.size ?? 0, rules);
}

/**
 * The same streak kept as practices arrive, one at a time, in the order they happened. A practice's
 * date can fall a day before the previous one's (flying west across the date line), so the latest
 * two weeks stay open and a week is folded in only once a practice two weeks later arrives.
 */
export interface IncrementalStreak {
  state: StreakState;
  open: Record<string, string[]>;
}

export const EMPTY_INCREMENTAL: IncrementalStreak = { state: START, open: {} };

export function addPracticeDay(streak: IncrementalStreak, day: string, rules: StreakRules = NO_RULES): IncrementalStreak {
  const week = weekOf(day);
  if (streak.state.through !== null && week <= streak.state.through) return streak; // older than the open weeks: never happens in order
  const open = { ...streak.open, [week]: [...new Set([...(streak.open[week] ?? []), day])] };
  return closeBefore({ state: streak.state, open }, addDays(week, -7), rules);
}

/** Folds every week before `week` (gaps included) into the state. */
function closeBefore(streak: IncrementalStreak, week: string, rules: StreakRules): IncrementalStreak {
  const openWeeks = Object.keys(streak.open).sort();
  let from = streak.state.through ? nextWeek(streak.state.through) : openWeeks[0];
  if (!from) return streak;
  let state = streak.state;
  const open = { ...streak.open };
  for (; from < week; from = nextWeek(from)) {
    state = stepWeek(state, from, open[from]?.length ?? 0, rules);
    delete open[from];
  }
  return { state, open };
}

export function finishIncremental(streak: IncrementalStreak, today: string, rules: StreakRules = NO_RULES): StreakSummary {
  const last = Object.keys(streak.open).sort().at(-1) ?? streak.state.through;
  const openWeek = last && last > weekOf(today) ? last : weekOf(today);
  const closed = closeBefore(streak, openWeek, rules);
  return summarise(closed.state, openWeek, closed.open[openWeek]?.length ?? 0, rules);
}

/** The optional daily count: consecutive days practised, ending today (or yesterday, while today is still open). */
export function dailyCount(days: Iterable<string>, today: string): number {
  const set = new Set(days);
  let day = set.has(today) ? today : addDays(today, -1);
  let count = 0;
  while (set.has(day)) {
    count += 1;
    day = addDays(day, -1);
  }
  return count;
}

/** "N of the last 30 days": distinct days practised from 29 days ago to today (a day already begun elsewhere counts). */
export function daysInLast30(days: Iterable<string>, today: string): number {
  const from = dayNumber(today) - 29;
  return new Set([...days].filter((d) => dayNumber(d) >= from)).size;
}
