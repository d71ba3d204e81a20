import { monthOf, runsIn } from "~/models/engagement/challenges";
import { listChallenges } from "~/models/engagement/challenges.server";
import { localDay } from "~/models/engagement/practice-calendar";

/**
 * The challenges running this month (issue 27, ADR 046), for the list page and the challenge lander:
 * the same for everyone, this month counted in UTC.
 */

/** "4, 8 or 12 classes a month". */
export const tiersLabel = (tiers: number[]) => `${tiers.join(", ").replace(/, (\d+)$/, " or $1")} classes a month`;

export async function challengeListData() {
  const challenges = await listChallenges();
  const month = monthOf(localDay(Date.now(), "UTC"));
  return challenges
    .filter((c) => runsIn(c, month))
    .map((c) => ({ slug: c.slug, title: c.title, summary: c.summary, tiers: tiersLabel(c.tiers), membersOnly: c.membersOnly }));
}
