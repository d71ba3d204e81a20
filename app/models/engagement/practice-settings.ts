import { z } from "zod";
import { addDays, dayFromNumber, dayNumber, weekOf } from "./practice-calendar";
import { MAX_PAUSE_DAYS, MAX_TARGET_DAYS, PauseSchema, TargetSchema, pauseOn, targetFor, type StreakRules } from "./streak";

/**
 * A member's own practice settings (issue 27): their weekly target, their pauses, whether the daily
 * count is shown (never by default), whether achievements are hidden, whether teachers may see a
 * milestone reached in their class, and whether the member is left out of practice companions. Kept in `practiceSettings/{uid}`.
 */
export const PracticeSettingsSchema = z.object({
  uid: z.string().min(1),
  targets: z.array(TargetSchema).max(500).default([]),
  pauses: z.array(PauseSchema).max(500).default([]),
  showDaily: z.boolean().default(false),
  hideAchievements: z.boolean().default(false),
  /** The member lets the teacher of a class see that they reached a milestone in it (ADR 049; off until they choose it). */
  shoutOuts: z.boolean().default(false),
  /** The member is never counted or listed as anyone's practice companion (ADR 049). */
  companionsOff: z.boolean().default(false),
  updatedAt: z.number().int().default(0),
});
export type PracticeSettings = z.infer<typeof PracticeSettingsSchema>;

export function defaultPracticeSettings(uid: string): PracticeSettings {
  return { uid, targets: [], pauses: [], showDaily: false, hideAchievements: false, shoutOuts: false, companionsOff: false, updatedAt: 0 };
}

export function rulesOf(settings: Pick<PracticeSettings, "targets" | "pauses">): StreakRules {
  return { targets: settings.targets, pauses: settings.pauses };
}

const checkbox = z
  .enum(["on", "true", ""])
  .optional()
  .transform((v) => v === "on" || v === "true");

/** The three forms of the practice page, told apart by `intent`. */
export const PracticeFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("preferences"),
    targetDays: z.coerce
      .number({ invalid_type_error: "Choose how many days a week." })
      .int("Choose a whole number of days.")
      .min(1, "Choose at least one day a week.")
      .max(MAX_TARGET_DAYS, `A week has ${MAX_TARGET_DAYS} days at most.`),
    showDaily: checkbox,
    hideAchievements: checkbox,
    shoutOuts: checkbox,
  }),
  z.object({
    intent: z.literal("pause"),
    pauseDays: z
      .string({ required_error: "Say how many days to pause for." })
      .trim()
      .min(1, "Say how many days to pause for.")
      .regex(/^\d{1,3}$/, "Use a whole number of days, from 1 to 90.")
      .transform(Number)
      .pipe(z.number().min(1, "Pause for at least one day.").max(MAX_PAUSE_DAYS, `A pause lasts ${MAX_PAUSE_DAYS} days at most.`)),
  }),
  z.object({ intent: z.literal("resume") }),
]);
export type PracticeForm = z.infer<typeof PracticeFormSchema>;

/** Pauses add up to at most this many days in any window of this many (issue 35). */
export const PAUSE_DAYS_PER_YEAR = MAX_PAUSE_DAYS;
const YEAR_DAYS = 365;
/** The most pauses a record keeps (the schema's bound): at 90 days a year, decades of one-day pauses. */
const MAX_PAUSES = 500;

export type PauseAllowance =
  | { maxDays: number; reason?: undefined }
  | { maxDays: 0; reason: "running" }
  | { maxDays: 0; reason: "year"; nextFrom: string }
  | { maxDays: 0; reason: "count" };

/**
 * How long a pause starting `today` may be (issue 35): none while one is running (end it first), and
 * never so long that the paused days in any 365 pass 90; when this year's are used, the first day a
 * new one may start.
 */
export function pauseAllowance(current: Pick<PracticeSettings, "pauses">, today: string): PauseAllowance {
  if (current.pauses.some((p) => p.start <= today && p.end >= today)) return { maxDays: 0, reason: "running" };
  if (current.pauses.length >= MAX_PAUSES) return { maxDays: 0, reason: "count" };
  const start = dayNumber(today);
  const paused = new Set<number>();
  for (const p of current.pauses) for (let d = dayNumber(p.start); d <= dayNumber(p.end); d += 1) if (d > start - YEAR_DAYS) paused.add(d);
  // The longest pause from today whose every 365-day window (each one ending on one of its days) stays within the cap.
  let maxDays = 0;
  for (let n = 1; n <= MAX_PAUSE_DAYS; n += 1) {
    const end = start + n - 1;
    let inWindow = n;
    for (const d of paused) if (d > end - YEAR_DAYS && d <= end) inWindow += 1;
    if (inWindow > PAUSE_DAYS_PER_YEAR) break;
    maxDays = n;
  }
  if (maxDays > 0) return { maxDays };
  // The first day a one-day pause fits: when enough of the past year's paused days have left its window.
  let next = start + 1;
  while ([...paused].filter((d) => d > next - YEAR_DAYS && d <= next).length + 1 > PAUSE_DAYS_PER_YEAR) next += 1;
  return { maxDays: 0, reason: "year", nextFrom: dayFromNumber(next) };
}

/** The settings after the member's form, on `today` (their own calendar). */
export function applyPracticeForm(current: PracticeSettings, form: PracticeForm, today: string): PracticeSettings {
  if (form.intent === "preferences") {
    const week = weekOf(today);
    const unchanged = targetFor(week, rulesOf(current)) === form.targetDays;
    const targets = unchanged ? current.targets : [...current.targets.filter((t) => t.from < week), { from: week, days: form.targetDays }];
    return { ...current, targets, showDaily: form.showDaily, hideAchievements: form.hideAchievements, shoutOuts: form.shoutOuts };
  }
  if (form.intent === "pause") {
    // A new pause begins today, within what `pauseAllowance` allows (the action asks it first).
    const days = Math.min(form.pauseDays, pauseAllowance(current, today).maxDays);
    if (days < 1) return current;
    return { ...current, pauses: [...current.pauses, { start: today, end: addDays(today, days - 1) }] };
  }
  // Resuming ends the pause with today (today stays forgiven) and drops any that had not begun.
  return { ...current, pauses: current.pauses.filter((p) => p.start <= today).map((p) => (p.end >= today ? { ...p, end: today } : p)) };
}

/** The pause running on `today`, if any. */
export function currentPause(settings: PracticeSettings, today: string) {
  return pauseOn(today, rulesOf(settings));
}
