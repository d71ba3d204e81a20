import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/db.server";
import type { TransactionContext } from "~/services/store.server";
import { bookingProblem, waitlistOrder, type BookingProblem } from "./booking";
import { LiveClassSchema } from "./content";

/**
 * Bookings and the waitlist (issue 9; docs/decisions/016-bookings-and-waitlist.md). One document per
 * member and class, and one seat document per class holding the booked count and the waitlist in
 * order: every change reads and writes both in one transaction, so the last seat goes to exactly one
 * person, and a freed seat goes to the first in line exactly once.
 */

export const CLASS_BOOKINGS = "classBookings";
export const CLASS_SEATS = "classSeats";
/** §3 userActions: what a member did (or had done for them), newest last. */
export const USER_ACTIONS = "userActions";

const BookingSchema = z.object({
  classId: z.string(),
  uid: z.string(),
  status: z.enum(["booked", "waitlisted", "cancelled", "left"]),
  startsAt: z.string(),
  waitlistedAt: z.number().nullable().default(null),
  bookedAt: z.number().nullable().default(null),
  promoted: z.boolean().default(false),
  updatedAt: z.number(),
});
export type Booking = z.infer<typeof BookingSchema>;

const SeatsSchema = z.object({
  classId: z.string(),
  booked: z.number().int().min(0),
  waitlist: z.array(z.object({ uid: z.string(), waitlistedAt: z.number() })).default([]),
});

const bookingId = (classId: string, uid: string) => `${classId}:${uid}`;

export type BookingFailure = { ok: false; problem: BookingProblem; message: string; status: number };
const fail = (problem: BookingProblem): BookingFailure => ({ ok: false, problem, ...bookingProblem(problem) });

/** The class, its seats and the member's booking, read together at the start of a transaction. */
async function readPlace(tx: TransactionContext, classId: string, uid: string) {
  const [liveClass, seats, current] = await Promise.all([
    tx.get("classes", classId, LiveClassSchema),
    tx.get(CLASS_SEATS, classId, SeatsSchema),
    tx.get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema),
  ]);
  return { liveClass, seats, current };
}

function recordAction(tx: TransactionContext, uid: string, kind: string, classId: string, at: number) {
  tx.create(USER_ACTIONS, `${uid}:${at}:${randomBytes(4).toString("hex")}`, { uid, kind, classId, at });
}

/**
 * Books the member's place, or puts them on the waitlist when the class is full. Asking again
 * answers the place they already have. Refuses visitors, cancelled classes and classes that started.
 */
export async function bookClass(input: { uid: string; classId: string; now: Date; isMember: boolean }): Promise<
  { ok: true; status: "booked" } | { ok: true; status: "waitlisted"; position: number } | BookingFailure
> {
  const { uid, classId, now, isMember } = input;
  if (!isMember) return fail("not_member");
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const { liveClass, seats, current } = await readPlace(tx, classId, uid);
    // In-person classes take tickets after the studio's waiver (in-person-tickets.server.ts), never this.
    if (!liveClass || liveClass.studioId) return fail("not_found");
    const queue = waitlistOrder(seats?.waitlist ?? []);
    if (current?.status === "booked") return { ok: true, status: "booked" } as const;
    if (current?.status === "waitlisted") return { ok: true, status: "waitlisted", position: queue.findIndex((entry) => entry.uid === uid) + 1 } as const;
    if (liveClass.status === "cancelled") return fail("class_cancelled");
    if (Date.parse(liveClass.startsAt) <= at) return fail("class_started");

    const booked = seats?.booked ?? 0;
    const base = { classId, uid, startsAt: liveClass.startsAt, promoted: false, updatedAt: at };
    if (booked < liveClass.capacity && queue.length === 0) {
      tx.set(CLASS_SEATS, classId, { classId, booked: booked + 1, waitlist: queue });
      tx.set(CLASS_BOOKINGS, bookingId(classId, uid), { ...base, status: "booked", bookedAt: at, waitlistedAt: null });
      recordAction(tx, uid, "class_booked", classId, at);
      return { ok: true, status: "booked" } as const;
    }
    const waitlist = [...queue, { uid, waitlistedAt: at }];
    tx.set(CLASS_SEATS, classId, { classId, booked, waitlist });
    tx.set(CLASS_BOOKINGS, bookingId(classId, uid), { ...base, status: "waitlisted", bookedAt: null, waitlistedAt: at });
    recordAction(tx, uid, "class_waitlisted", classId, at);
    return { ok: true, status: "waitlisted", position: waitlist.length } as const;
  });
}

