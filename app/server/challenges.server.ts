import { monthOf, runsIn } from "~/models/engagement/challenges";
import { listChallenges } from "~/models/engagement/challenges.server";
import { localDay } from "~/models/engagement/practice-calendar";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";
import { readerZone } from "./reader-zone.server";

/**
 * The challenges running this month (issue 27, ADR 046), for the list page and the challenge lander:
 * "this month" is the reader's own month, so on the last evening of a month in Los Angeles the page
 * still shows that month's challenges. Shared pages are kept per zone, and the routes reload on a
 * newly reported zone (`localTimes`).
 */

/** "4, 8 or 12 classes a month". */
export const tiersLabel = (tiers: number[]) => `${tiers.join(", ").replace(/, (\d+)$/, " or $1")} classes a month`;

export async function challengeListData(request: Request, context?: object, now = Date.now()) {
  const [challenges, zone] = await Promise.all([listChallenges(), readerZone(request, context)]);
  const month = monthOf(localDay(now, zone ?? FALLBACK_TIME_ZONE));
  return challenges
    .filter((c) => runsIn(c, month))
    .map((c) => ({ slug: c.slug, title: c.title, summary: c.summary, tiers: tiersLabel(c.tiers), membersOnly: c.membersOnly }));
}
