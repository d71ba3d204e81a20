import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { grantOnce } from "./achievements.server";
import {
  ChallengeSchema,
  UserChallengeEventSchema,
  UserChallengeSchema,
  classesInMonth,
  monthOf,
  progressOf,
  runsIn,
  tierAchievement,
  type Challenge,
  type UserChallenge,
} from "./challenges";
import { localDay, type PracticeEntry } from "./practice-calendar";

/**
 * Challenges in the store (issue 27, ADR 046): `challenges` (content), `userChallenges` (one per
 * member and monthly round, kept after leaving) and `userChallengeEvents` (joined, left, each tier
 * once). A tier's achievement goes through the same once-only grant as every other (ADR 045).
 */

export const CHALLENGES = "challenges";
export const USER_CHALLENGES = "userChallenges";
export const USER_CHALLENGE_EVENTS = "userChallengeEvents";

export const userChallengeId = (uid: string, slug: string, month: string) => `${uid}__${slug}__${month}`;

/**
 * How many are in each monthly round, `challengeRoundCounts/{slug}__{month}` (issue 35): moved in
 * the same transaction as a join or a leave, so the page reads one document instead of every round
 * ever joined. The rounds written before counters existed are counted once by
 * `backfillRoundCounts` (run at start, before the server listens); after that a round without a
 * counter has no one in it, so its first join makes it. A read that finds none counts the rounds,
 * writing nothing (a loader never writes).
 */
export const CHALLENGE_ROUND_COUNTS = "challengeRoundCounts";
const roundCountId = (slug: string, month: string) => `${slug}__${month}`;
const CounterSchema = z.object({ count: z.number().int() });

export async function listChallenges(): Promise<Challenge[]> {
  const { docs } = await getStore().query(CHALLENGES, ChallengeSchema, { limit: 100 });
  return docs.map((d) => d.data).sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}

export async function getChallenge(slug: string): Promise<Challenge | null> {
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return null;
  return getStore().get(CHALLENGES, slug, ChallengeSchema);
}

/** How many members are in this month's round (everyone who joined it and has not left). */
export async function joinedCount(slug: string, month: string): Promise<number> {
  const counter = await getStore().get(CHALLENGE_ROUND_COUNTS, roundCountId(slug, month), CounterSchema);
  if (counter) return counter.count;
  const rounds = await documentsWhere(USER_CHALLENGES, "challengeSlug", slug, UserChallengeSchema);
  return new Set(
    rounds
      .map((d) => d.data)
      .filter((r) => r.month === month && r.leftAt === null)
      .map((r) => r.uid),
  ).size;
}

/** Counts the open rounds of every challenge and month that has no counter yet; answers how many it made. */
export async function backfillRoundCounts(): Promise<number> {
  const byRound = new Map<string, { challengeSlug: string; month: string; count: number }>();
  const { docs } = await getStore().query(USER_CHALLENGES, UserChallengeSchema, {});
  for (const { data } of docs) {
    const id = roundCountId(data.challengeSlug, data.month);
    const entry = byRound.get(id) ?? { challengeSlug: data.challengeSlug, month: data.month, count: 0 };
    if (data.leftAt === null) entry.count += 1;
    byRound.set(id, entry);
  }
  let made = 0;
  for (const [id, entry] of byRound) if (await getStore().createIfAbsent(CHALLENGE_ROUND_COUNTS, id, entry)) made += 1;
  return made;
}

/** The member's rounds, newest month first (left ones included: leaving keeps the history). */
export async function listUserChallenges(uid: string): Promise<UserChallenge[]> {
  const docs = await documentsWhere(USER_CHALLENGES, "uid", uid, UserChallengeSchema);
  return docs
    .map((d) => d.data)
    .filter((r) => r.uid === uid)
    .sort((a, b) => b.month.localeCompare(a.month) || a.challengeSlug.localeCompare(b.challengeSlug));
}

async function logEvent(id: string, event: z.input<typeof UserChallengeEventSchema>) {
  return getStore().createIfAbsent(USER_CHALLENGE_EVENTS, id, { tier: null, ...event });
}

export type JoinResult = { ok: true; month: string } | { ok: false; reason: "not_running" };

/**
 * Joins this month's round on the member's calendar (again, if they had left it); the month's earlier
 * classes in `entries` (the member's practice record) count at once.
 */
