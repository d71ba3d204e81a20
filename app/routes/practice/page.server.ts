import { redirect } from "@remix-run/node";
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
  type PracticeForm,
} from "~/models/engagement/practice-settings";
import { yearPicture } from "~/models/engagement/practice-year";
import { dailyCount, daysInLast30, streakFromDays } from "~/models/engagement/streak";
import { practiceZone } from "~/server/practice.server";
import { readSubmission, refuse } from "~/server/submission.server";
import type { ViewerState } from "~/server/viewer.server";

/** The member's practice page (issue 27): what it shows, and its three forms. */

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

/**
 * Saves one of the page's forms on the member's record; a pause is checked against that record inside
 * the save (issue 35): one at a time, 90 days in any 365. Answers the refusal, or null when saved.
 */
async function savePracticeForm(uid: string, form: PracticeForm, today: string): Promise<string | null> {
  let refused: string | null = null;
  await updatePracticeSettings(uid, (current) => {
    refused = form.intent === "pause" ? pauseRefusal(pauseAllowance(current, today), form.pauseDays) : null;
    return refused ? current : applyPracticeForm(current, form, today);
  });
  return refused;
}

/** The fields a refusal hands back: which form it was, and what was typed in it. */
const ECHO = ["intent", "targetDays", "pauseDays"] as const;

const SAVED: Record<PracticeForm["intent"], string> = { preferences: "preferences", pause: "paused", resume: "resumed" };

/** The page's three forms: errors beside their fields with what was typed (400), or post/redirect/get. */
export async function practiceAction(request: Request, state: ViewerState) {
  const submission = await readSubmission(request, PracticeFormSchema, ECHO);
  if (!submission.ok) return submission.reply;
  const today = localDay(Date.now(), await practiceZone(request, state));
  const refused = await savePracticeForm(state.viewer.uid, submission.value, today);
  if (refused) return refuse({ pauseDays: refused }, submission.echo);
  return redirect(`/practice?saved=${SAVED[submission.value.intent]}`, 303);
}
