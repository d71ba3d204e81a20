import { z } from "zod";
import { DaySchema, type PracticeEntry } from "./practice-calendar";

/**
 * Achievements (issue 27, ADR 045): quiet marks of practice, never "unearned" placeholders and never
 * a ceiling. Milestones at 1, 10, 25, 50 and 100 classes and every 100 after; the first live class;
 * the first studio class; each on-demand series finished (every lesson completed at least once).
 * Which ones a record has earned is decided here; granting them once is the store's job.
 */

export const EARLY_MILESTONES = [1, 10, 25, 50, 100] as const;

/** The class counts that are milestones, up to `count`. */
export function milestonesUpTo(count: number): number[] {
  const list: number[] = EARLY_MILESTONES.filter((m) => m <= count);
  for (let m = 200; m <= count; m += 100) list.push(m);
  return list;
}

export interface Achievement {
  id: string;
  title: string;
  /** A plain sentence, no exclamation marks. */
  detail: string;
}

export interface SeriesLessons {
  slug: string;
  title: string;
  lessons: string[];
}

/** Every achievement `entries` (oldest first) has earned. */
export function earnedAchievements(entries: PracticeEntry[], series: SeriesLessons[] = []): Achievement[] {
  const earned: Achievement[] = milestonesUpTo(entries.length).map((m) => ({
    id: `classes-${m}`,
    title: m === 1 ? "First class" : `${m} classes`,
    detail: m === 1 ? "Your first class with us." : `${m} classes practised.`,
  }));
  if (entries.some((e) => e.source === "live"))
    earned.push({ id: "first-live", title: "First live class", detail: "You joined a class as it happened." });
  if (entries.some((e) => e.source === "studio"))
    earned.push({ id: "first-studio", title: "First studio class", detail: "You practised with us in person." });
  const completed = new Set(entries.filter((e) => e.source === "on_demand").map((e) => e.classRef));
  for (const s of series) {
    if (s.lessons.length > 0 && s.lessons.every((lesson) => completed.has(lesson))) {
      earned.push({ id: `series-${s.slug}`, title: `Series finished: ${s.title}`, detail: `Every lesson of ${s.title}, completed.` });
    }
  }
  return earned;
}

/** One granted achievement, `userAchievements/{uid}__{achievementId}`, written once. */
export const UserAchievementSchema = z.object({
  uid: z.string().min(1),
  achievementId: z.string().min(1),
  title: z.string().min(1),
  detail: z.string().default(""),
  grantedAt: z.number().int(),
  /** The day it was granted on the member's calendar then. */
  day: DaySchema,
});
export type UserAchievement = z.infer<typeof UserAchievementSchema>;
