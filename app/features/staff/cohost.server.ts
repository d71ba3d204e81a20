import { listBookingsFor, peopleFor } from "~/features/classes/booking.server";
import { listUpcomingClasses } from "~/features/classes/class-schedule.server";
import type { LiveClass } from "~/features/classes/live-class";
import { getPrivateUser } from "~/features/identity/user.server";

/**
 * The cohost's page (issue 26; ADR 047): the classes that name them as a cohost (`cohostUids` on the
 * class), from two hours ago to two weeks ahead, each with its roster: first names only, and a mark
 * beside anyone for whom it is their first class (no booking of theirs starts earlier).
 */

export interface RosterEntry {
  firstName: string;
  firstClass: boolean;
}

export interface CohostClass {
  liveClass: LiveClass;
  roster: RosterEntry[];
}

export async function cohostClasses(uid: string, now = new Date()): Promise<CohostClass[]> {
  const classes = await listUpcomingClasses({ from: new Date(now.getTime() - 2 * 3_600_000), to: new Date(now.getTime() + 14 * 86_400_000), anywhere: true });
  const mine = classes.filter((c) => c.cohostUids.includes(uid) && c.status === "scheduled");
  return Promise.all(mine.map(async (liveClass) => ({ liveClass, roster: await rosterOf(liveClass) })));
}

export async function rosterOf(liveClass: LiveClass): Promise<RosterEntry[]> {
  const { booked } = await peopleFor(liveClass.id);
  const entries = await Promise.all(
    booked.map(async (uid) => {
      const [person, bookings] = await Promise.all([getPrivateUser(uid), listBookingsFor(uid)]);
      const earlier = bookings.some((b) => b.status === "booked" && b.classId !== liveClass.id && b.startsAt < liveClass.startsAt);
      return { firstName: person?.firstName?.trim() || "A member", firstClass: !earlier };
    }),
  );
  return entries.sort((a, b) => a.firstName.localeCompare(b.firstName));
}