/**
 * Cancels the member's booking. In the same transaction the first in line, if any, takes the seat:
 * exactly once, however many cancellations arrive together. Answers who was promoted, to tell them.
 */
export async function cancelBooking(input: { uid: string; classId: string; now: Date }): Promise<{ ok: true; promotedUid: string | null } | BookingFailure> {
  const { uid, classId, now } = input;
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const { liveClass, seats, current } = await readPlace(tx, classId, uid);
    if (!liveClass) return fail("not_found");
    if (current?.status !== "booked") return fail("not_booked");
    if (Date.parse(liveClass.startsAt) <= at) return fail("class_started");
    const queue = waitlistOrder(seats?.waitlist ?? []);
    const next = queue[0] ?? null;
    // Every read before any write, as Firestore transactions require.
    const nextBooking = next ? await tx.get(CLASS_BOOKINGS, bookingId(classId, next.uid), BookingSchema) : null;

    tx.update(CLASS_BOOKINGS, bookingId(classId, uid), { status: "cancelled", updatedAt: at });
    recordAction(tx, uid, "class_cancelled", classId, at);
    // Hook: credits spent on this booking are returned here once credit packs exist (issue 11).
    if (next && nextBooking) {
      tx.update(CLASS_BOOKINGS, bookingId(classId, next.uid), { status: "booked", bookedAt: at, promoted: true, updatedAt: at });
      tx.set(CLASS_SEATS, classId, { classId, booked: seats?.booked ?? 1, waitlist: queue.slice(1) });
      recordAction(tx, next.uid, "waitlist_promoted", classId, at);
      return { ok: true, promotedUid: next.uid };
    }
    // A waitlist entry without its booking document is stale: it is dropped, not promoted.
    tx.set(CLASS_SEATS, classId, { classId, booked: Math.max(0, (seats?.booked ?? 1) - 1), waitlist: next ? queue.slice(1) : queue });
    return { ok: true, promotedUid: null };
  });
}

/** Leaves the waitlist with one click. */
export async function leaveWaitlist(input: { uid: string; classId: string; now: Date }): Promise<{ ok: true } | BookingFailure> {
  const { uid, classId, now } = input;
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const [seats, current] = await Promise.all([tx.get(CLASS_SEATS, classId, SeatsSchema), tx.get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema)]);
    if (current?.status !== "waitlisted") return fail("not_waitlisted");
    tx.update(CLASS_BOOKINGS, bookingId(classId, uid), { status: "left", updatedAt: at });
    tx.set(CLASS_SEATS, classId, { classId, booked: seats?.booked ?? 0, waitlist: (seats?.waitlist ?? []).filter((entry) => entry.uid !== uid) });
    recordAction(tx, uid, "waitlist_left", classId, at);
    return { ok: true };
  });
}

/** The member's place for one class: booked, or waitlisted with their position; null when neither. */
export async function bookingFor(uid: string, classId: string): Promise<{ status: "booked" } | { status: "waitlisted"; position: number } | null> {
  const [booking, seats] = await Promise.all([getStore().get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema), getStore().get(CLASS_SEATS, classId, SeatsSchema)]);
  if (booking?.status === "booked") return { status: "booked" };
  if (booking?.status !== "waitlisted") return null;
  const position = waitlistOrder(seats?.waitlist ?? []).findIndex((entry) => entry.uid === uid) + 1;
  return { status: "waitlisted", position: Math.max(1, position) };
}

/** Seats still free. */
export async function seatsLeft(classId: string, capacity: number): Promise<number> {
  const seats = await getStore().get(CLASS_SEATS, classId, SeatsSchema);
  return Math.max(0, capacity - (seats?.booked ?? 0));
}

/** The member's booked and waitlisted classes, for "my classes". */
export async function listBookingsFor(uid: string): Promise<Booking[]> {
  const { docs } = await getStore().query(CLASS_BOOKINGS, BookingSchema, { where: [{ field: "uid", op: "==", value: uid }] });
  return docs.map((doc) => doc.data).filter((booking) => booking.status === "booked" || booking.status === "waitlisted");
}

/** Who to tell when a class changes. */
export async function peopleFor(classId: string): Promise<{ booked: string[]; waitlisted: string[] }> {
  const { docs } = await getStore().query(CLASS_BOOKINGS, BookingSchema, { where: [{ field: "classId", op: "==", value: classId }] });
  const data = docs.map((doc) => doc.data);
  return { booked: data.filter((b) => b.status === "booked").map((b) => b.uid), waitlisted: data.filter((b) => b.status === "waitlisted").map((b) => b.uid) };
}
