import { describe, expect, it } from "vitest";
import { z } from "zod";
import "../support/in-memory-site";

/**
 * Issue 35, lower findings: a teacher's follower count and a challenge round's joined count were
 * computed by reading every follow and every round ever joined, on each render of a public page.
 * They are counters now, moved in the same transaction as the follow or the join, and a counter
 * missing for data written before them is filled in once from the records.
 */

const { getStore } = await import("../../app/services/store/index.server");
const { newReadTally, withReadTally } = await import("../../app/services/store/read-tally.server");
const following = await import("../../app/models/engagement/following.server");
const challenges = await import("../../app/models/engagement/challenges.server");
const { ChallengeSchema } = await import("../../app/models/engagement/challenges");

async function docsRead<T>(run: () => Promise<T>): Promise<{ value: T; docs: number }> {
  const tally = newReadTally();
  const value = await withReadTally(tally, run);
  return { value, docs: tally.docs };
}

describe("a teacher's follower count", () => {
  it("is one small read however many follow, and exact under concurrent follows and unfollows", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => following.followTeacher(`fan-${i}`, "teacher-count", i % 2 === 0)));
    // Following again (changing the e-mail choice) is not a new follower.
    await Promise.all(Array.from({ length: 10 }, (_, i) => following.followTeacher(`fan-${i}`, "teacher-count", true)));
    const read = await docsRead(() => following.followerCount("teacher-count"));
    expect(read.value).toBe(40);
    expect(read.docs).toBeLessThanOrEqual(1);
    await Promise.all(Array.from({ length: 15 }, (_, i) => following.unfollowTeacher(`fan-${i}`, "teacher-count")));
    await following.unfollowTeacher("fan-0", "teacher-count");
    await following.unfollowTeacher("never-followed", "teacher-count");
    expect(await following.followerCount("teacher-count")).toBe(25);
    // A leaving member's follows come off the count too.
    await following.forgetFollowing("fan-20");
    expect(await following.followerCount("teacher-count")).toBe(24);
  });

  it("is filled in once, at start, from the follows written before it existed, then kept; a read never writes", async () => {
    for (let i = 0; i < 7; i += 1) {
      await getStore().set(following.FOLLOWING, following.followId(`old-${i}`, "teacher-old"), {
        uid: `old-${i}`,
        teacherId: "teacher-old",
        emailOnSchedule: false,
        followedAt: 1,
      });
    }
    expect(await following.followerCount("teacher-old")).toBe(7);
    expect(await getStore().get(following.FOLLOWER_COUNTS, "teacher-old", z.object({ count: z.number() }))).toBeNull();
    expect(await following.backfillFollowerCounts()).toBeGreaterThanOrEqual(1);
    expect(await following.backfillFollowerCounts()).toBe(0);
    await following.followTeacher("new-1", "teacher-old", false);
    const read = await docsRead(() => following.followerCount("teacher-old"));
    expect(read).toEqual({ value: 8, docs: 1 });
  });
});

describe("a challenge round's joined count", () => {
  const challenge = ChallengeSchema.parse({
    slug: "count-me",
    title: "Count me",
    summary: "A month of practice.",
    tiers: [5],
    firstMonth: "2026-01",
  });
  const now = Date.parse("2026-05-10T12:00:00Z");

  it("is one small read however many joined, and moves with joining, leaving and rejoining", async () => {
    await Promise.all(Array.from({ length: 30 }, (_, i) => challenges.joinChallenge(`walker-${i}`, challenge, [], "UTC", now)));
    await challenges.joinChallenge("walker-0", challenge, [], "UTC", now);
    const read = await docsRead(() => challenges.joinedCount("count-me", "2026-05"));
    expect(read.value).toBe(30);
    expect(read.docs).toBeLessThanOrEqual(1);
    await Promise.all([1, 2, 3].map((i) => challenges.leaveChallenge(`walker-${i}`, "count-me", "2026-05", [], now)));
    await challenges.leaveChallenge("walker-1", "count-me", "2026-05", [], now);
    expect(await challenges.joinedCount("count-me", "2026-05")).toBe(27);
    await challenges.joinChallenge("walker-1", challenge, [], "UTC", now);
    expect(await challenges.joinedCount("count-me", "2026-05")).toBe(28);
    await challenges.forgetChallenges("walker-4");
    expect(await challenges.joinedCount("count-me", "2026-05")).toBe(27);
    expect(await challenges.joinedCount("count-me", "2026-06")).toBe(0);
  });

  it("is filled in once, at start, from the rounds joined before it existed", async () => {
    for (let i = 0; i < 4; i += 1) {
      await getStore().set(challenges.USER_CHALLENGES, challenges.userChallengeId(`early-${i}`, "count-me", "2026-03"), {
        uid: `early-${i}`,
        challengeSlug: "count-me",
        month: "2026-03",
        joinedAt: 1,
        joinedOn: "2026-03-01",
        leftAt: i === 0 ? 2 : null,
        countAtLeaving: null,
        tiersReached: [],
      });
    }
    expect(await challenges.joinedCount("count-me", "2026-03")).toBe(3);
    expect(await challenges.backfillRoundCounts()).toBeGreaterThanOrEqual(1);
    const read = await docsRead(() => challenges.joinedCount("count-me", "2026-03"));
    expect(read).toEqual({ value: 3, docs: 1 });
  });
});
