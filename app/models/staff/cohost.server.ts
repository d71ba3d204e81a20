import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { listBookingsFor, peopleFor } from "~/models/classes/booking.server";
import { CLASSES, forgetCachedClasses, listUpcomingClasses } from "~/models/classes/class-schedule.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { getPrivateUser } from "~/models/identity/user.server";
import { problemOf, type Problem } from "~/lib/errors";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { getPerson, listStaff } from "./people.server";
import { auditClassLabel } from "./audit";

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
  const classes = await listUpcomingClasses({
    from: new Date(now.getTime() - 2 * 3_600_000),
    to: new Date(now.getTime() + 14 * 86_400_000),
    anywhere: true,
  });
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

/** Everyone who holds the cohost role, by name, for the admin's "add a cohost" list. */
export async function listCohosts(): Promise<Array<{ uid: string; name: string }>> {
  return (await listStaff()).filter((person) => person.roles.includes("cohost")).map(({ uid, name }) => ({ uid, name }));
}

export type CohostAssignment = z.infer<typeof CohostAssignmentSchema>;

/** The admin's add and remove buttons on /staff/classes (issue 26; ADR 051). */
export const CohostAssignmentSchema = z.object({
  intent: z.enum(["add-cohost", "remove-cohost"]),
  classId: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/, "Please choose a class from the list."),
  uid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Please choose a cohost from the list."),
});

/**
 * Names (or stops naming) a cohost on one class, for an admin: the person must hold the cohost role
 * to be added; one audit entry with the list before and after, none when nothing changes. Their page
 * (/staff/cohost) and the class's room read the class afresh, so it counts at once.
 */
export async function assignCohost(
  actor: AuditActor,
  change: CohostAssignment,
  now = new Date(),
): Promise<{ ok: true; changed: boolean } | { ok: false; problem: Problem }> {
  const adding = change.intent === "add-cohost";
  if (adding) {
    const person = await getPerson(change.uid);
    if (!person || !person.roles.includes("cohost")) return { ok: false, problem: problemOf("staff_cohost_not_cohost") };
  }
  const result = await getStore().transaction(async (tx) => {
    const liveClass = await tx.get(CLASSES, change.classId, LiveClassSchema);
    if (!liveClass) return { ok: false as const, problem: problemOf("class_not_found") };
    const before = liveClass.cohostUids;
    const after = adding ? [...new Set([...before, change.uid])] : before.filter((uid) => uid !== change.uid);
    if (after.length === before.length) return { ok: true as const, changed: false };
    tx.update(CLASSES, change.classId, { cohostUids: after });
    recordChange(tx, {
      actor,
      area: "classes",
      action: adding ? "assigned a cohost" : "removed a cohost",
      target: { collection: CLASSES, id: liveClass.id, label: auditClassLabel(liveClass) },
      before: { cohostUids: before },
      after: { cohostUids: after },
      at: now,
    });
    return { ok: true as const, changed: true };
  });
  if (result.ok && result.changed) forgetCachedClasses();
  return result;
}
