import type { z } from "zod";
import type { ChallengeSchema } from "~/models/engagement/challenges";

/** Two invented challenges for the demo (issue 27): monthly rounds with tiers of classes. */
export const demoChallenges: z.input<typeof ChallengeSchema>[] = [
  {
    slug: "steady-month",
    title: "The Steady Month",
    summary: "Five, ten or fifteen classes this month, live or on demand, at whatever pace suits you.",
    description:
      "Pick the tier that fits your month. Every class you take counts, including the ones from earlier in the month, and the month runs on your own calendar wherever you happen to be. Miss a few days and nothing is lost: the count only goes up.",
    teacherIds: ["teacher-amara", "teacher-jonah"],
    tiers: [5, 10, 15],
    firstMonth: "2026-01",
    lastMonth: null,
    membersOnly: false,
    order: 1,
  },
  {
    slug: "breath-before-bed",
    title: "Breath Before Bed",
    summary: "Three or eight short evening classes in a month, for members, to wind the day down.",
    description: "A small monthly aim for slower evenings. Any class counts; the evening ones with Priya were made for it.",
    teacherIds: ["teacher-priya"],
    tiers: [3, 8],
    firstMonth: "2026-01",
    lastMonth: null,
    membersOnly: true,
    order: 2,
  },
];
