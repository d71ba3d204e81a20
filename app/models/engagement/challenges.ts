import { z } from "zod";
import { DaySchema, type PracticeEntry } from "./practice-calendar";

/**
 * Challenges (issue 27, ADR 046): a challenge runs in monthly rounds with tiers of classes (for
 * example 5, 10 and 15). A round is a calendar month on the member's own calendar: the practice
 * record already dates every class in the zone the member was in (ADR 045), so the window is just
 * the entries whose day falls in that month, counted in full on joining, earlier classes included.
 */

export const ChallengeSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  summary: z.string().min(1),
  description: z.string().default(""),
  /** The teachers' ids (profiles), shown on the splash. */
  teacherIds: z.array(z.string()).default([]),
  /** Classes a month for each tier, ascending. */
  tiers: z.array(z.number().int().min(1).max(200)).min(1),
  /** The first month it runs ("2026-01"); it runs every month from then until `lastMonth`, if any. */
  firstMonth: z.string().regex(/^\d{4}-\d{2}$/),
  lastMonth: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable()
    .default(null),
  /** Joining needs a membership (visitors are asked to subscribe first). */
  membersOnly: z.boolean().default(false),
  order: z.number().default(0),
});
export type Challenge = z.infer<typeof ChallengeSchema>;

/** A member in one month's round, `userChallenges/{uid}__{slug}__{month}`; leaving keeps it. */
export const UserChallengeSchema = z.object({
  uid: z.string().min(1),
  challengeSlug: z.string().min(1),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  joinedAt: z.number().int(),
  joinedOn: DaySchema,
  leftAt: z.number().int().nullable().default(null),
  /** The count when they left, so the history keeps what they had done. */
  countAtLeaving: z.number().int().nullable().default(null),
  tiersReached: z.array(z.number().int()).default([]),
});
export type UserChallenge = z.infer<typeof UserChallengeSchema>;

/** What happened in a round, `userChallengeEvents`: joined, left, a tier reached (once). */
export const UserChallengeEventSchema = z.object({
  uid: z.string().min(1),
  challengeSlug: z.string().min(1),
  month: z.string(),
  kind: z.enum(["joined", "left", "tier"]),
  tier: z.number().int().nullable().default(null),
  at: z.number().int(),
});

export const monthOf = (day: string) => day.slice(0, 7);

export function runsIn(challenge: Pick<Challenge, "firstMonth" | "lastMonth">, month: string): boolean {
  return month >= challenge.firstMonth && (challenge.lastMonth === null || month <= challenge.lastMonth);
}

/** Classes practised in `month` on the member's calendar. */
export function classesInMonth(entries: Pick<PracticeEntry, "day">[], month: string): number {
  return entries.filter((e) => monthOf(e.day) === month).length;
}

/** Progress as the page says it: toward the next tier ("7 of 10"), or the top tier once all are done. */
export function progressOf(tiers: number[], count: number): { count: number; target: number; reached: number[]; done: boolean } {
  const sorted = [...tiers].sort((a, b) => a - b);
  const reached = sorted.filter((t) => t <= count);
  const next = sorted.find((t) => t > count);
  return { count, target: next ?? sorted[sorted.length - 1], reached, done: next === undefined };
}

export const progressLabel = (p: { count: number; target: number }) => `${Math.min(p.count, p.target)} of ${p.target}`;

/** "November 2026", for a month key, the same wherever the reader is. */
export function monthLabel(month: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" }).format(new Date(`${month}-01T00:00:00Z`));
}

export const tierAchievementId = (slug: string, month: string, tier: number) => `challenge-${slug}-${month}-${tier}`;

export function tierAchievement(challenge: Pick<Challenge, "slug" | "title">, month: string, tier: number) {
  return {
    id: tierAchievementId(challenge.slug, month, tier),
    title: `${challenge.title}: ${tier} classes`,
    detail: `${tier} classes in ${monthLabel(month)}, in ${challenge.title}.`,
  };
}