export async function joinChallenge(
  uid: string,
  challenge: Challenge,
  entries: PracticeEntry[],
  zone: string,
  now = Date.now(),
): Promise<JoinResult> {
  const today = localDay(now, zone);
  const month = monthOf(today);
  if (!runsIn(challenge, month)) return { ok: false, reason: "not_running" };
  const id = userChallengeId(uid, challenge.slug, month);
  const joined = await getStore().transaction(async (tx) => {
    const current = await tx.get(USER_CHALLENGES, id, UserChallengeSchema);
    if (current && current.leftAt === null) return false;
    const counter = await tx.get(CHALLENGE_ROUND_COUNTS, roundCountId(challenge.slug, month), CounterSchema);
    tx.set(CHALLENGE_ROUND_COUNTS, roundCountId(challenge.slug, month), {
      challengeSlug: challenge.slug,
      month,
      count: (counter?.count ?? 0) + 1,
    });
    const next: UserChallenge = current
      ? { ...current, leftAt: null, countAtLeaving: null }
      : { uid, challengeSlug: challenge.slug, month, joinedAt: now, joinedOn: today, leftAt: null, countAtLeaving: null, tiersReached: [] };
    tx.set(USER_CHALLENGES, id, next);
    return true;
  });
  if (joined) await logEvent(randomUUID(), { uid, challengeSlug: challenge.slug, month, kind: "joined", at: now });
  await advanceChallenges(uid, entries, { now, zone });
  return { ok: true, month };
}

/** Leaves the round: the record stays, with the count `entries` (the practice record) had reached. */
export async function leaveChallenge(uid: string, slug: string, month: string, entries: PracticeEntry[], now = Date.now()): Promise<void> {
  const id = userChallengeId(uid, slug, month);
  const count = classesInMonth(entries, month);
  const left = await getStore().transaction(async (tx) => {
    const current = await tx.get(USER_CHALLENGES, id, UserChallengeSchema);
    if (!current || current.leftAt !== null) return false;
    const counter = await tx.get(CHALLENGE_ROUND_COUNTS, roundCountId(slug, month), CounterSchema);
    if (counter)
      tx.set(CHALLENGE_ROUND_COUNTS, roundCountId(slug, month), { challengeSlug: slug, month, count: Math.max(0, counter.count - 1) });
    tx.set(USER_CHALLENGES, id, { ...current, leftAt: now, countAtLeaving: count });
    return true;
  });
  if (left) await logEvent(randomUUID(), { uid, challengeSlug: slug, month, kind: "left", at: now });
}

/**
 * After a practice (or a join): every round the member is in counts the classes of its month on their
 * calendar, and each tier reached is noted and its achievement granted, once each however often this runs.
 */
export async function advanceChallenges(uid: string, entries: PracticeEntry[], options: { now: number; zone: string }): Promise<string[]> {
  const rounds = (await listUserChallenges(uid)).filter((r) => r.leftAt === null);
  const granted: string[] = [];
  for (const round of rounds) {
    const challenge = await getChallenge(round.challengeSlug);
    if (!challenge) continue;
    const { reached } = progressOf(challenge.tiers, classesInMonth(entries, round.month));
    for (const tier of reached) {
      const achievement = tierAchievement(challenge, round.month, tier);
      if (await grantOnce(uid, achievement, options)) granted.push(achievement.id);
      await logEvent(`${userChallengeId(uid, round.challengeSlug, round.month)}__tier-${tier}`, {
        uid,
        challengeSlug: round.challengeSlug,
        month: round.month,
        kind: "tier",
        tier,
        at: options.now,
      });
    }
    if (reached.some((t) => !round.tiersReached.includes(t))) {
      const id = userChallengeId(uid, round.challengeSlug, round.month);
      await getStore().transaction(async (tx) => {
        const current = await tx.get(USER_CHALLENGES, id, UserChallengeSchema);
        if (current)
          tx.set(USER_CHALLENGES, id, {
            ...current,
            tiersReached: [...new Set([...current.tiersReached, ...reached])].sort((a, b) => a - b),
          });
      });
    }
  }
  return granted;
}

/** A leaving member's rounds and their events (ADR 032). */
export async function forgetChallenges(uid: string): Promise<void> {
  // Open rounds are left first, so their counters come down; then everything of the member goes.
  for (const round of await listUserChallenges(uid))
    if (round.leftAt === null) await leaveChallenge(uid, round.challengeSlug, round.month, []);
  for (const collection of [USER_CHALLENGES, USER_CHALLENGE_EVENTS]) {
    for (const { id } of await documentsWhere(collection, "uid", uid, z.object({ uid: z.string() })))
      await getStore().delete(collection, id);
  }
}
