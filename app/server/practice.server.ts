import { data, redirect } from "@remix-run/node";
import { listAchievements } from "~/models/engagement/achievements.server";
import { dayLabel, localDay } from "~/models/engagement/practice-calendar";
import { getPracticeSettings, listPractice, updatePracticeSettings } from "~/models/engagement/practice.server";
import {
  PAUSE_DAYS_PER_YEAR,
  PracticeFormSchema,
  applyPracticeForm,
  currentPause,
  pauseAllowance,
  rulesOf,
  type PauseAllowance,
} from "~/models/engagement/practice-settings";
import { yearPicture } from "~/models/engagement/practice-year";
import { dailyCount, daysInLast30, streakFromDays } from "~/models/engagement/streak";
import type { ViewerState } from "./viewer.server";
import { memberZone } from "./reader-zone.server";
import { readRouteForm } from "./body-limits.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * The member's practice page (issue 27) and the zone a practice is dated in: the one the member is
 * in now, as their session knows it (the browser's report or their choice), else the one on their
 * record, else UTC (ADR 045).
 */
export async function practiceZone(request: Request, state: ViewerState): Promise<string> {
  return (await memberZone(request, state.user)) ?? FALLBACK_TIME_ZONE;
}

/** Runs a practice write beside the thing the member came to do; a failure there is logged, never shown. */
export async function notePractice(what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.warn(
      JSON.stringify({ level: "warn", msg: "practice not recorded", what, error: error instanceof Error ? error.name : "unknown" }),
    );
  }
}

/** Everything the practice page shows, on the member's own calendar today. */
export async function practicePageData(uid: string, zone: string, now = Date.now()) {
  const [entries, settings, achievements] = await Promise.all([listPractice(uid), getPracticeSettings(uid), listAchievements(uid)]);
  const today = localDay(now, zone);
  const days = entries.map((e) => e.day);
  const streak = streakFromDays(days, today, rulesOf(settings));
  const pause = currentPause(settings, today);
  return {
    today,
    hasPractice: entries.length > 0,
    streak,
    last30: daysInLast30(days, today),
    daily: settings.showDaily ? dailyCount(days, today) : null,
    year: yearPicture(entries, today),
    pause,
    settings: {
      targetDays: streak.target,
      showDaily: settings.showDaily,
      hideAchievements: settings.hideAchievements,
      shoutOuts: settings.shoutOuts,
    },
    achievements: settings.hideAchievements
      ? []
      : achievements.map((a) => ({ id: a.achievementId, title: a.title, detail: a.detail, day: a.day })),
    achievementsHidden: settings.hideAchievements,
  };
}

/** The sentence beside the pause field when `asked` days do not fit what `allowance` allows; null when they do. */
function pauseRefusal(allowance: PauseAllowance, asked: number): string | null {
  if (allowance.maxDays >= asked) return null;
  if (allowance.reason === "running") return "A pause is running already. End it below if you'd like to start a new one.";
  if (allowance.reason === "year")
    return `Pauses add up to ${PAUSE_DAYS_PER_YEAR} days in any year, and this year's are used. You can pause again from ${dayLabel(allowance.nextFrom)}.`;
  if (allowance.reason === "count") return "That's as many pauses as we keep. Missed weeks are still forgiven by your streak's freezes.";
  return `Pauses add up to ${PAUSE_DAYS_PER_YEAR} days in any year: right now you can pause for up to ${allowance.maxDays === 1 ? "1 day" : `${allowance.maxDays} days`}.`;
}

export type PracticeFieldErrors = Partial<Record<"targetDays" | "pauseDays" | "form", string>>;

/** The page's three forms: errors beside their fields with what was typed (400), or post/redirect/get. */
export async function practiceAction(request: Request, state: ViewerState) {
  const body = await readRouteForm(request);
  if (!body.ok) return data({ intent: null, errors: { form: body.message } as PracticeFieldErrors, values: {} }, { status: body.status });
  const raw = Object.fromEntries([...body.formData.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const parsed = PracticeFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: PracticeFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const key = field === "targetDays" || field === "pauseDays" ? field : "form";
      errors[key] ??= key === "form" ? "That form didn't come through. Please try again." : issue.message;
    }
    return data({ intent: typeof raw.intent === "string" ? raw.intent : null, errors, values: raw }, { status: 400 });
  }
  const zone = await practiceZone(request, state);
  const today = localDay(Date.now(), zone);
  const form = parsed.data;
  // A pause is checked against the member's own record inside the save (issue 35): one at a time, 90 days in any 365.
  let refused: string | null = null;
  await updatePracticeSettings(state.viewer.uid, (current) => {
    refused = form.intent === "pause" ? pauseRefusal(pauseAllowance(current, today), form.pauseDays) : null;
    return refused ? current : applyPracticeForm(current, form, today);
  });
  if (refused) return data({ intent: "pause", errors: { pauseDays: refused } as PracticeFieldErrors, values: raw }, { status: 400 });
  const saved = parsed.data.intent === "preferences" ? "preferences" : parsed.data.intent === "pause" ? "paused" : "resumed";
  return redirect(`/practice?saved=${saved}`, 303);
}
