import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { LiveClass } from "~/models/classes/live-class";
import { generateClasses } from "~/models/classes/class-schedule.server";
import { CLASS_SEATS } from "~/models/classes/booking.server";
import { syncChangedTemplates } from "~/models/classes/template-sync.server";
import { IN_PERSON_SEATS } from "~/models/studios/studio-records";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { getEnv } from "~/lib/env.server";
import { sendOnce } from "~/platform/mail.server";
import { clockDayTime } from "~/models/identity/clock";

/**
 * Following teachers (issue 27, ADR 046): `followingRelationships/{uid}__{teacherId}`, with the
 * member's own choice of an e-mail when the teacher schedules a class. Each such e-mail goes once per
 * member and class, through the send-once mailer.
 */

export const FOLLOWING = "followingRelationships";

export const FollowSchema = z.object({
  uid: z.string().min(1),
  teacherId: z.string().min(1),
  emailOnSchedule: z.boolean().default(false),
  followedAt: z.number().int(),
});
export type Follow = z.infer<typeof FollowSchema>;

export const followId = (uid: string, teacherId: string) => `${uid}__${teacherId}`;

/**
 * Each teacher's number of followers, `followerCounts/{teacherId}` (issue 35): moved in the same
 * transaction as the follow or unfollow, so the public page reads one document instead of every
 * follow. The follows written before counters existed are counted once by `backfillFollowerCounts`
 * (run at start, before the server listens); after that a teacher without a counter has no follows,
 * so their first follow makes it. A read that finds none counts the follows, writing nothing (a
 * loader never writes).
 */
export const FOLLOWER_COUNTS = "followerCounts";
const CounterSchema = z.object({ count: z.number().int() });

export async function getFollow(uid: string, teacherId: string): Promise<Follow | null> {
  return getStore().get(FOLLOWING, followId(uid, teacherId), FollowSchema);
}

/** Follows (or changes the e-mail choice of an existing follow, keeping when it began). */
export async function followTeacher(uid: string, teacherId: string, emailOnSchedule: boolean, now = Date.now()): Promise<void> {
  await getStore().transaction(async (tx) => {
    const current = await tx.get(FOLLOWING, followId(uid, teacherId), FollowSchema);
    const counter = current ? null : await tx.get(FOLLOWER_COUNTS, teacherId, CounterSchema);
    tx.set(FOLLOWING, followId(uid, teacherId), { uid, teacherId, emailOnSchedule, followedAt: current?.followedAt ?? now });
    if (!current) tx.set(FOLLOWER_COUNTS, teacherId, { teacherId, count: (counter?.count ?? 0) + 1 });
  });
}

export async function unfollowTeacher(uid: string, teacherId: string): Promise<void> {
  await getStore().transaction(async (tx) => {
    const current = await tx.get(FOLLOWING, followId(uid, teacherId), FollowSchema);
    if (!current) return;
    const counter = await tx.get(FOLLOWER_COUNTS, teacherId, CounterSchema);
    tx.delete(FOLLOWING, followId(uid, teacherId));
    if (counter) tx.set(FOLLOWER_COUNTS, teacherId, { teacherId, count: Math.max(0, counter.count - 1) });
  });
}

async function followersOf(teacherId: string): Promise<Follow[]> {
  return (await documentsWhere(FOLLOWING, "teacherId", teacherId, FollowSchema))
    .map((d) => d.data)
    .filter((f) => f.teacherId === teacherId);
}

/** How many follow the teacher: one read of the counter (the follows counted only where there is none yet). */
export async function followerCount(teacherId: string): Promise<number> {
  const counter = await getStore().get(FOLLOWER_COUNTS, teacherId, CounterSchema);
  return counter ? counter.count : (await followersOf(teacherId)).length;
}

/** Counts the follows of every teacher who has none yet (the data from before counters); answers how many it made. */
export async function backfillFollowerCounts(): Promise<number> {
  const byTeacher = new Map<string, number>();
  const { docs } = await getStore().query(FOLLOWING, FollowSchema, {});
  for (const { data } of docs) byTeacher.set(data.teacherId, (byTeacher.get(data.teacherId) ?? 0) + 1);
  let made = 0;
  for (const [teacherId, count] of byTeacher)
    if (await getStore().createIfAbsent(FOLLOWER_COUNTS, teacherId, { teacherId, count })) made += 1;
  return made;
}

/**
 * A teacher scheduled `liveClass`: every follower who asked for it is e-mailed once about this class
 * (the key is member and class, so a repeat, a retry or a second server sends nothing). Answers how many went now.
 */
export async function notifyFollowersOfClass(
  liveClass: Pick<LiveClass, "id" | "title" | "teacherId" | "startsAt">,
  teacherName: string,
): Promise<number> {
  let sent = 0;
  for (const follow of await followersOf(liveClass.teacherId)) {
    if (!follow.emailOnSchedule) continue;
    const person = await getPrivateUser(follow.uid);
    if (!person?.email) continue;
    const zone = person.mostRecentTimeZone;
    const when = clockDayTime(liveClass.startsAt, zone);
    const page = `${getEnv().PUBLIC_SITE_URL}/classes/${liveClass.id}`;
    const result = await sendOnce(
      {
        to: person.email,
        subject: `${teacherName} has a new class: ${liveClass.title}`,
        text: `Hello ${person.firstName ?? "there"},\n\n${teacherName}, whom you follow, has scheduled "${liveClass.title}" for ${when}. Book a place on the class page:\n${page}\n\nYou asked to hear when ${teacherName} schedules a class. To stop, follow the link on their page and untick the box.\n\nStillhour`,
        idempotencyKey: `followed-teacher-class:${liveClass.id}:${follow.uid}`,
      },
      { uid: follow.uid },
    );
    if (result === "sent") sent += 1;
  }
  return sent;
}

/** A leaving member's follows (ADR 032). */
export async function forgetFollowing(uid: string): Promise<void> {
  // Each through the unfollow, so the teachers' counters come down with them.
  for (const { data } of await documentsWhere(FOLLOWING, "uid", uid, FollowSchema)) await unfollowTeacher(uid, data.teacherId);
}

/** Where places in a class are counted: online seats and the studios' in-person seats. */
export const SEAT_COLLECTIONS = [CLASS_SEATS, IN_PERSON_SEATS] as const;

/**
 * The schedule rolls forward (issue 9) and followers hear of it (issue 27): the next weeks' classes
 * are made from the templates, and for each class this run made, the members following its teacher
 * who asked to be told get one e-mail (send-once per member and class, so a retried run adds none).
 */
export async function generateClassesAndTellFollowers(
  options: { now?: Date; templateId?: string } = {},
): Promise<{ created: number; existing: number; told: number }> {
  // Issue 26 (ADR 051): templates edited since their last sync first, so an edit cut short is finished.
  await syncChangedTemplates({ now: options.now, seatCollections: SEAT_COLLECTIONS });
  const { created, existing, createdClasses } = await generateClasses(options);
  let told = 0;
  if (createdClasses.length > 0) {
    const teachers = await getTeachersByIds([...new Set(createdClasses.map((c) => c.teacherId))]);
    const names = new Map(teachers.map((t) => [t.id, t.fullName]));
    for (const liveClass of createdClasses) {
      told += await notifyFollowersOfClass(liveClass, names.get(liveClass.teacherId) ?? "A teacher you follow");
    }
  }
  return { created, existing, told };
}
