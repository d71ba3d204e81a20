import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { localDay, type PracticeEntry } from "./practice-calendar";
import { UserAchievementSchema, earnedAchievements, type Achievement, type SeriesLessons, type UserAchievement } from "./achievements";

/**
 * Granting achievements exactly once (ADR 045): each is a document keyed by member and achievement,
 * created only if absent, so replayed and concurrent events grant it once; a grant is never taken back.
 */

export const USER_ACHIEVEMENTS = "userAchievements";

export const userAchievementId = (uid: string, achievementId: string) => `${uid}__${achievementId}`;

/** Grants whatever the member's record (`entries`, read after the event was written) has earned and they do not hold yet; answers the ids this call granted. */
export async function grantAchievements(
  uid: string,
  entries: PracticeEntry[],
  options: { now: number; zone: string; series?: SeriesLessons[] },
): Promise<string[]> {
  const earned = earnedAchievements(entries, options.series ?? []);
  const held = new Set((await listAchievements(uid)).map((a) => a.achievementId));
  const granted: string[] = [];
  for (const achievement of earned.filter((a) => !held.has(a.id))) {
    if (await grantOnce(uid, achievement, options)) granted.push(achievement.id);
  }
  return granted;
}

/** Grants one achievement unless the member holds it already; true when this call granted it. */
export async function grantOnce(uid: string, achievement: Achievement, options: { now: number; zone: string }): Promise<boolean> {
  const record: UserAchievement = {
    uid,
    achievementId: achievement.id,
    title: achievement.title,
    detail: achievement.detail,
    grantedAt: options.now,
    day: localDay(options.now, options.zone),
  };
  return getStore().createIfAbsent(USER_ACHIEVEMENTS, userAchievementId(uid, achievement.id), record);
}

/** The member's achievements, in the order they were granted. */
export async function listAchievements(uid: string): Promise<UserAchievement[]> {
  const docs = await documentsWhere(USER_ACHIEVEMENTS, "uid", uid, UserAchievementSchema);
  return docs
    .map((d) => d.data)
    .filter((a) => a.uid === uid)
    .sort((a, b) => a.grantedAt - b.grantedAt || a.achievementId.localeCompare(b.achievementId, "en", { numeric: true }));
}

export async function forgetAchievements(uid: string): Promise<void> {
  for (const { id } of await documentsWhere(USER_ACHIEVEMENTS, "uid", uid, z.object({ uid: z.string() })))
    await getStore().delete(USER_ACHIEVEMENTS, id);
}
