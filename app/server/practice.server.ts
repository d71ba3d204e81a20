import { data, redirect } from "@remix-run/node";
import { listAchievements } from "~/features/engagement/achievements.server";
import { localDay } from "~/features/engagement/practice-calendar";
import { getPracticeSettings, listPractice, updatePracticeSettings } from "~/features/engagement/practice.server";
import { PracticeFormSchema, applyPracticeForm, currentPause, rulesOf } from "~/features/engagement/practice-settings";
import { yearPicture } from "~/features/engagement/practice-year";
import { dailyCount, daysInLast30, streakFromDays } from "~/features/engagement/streak";
import type { ViewerState } from "./viewer.server";
import { getVisitor } from "./visitor.server";
import { readRouteForm } from "./body-limits.server";

/**
 * The member's practice page (issue 27) and the zone a practice is dated in: the one the member is
 * in now, as their session knows it (the browser's report or their choice), else the one on their
 * record, else UTC (ADR 045).
 */
export async function practiceZone(request: Request, state: ViewerState): Promise<string> {
  return (await getVisitor(request)).timeZone?.zone ?? state.user.mostRecentTimeZone ?? "UTC";
}

/** Runs a practice write beside the thing the member came to do; a failure there is logged, never shown. */
export async function notePractice(what: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "practice not recorded", what, error: error instanceof Error ? error.name : "unknown" }));
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
    settings: { targetDays: streak.target, showDaily: settings.showDaily, hideAchievements: settings.hideAchievements, shoutOuts: settings.shoutOuts },
    achievements: settings.hideAchievements ? [] : achievements.map((a) => ({ id: a.achievementId, title: a.title, detail: a.detail, day: a.day })),
    achievementsHidden: settings.hideAchievements,
  };
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
  await updatePracticeSettings(state.viewer.uid, (current) => applyPracticeForm(current, parsed.data, today));
  const saved = parsed.data.intent === "preferences" ? "preferences" : parsed.data.intent === "pause" ? "paused" : "resumed";
  return redirect(`/practice?saved=${saved}`, 303);
}
