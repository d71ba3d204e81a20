import { getCatalogue } from "~/features/on-demand/on-demand.server";
import type { OnDemandClass } from "~/features/on-demand/on-demand";
import type { LiveClass } from "~/features/classes/live-class";
import { forgetAchievements, grantAchievements } from "./achievements.server";
import { forgetPractice, listPractice, recordPractice } from "./practice.server";

/**
 * Where practice comes from (issue 27): the moments the app already knows about, each turned into a
 * practice entry once and then into any achievement it earns. `zone` is the member's zone at that
 * moment (their session's, else their record's); it is kept with the entry.
 */

/** A member went into a live class's room. Joining twice is one practice. */
export async function recordLiveClassJoined(uid: string, liveClass: Pick<LiveClass, "id" | "title" | "durationMinutes">, zone: string, now = Date.now()) {
  const entry = await recordPractice({ uid, source: "live", eventId: liveClass.id, classRef: liveClass.id, title: liveClass.title, at: now, zone, minutes: liveClass.durationMinutes });
  return { entry, granted: entry ? await grantAchievements(uid, await listPractice(uid), { now, zone }) : [] };
}

/** An on-demand viewing reached Completed (the player's §4 event, once per viewing). */
export async function recordOnDemandCompleted(
  uid: string,
  item: Pick<OnDemandClass, "slug" | "title" | "durationSeconds" | "seriesId">,
  viewing: string,
  zone: string,
  now = Date.now(),
) {
  const entry = await recordPractice({ uid, source: "on_demand", eventId: viewing, classRef: item.slug, title: item.title, seriesId: item.seriesId, at: now, zone, minutes: item.durationSeconds / 60 });
  if (!entry) return { entry, granted: [] };
  const catalogue = await getCatalogue();
  const series = catalogue.series.map((s) => ({ slug: s.slug, title: s.title, lessons: s.lessons }));
  return { entry, granted: await grantAchievements(uid, await listPractice(uid), { now, zone, series }) };
}

/** Everything of a leaving member's practice: entries, settings, achievements. */
export async function forgetEngagement(uid: string): Promise<void> {
  await forgetPractice(uid);
  await forgetAchievements(uid);
}
