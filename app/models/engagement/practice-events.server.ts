import { getCatalogue } from "~/models/on-demand/on-demand.server";
import type { OnDemandClass } from "~/models/on-demand/on-demand";
import type { LiveClass } from "~/models/classes/live-class";
import { forgetAchievements, grantAchievements } from "./achievements.server";
import { advanceChallenges, forgetChallenges } from "./challenges.server";
import { forgetFollowing } from "./following.server";
import { forgetPractice, listPractice, recordPractice } from "./practice.server";

/**
 * Where practice comes from (issue 27): the moments the app already knows about, each turned into a
 * practice entry once and then into any achievement it earns. `zone` is the member's zone at that
 * moment (their session's, else their record's); it is kept with the entry.
 */

/** A member went into a live class's room. Joining twice is one practice. */
export async function recordLiveClassJoined(
  uid: string,
  liveClass: Pick<LiveClass, "id" | "title" | "durationMinutes">,
  zone: string,
  now = Date.now(),
) {
  const entry = await recordPractice({
    uid,
    source: "live",
    eventId: liveClass.id,
    classRef: liveClass.id,
    title: liveClass.title,
    at: now,
    zone,
    minutes: liveClass.durationMinutes,
  });
  if (!entry) return { entry, granted: [] };
  return { entry, granted: await grantFrom(uid, { now, zone }) };
}

/** An on-demand viewing reached Completed (the player's §4 event, once per viewing). */
export async function recordOnDemandCompleted(
  uid: string,
  item: Pick<OnDemandClass, "slug" | "title" | "durationSeconds" | "seriesId">,
  viewing: string,
  zone: string,
  now = Date.now(),
) {
  const entry = await recordPractice({
    uid,
    source: "on_demand",
    eventId: viewing,
    classRef: item.slug,
    title: item.title,
    seriesId: item.seriesId,
    at: now,
    zone,
    minutes: item.durationSeconds / 60,
  });
  if (!entry) return { entry, granted: [] };
  const catalogue = await getCatalogue();
  const series = catalogue.series.map((s) => ({ slug: s.slug, title: s.title, lessons: s.lessons }));
  return { entry, granted: await grantFrom(uid, { now, zone, series }) };
}

/**
 * The front desk checked a member in at a studio (ADR 049). The desk's own record is the practice
 * (ADR 045), so nothing is written here: the member's record, read after the check-in, decides what
 * is earned (the first studio class, a milestone, a challenge tier), each granted once however often
 * the desk scans or replays. `zone` is the studio's, where the member was standing.
 */
export async function recordStudioCheckIn(uid: string, zone: string, now = Date.now()) {
  return { granted: await grantFrom(uid, { now, zone }) };
}

/** What the record now earns: its milestones, then the tiers of the challenges the member is in. */
async function grantFrom(
  uid: string,
  options: { now: number; zone: string; series?: { slug: string; title: string; lessons: string[] }[] },
) {
  const entries = await listPractice(uid);
  const granted = await grantAchievements(uid, entries, options);
  return [...granted, ...(await advanceChallenges(uid, entries, options))];
}

/** Everything of a leaving member's practice: entries, settings, achievements. */
export async function forgetEngagement(uid: string): Promise<void> {
  await forgetPractice(uid);
  await forgetAchievements(uid);
  await forgetChallenges(uid);
  await forgetFollowing(uid);
}
