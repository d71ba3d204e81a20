import { z } from "zod";
import { addDays, weekOf } from "./practice-calendar";
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

/** The settings after the member's form, on `today` (their own calendar). */
export function applyPracticeForm(current: PracticeSettings, form: PracticeForm, today: string): PracticeSettings {
  if (form.intent === "preferences") {
    const week = weekOf(today);
    const unchanged = targetFor(week, rulesOf(current)) === form.targetDays;
    const targets = unchanged ? current.targets : [...current.targets.filter((t) => t.from < week), { from: week, days: form.targetDays }];
    return { ...current, targets, showDaily: form.showDaily, hideAchievements: form.hideAchievements, shoutOuts: form.shoutOuts };
  }
  if (form.intent === "pause") {
    // A new pause begins today; one already running is replaced from today (never longer than 90 days in all from today).
    const earlier = current.pauses.filter((p) => p.end < today).concat(current.pauses.filter((p) => p.start < today && p.end >= today).map((p) => ({ ...p, end: addDays(today, -1) })));
    return { ...current, pauses: [...earlier, { start: today, end: addDays(today, form.pauseDays - 1) }] };
  }
  // Resuming ends the pause with today (today stays forgiven) and drops any that had not begun.
  return { ...current, pauses: current.pauses.filter((p) => p.start <= today).map((p) => (p.end >= today ? { ...p, end: today } : p)) };
}

/** The pause running on `today`, if any. */
export function currentPause(settings: PracticeSettings, today: string) {
  return pauseOn(today, rulesOf(settings));
}
