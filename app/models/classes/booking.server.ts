import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { TransactionContext } from "~/services/store/port.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { bookingProblem, waitlistOrder, type BookingProblem } from "./booking";

/**
 * Booking, cancelling and leaving waitlists (issue 35): each can mail other members (a seat freed
 * goes to the next on the waitlist) and move credits, so a member makes at most 30 such changes in
 * ten minutes, live and studio classes together.
 */
export const BOOKING_LIMIT = createRateLimit({ name: "class-booking", limit: 30, windowMs: 10 * 60_000, per: "account" });
import { LiveClassSchema } from "~/models/classes/live-class";
import { planReturn, planSpend, spendableBalance } from "~/models/wallet/credit-ledger";
import { bookingPayment, creditsLabel } from "~/models/wallet/credit-pack";
import { appendEntries, holdingsOf, readLedger, type MemberLedger } from "~/models/wallet/credits.server";
import { isSubscribed } from "~/models/identity/user";
import { PRIVATE_USERS, PrivateUserSchema } from "~/models/identity/user.server";

/**
 * Bookings and the waitlist (issue 9; docs/decisions/016-bookings-and-waitlist.md). One document per
 * member and class, and one seat document per class holding the booked count and the waitlist in
 * order: every change reads and writes both in one transaction, so the last seat goes to exactly one
 * person, and a freed seat goes to the first in line exactly once.
 *
 * Issue 11 (docs/decisions/022-credit-ledger.md): a class with a `creditCost` can be paid with
 * credits by someone without a membership. The spend is written in the booking's own transaction,
 * the refund in the cancelling one, and each reads the member's credit account first, so credits
 * and seats always move together.
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
  // Issue 11. Defaults keep bookings stored before it readable.
  payment: z.enum(["membership", "credits"]).default("membership"),
  /** Credits this booking takes (0 on a membership). */
  creditCost: z.number().int().min(0).default(0),
  /** The ledger's name for this booking's spend: set when credits are taken, kept after a refund. */
  creditRef: z.string().nullable().default(null),
  /** Why a waitlisted member left the line: "no_credits" when a seat came free and they had none. */
  leftReason: z.string().nullable().default(null),
});
export type Booking = z.infer<typeof BookingSchema>;

const SeatsSchema = z.object({
  classId: z.string(),
  booked: z.number().int().min(0),
  waitlist: z.array(z.object({ uid: z.string(), waitlistedAt: z.number() })).default([]),
});

const bookingId = (classId: string, uid: string) => `${classId}:${uid}`;
/**
 * One booking occasion, for the ledger: cancelling and booking again is a second occasion with its
 * own spend. The member's next entry number makes it unique even within one millisecond, and the
 * same on a retried transaction.
 */
export const creditRefFor = (classId: string, uid: string, at: number, ledger: MemberLedger) => `${classId}:${uid}:${at}:${ledger.seq + 1}`;

export type BookingFailure = { ok: false; problem: BookingProblem; message: string; status: number };
const fail = (problem: BookingProblem): BookingFailure => {
  const { message, status } = bookingProblem(problem);
  return { ok: false, problem, message, status };
};
const notEnoughCredits = (cost: number, available: number): BookingFailure => ({
  ...fail("not_enough_credits"),
  message: `This class takes ${creditsLabel(cost)} and you have ${available === 0 ? "none" : creditsLabel(available)} left. A class pack or a membership will let you book.`,
});

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
 * Without a membership, a class that takes credits is paid from the person's packs in the same
 * transaction (oldest-expiring first); the waitlist only checks they hold enough, and spends when a
 * seat comes to them. Not enough credits is refused with nothing written.
 */
export async function bookClass(input: {
  uid: string;
  classId: string;
  now: Date;
  isMember: boolean;
}): Promise<{ ok: true; status: "booked" } | { ok: true; status: "waitlisted"; position: number } | BookingFailure> {
  const { uid, classId, now, isMember } = input;
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const { liveClass, seats, current } = await readPlace(tx, classId, uid);
    // In-person classes take tickets after the studio's waiver (in-person-tickets.server.ts), never this.
    if (!liveClass || liveClass.studioId) return fail("not_found");
    const payment = bookingPayment({ isMember, creditCost: liveClass.creditCost });
    if (!payment) return fail("not_member");
    const queue = waitlistOrder(seats?.waitlist ?? []);
    if (current?.status === "booked") return { ok: true, status: "booked" } as const;
    if (current?.status === "waitlisted")
      return { ok: true, status: "waitlisted", position: queue.findIndex((entry) => entry.uid === uid) + 1 } as const;
    if (liveClass.status === "cancelled") return fail("class_cancelled");
    if (Date.parse(liveClass.startsAt) <= at) return fail("class_started");

    const cost = payment === "credits" ? (liveClass.creditCost ?? 0) : 0;
    const ledger = payment === "credits" ? await readLedger(tx, uid) : null;
    const booked = seats?.booked ?? 0;
    const base = {
      classId,
      uid,
      startsAt: liveClass.startsAt,
      promoted: false,
      updatedAt: at,
      payment,
      creditCost: cost,
      creditRef: null,
      leftReason: null,
    };
    if (booked < liveClass.capacity && queue.length === 0) {
      const creditRef = ledger ? creditRefFor(classId, uid, at, ledger) : null;
      const plan = ledger && creditRef ? planSpend(holdingsOf(ledger), ledger.entries, cost, at, creditRef) : null;
      if (plan && !plan.ok) return notEnoughCredits(cost, plan.available);
      tx.set(CLASS_SEATS, classId, { classId, booked: booked + 1, waitlist: queue });
      tx.set(CLASS_BOOKINGS, bookingId(classId, uid), {
        ...base,
        status: "booked",
        bookedAt: at,
        waitlistedAt: null,
        creditRef: plan ? creditRef : null,
      });
      if (ledger && plan?.ok) appendEntries(tx, ledger, plan.entries, { classId });
      recordAction(tx, uid, "class_booked", classId, at);
      return { ok: true, status: "booked" } as const;
    }
    if (ledger) {
      const available = spendableBalance(holdingsOf(ledger), ledger.entries, at);
      if (available < cost) return notEnoughCredits(cost, available);
    }
    const waitlist = [...queue, { uid, waitlistedAt: at }];
    tx.set(CLASS_SEATS, classId, { classId, booked, waitlist });
    tx.set(CLASS_BOOKINGS, bookingId(classId, uid), { ...base, status: "waitlisted", bookedAt: null, waitlistedAt: at });
    recordAction(tx, uid, "class_waitlisted", classId, at);
    return { ok: true, status: "waitlisted", position: waitlist.length } as const;
  });
}

/** Credits a cancelled booking gave back: all of it, and how much of that expired again at once. */
export interface CreditsReturned {
  creditRef: string;
  returned: number;
  expired: number;
}

/**
 * The refund and follow-up expiry for one booking occasion, written into the caller's transaction.
 * Studio tickets paid with credits return theirs through this too (in-person-tickets.server.ts).
 */
export function returnCredits(
  tx: TransactionContext,
  ledger: MemberLedger,
  creditRef: string,
  classId: string,
  at: number,
): CreditsReturned {
  appendEntries(tx, ledger, planReturn(holdingsOf(ledger), ledger.entries, creditRef, at), { classId });
  const refunds = ledger.entries.filter((entry) => entry.bookingId === creditRef && entry.kind === "refund");
  const expiredPacks = new Set(ledger.packs.filter((pack) => pack.expiresAt <= at).map((pack) => pack.id));
  return {
    creditRef,
    returned: refunds.reduce((sum, entry) => sum + entry.amount, 0),
    expired: refunds.filter((entry) => expiredPacks.has(entry.packId)).reduce((sum, entry) => sum + entry.amount, 0),
  };
}

type Promotion = {
  uid: string;
  payment: "membership" | "credits";
  ledger: MemberLedger | null;
  creditRef: string | null;
  spend: Parameters<typeof appendEntries>[2];
};

/**
 * Cancels the member's booking. In the same transaction the first in line, if any, takes the seat:
 * exactly once, however many cancellations arrive together. Credits the booking took come back to
 * their packs in the same transaction (once: a second cancellation finds nothing to cancel). A
 * waitlisted person paying with credits who has none left when the seat comes is passed over, and
 * the seat goes on down the line. Answers who was promoted and who was passed over, to tell them.
 */
export async function cancelBooking(input: {
  uid: string;
  classId: string;
  now: Date;
}): Promise<{ ok: true; promotedUid: string | null; passedOver: string[]; credits: CreditsReturned | null } | BookingFailure> {
  const { uid, classId, now } = input;
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const { liveClass, seats, current } = await readPlace(tx, classId, uid);
    if (!liveClass) return fail("not_found");
    if (current?.status !== "booked") return fail("not_booked");
    if (Date.parse(liveClass.startsAt) <= at) return fail("class_started");
    const queue = waitlistOrder(seats?.waitlist ?? []);
    // Every read before any write, as Firestore transactions require.
    const ledger = current.creditRef ? await readLedger(tx, uid) : null;
    const gone = new Set<string>();
    const passedOver: string[] = [];
    let promotion: Promotion | null = null;
    // A cancelled class gives its seats to no one.
    for (const entry of liveClass.status === "cancelled" ? [] : queue) {
      const waiting = await tx.get(CLASS_BOOKINGS, bookingId(classId, entry.uid), BookingSchema);
      // A waitlist entry without its booking document is stale: it is dropped, not promoted.
      if (waiting?.status !== "waitlisted") {
        gone.add(entry.uid);
        continue;
      }
      if (waiting.payment === "membership") {
        promotion = { uid: entry.uid, payment: "membership", ledger: null, creditRef: null, spend: [] };
        break;
      }
      // They may have become a member while waiting: then the membership covers it.
      if (isSubscribed(await tx.get(PRIVATE_USERS, entry.uid, PrivateUserSchema), now)) {
        promotion = { uid: entry.uid, payment: "membership", ledger: null, creditRef: null, spend: [] };
        break;
      }
      const theirs = await readLedger(tx, entry.uid);
      const creditRef = creditRefFor(classId, entry.uid, at, theirs);
      const plan = planSpend(holdingsOf(theirs), theirs.entries, waiting.creditCost || (liveClass.creditCost ?? 1), at, creditRef);
      if (plan.ok) {
        promotion = { uid: entry.uid, payment: "credits", ledger: theirs, creditRef, spend: plan.entries };
        break;
      }
      gone.add(entry.uid);
      passedOver.push(entry.uid);
    }

    tx.update(CLASS_BOOKINGS, bookingId(classId, uid), { status: "cancelled", updatedAt: at });
    const credits = ledger && current.creditRef ? returnCredits(tx, ledger, current.creditRef, classId, at) : null;
    recordAction(tx, uid, "class_cancelled", classId, at);
    for (const other of passedOver) {
      tx.update(CLASS_BOOKINGS, bookingId(classId, other), { status: "left", leftReason: "no_credits", updatedAt: at });
      recordAction(tx, other, "waitlist_passed_over", classId, at);
    }
    if (promotion) {
      tx.update(CLASS_BOOKINGS, bookingId(classId, promotion.uid), {
        status: "booked",
        bookedAt: at,
        promoted: true,
        updatedAt: at,
        payment: promotion.payment,
        creditRef: promotion.creditRef,
        ...(promotion.payment === "membership" ? { creditCost: 0 } : {}),
      });
      if (promotion.ledger) appendEntries(tx, promotion.ledger, promotion.spend, { classId });
      gone.add(promotion.uid);
      tx.set(CLASS_SEATS, classId, { classId, booked: seats?.booked ?? 1, waitlist: queue.filter((entry) => !gone.has(entry.uid)) });
      recordAction(tx, promotion.uid, "waitlist_promoted", classId, at);
      return { ok: true, promotedUid: promotion.uid, passedOver, credits };
    }
    tx.set(CLASS_SEATS, classId, {
      classId,
      booked: Math.max(0, (seats?.booked ?? 1) - 1),
      waitlist: queue.filter((entry) => !gone.has(entry.uid)),
    });
    return { ok: true, promotedUid: null, passedOver, credits };
  });
}

/**
 * A class staff cancelled gives back the credits of every booking paid with them: one transaction
 * per booking, each reading the member's account, so retries, the sweep and the member's own
 * cancellation racing it return each spend once. Answers what each booking has had back (now or
 * earlier), for the e-mail, which is itself sent once per booking.
 */
export async function returnCreditsForCancelledClass(classId: string, now: Date): Promise<Array<CreditsReturned & { uid: string }>> {
  const at = now.getTime();
  const { docs } = await getStore().query(CLASS_BOOKINGS, BookingSchema, { where: [{ field: "classId", op: "==", value: classId }] });
  const results: Array<CreditsReturned & { uid: string }> = [];
  for (const { data } of docs.filter((doc) => doc.data.creditRef)) {
    const result = await getStore().transaction(async (tx) => {
      const [liveClass, booking] = await Promise.all([
        tx.get("classes", classId, LiveClassSchema),
        tx.get(CLASS_BOOKINGS, bookingId(classId, data.uid), BookingSchema),
      ]);
      if (liveClass?.status !== "cancelled" || !booking?.creditRef) return null;
      const ledger = await readLedger(tx, booking.uid);
      return { uid: booking.uid, ...returnCredits(tx, ledger, booking.creditRef, classId, at) };
    });
    if (result && result.returned > 0) results.push(result);
  }
  return results;
}

/** Leaves the waitlist with one click. */
export async function leaveWaitlist(input: { uid: string; classId: string; now: Date }): Promise<{ ok: true } | BookingFailure> {
  const { uid, classId, now } = input;
  const at = now.getTime();
  return getStore().transaction(async (tx) => {
    const [seats, current] = await Promise.all([
      tx.get(CLASS_SEATS, classId, SeatsSchema),
      tx.get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema),
    ]);
    if (current?.status !== "waitlisted") return fail("not_waitlisted");
    tx.update(CLASS_BOOKINGS, bookingId(classId, uid), { status: "left", updatedAt: at });
    tx.set(CLASS_SEATS, classId, {
      classId,
      booked: seats?.booked ?? 0,
      waitlist: (seats?.waitlist ?? []).filter((entry) => entry.uid !== uid),
    });
    recordAction(tx, uid, "waitlist_left", classId, at);
    return { ok: true };
  });
}

/** The member's place for one class: booked, or waitlisted with their position; null when neither. */
export async function bookingFor(uid: string, classId: string): Promise<MemberPlace> {
  const [booking, seats] = await Promise.all([
    getStore().get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema),
    getStore().get(CLASS_SEATS, classId, SeatsSchema),
  ]);
  return placeOf(uid, booking, seats);
}

type MemberPlace = { status: "booked" } | { status: "waitlisted"; position: number } | null;

function placeOf(uid: string, booking: Booking | null, seats: z.output<typeof SeatsSchema> | null): MemberPlace {
  if (booking?.status === "booked") return { status: "booked" };
  if (booking?.status !== "waitlisted") return null;
  const position = waitlistOrder(seats?.waitlist ?? []).findIndex((entry) => entry.uid === uid) + 1;
  return { status: "waitlisted", position: Math.max(1, position) };
}

/**
 * Everything a class page shows of one class's seats and one member's place in it (issue 25): the
 * seats document and the member's booking are each read once, where bookingFor, bookingPaymentFor
 * and seatsLeft would read them five times between them. `uid` null: a visitor, seats only.
 */
export async function classPlaceFor(
  uid: string | null,
  classId: string,
  capacity: number,
): Promise<{ seatsLeft: number; place: MemberPlace; payment: { payment: "membership" | "credits"; creditCost: number } | null }> {
  const [booking, seats] = await Promise.all([
    uid ? getStore().get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema) : Promise.resolve(null),
    getStore().get(CLASS_SEATS, classId, SeatsSchema),
  ]);
  const place = uid ? placeOf(uid, booking, seats) : null;
  return {
    seatsLeft: Math.max(0, capacity - (seats?.booked ?? 0)),
    place,
    payment: booking && place ? { payment: booking.payment, creditCost: booking.creditCost } : null,
  };
}

/**
 * The member's place in each of their bookings (listBookingsFor's): a booking says booked or
 * waitlisted itself, so only a waitlisted one reads its class's seats, for the place in line.
 */
export async function placesFor(uid: string, bookings: Booking[]): Promise<Map<string, MemberPlace>> {
  const places = await Promise.all(
    bookings.map(async (booking) => {
      const seats = booking.status === "waitlisted" ? await getStore().get(CLASS_SEATS, booking.classId, SeatsSchema) : null;
      return [booking.classId, placeOf(uid, booking, seats)] as const;
    }),
  );
  return new Map(places);
}

/** How the member's current booking of a class is paid, or null when they hold none. */
export async function bookingPaymentFor(
  uid: string,
  classId: string,
): Promise<{ payment: "membership" | "credits"; creditCost: number } | null> {
  const booking = await getStore().get(CLASS_BOOKINGS, bookingId(classId, uid), BookingSchema);
  return booking && (booking.status === "booked" || booking.status === "waitlisted")
    ? { payment: booking.payment, creditCost: booking.creditCost }
    : null;
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
  return {
    booked: data.filter((b) => b.status === "booked").map((b) => b.uid),
    waitlisted: data.filter((b) => b.status === "waitlisted").map((b) => b.uid),
  };
}

/**
 * Who a cancellation of this class reaches, read without changing anything (issue 34: staff see it
 * before they confirm): people booked and waiting, and the booked places paid with credits, which
 * `returnCreditsForCancelledClass` would give back.
 */
export async function cancellationReach(
  classId: string,
): Promise<{ booked: number; waitlisted: number; creditBookings: number; credits: number }> {
  const { docs } = await getStore().query(CLASS_BOOKINGS, BookingSchema, { where: [{ field: "classId", op: "==", value: classId }] });
  const data = docs.map((doc) => doc.data);
  const paidWithCredits = data.filter((b) => b.status === "booked" && b.creditRef && b.creditCost > 0);
  return {
    booked: data.filter((b) => b.status === "booked").length,
    waitlisted: data.filter((b) => b.status === "waitlisted").length,
    creditBookings: paidWithCredits.length,
    credits: paidWithCredits.reduce((sum, b) => sum + b.creditCost, 0),
  };
}

/**
 * Takes a leaving member out of every live class. A place in a class still to come is given up as
 * their own cancellation would give it up (the seat goes to the first in line, credits go back to
 * their packs), a place in line is let go, and then every booking of theirs is deleted and their
 * name taken off any line it was still on. Answers who got a seat and who was passed over, to tell them.
 */
export async function forgetBookings(
  uid: string,
  now: Date,
): Promise<{ promoted: Array<{ uid: string; classId: string }>; passedOver: Array<{ uid: string; classId: string }> }> {
  const promoted: Array<{ uid: string; classId: string }> = [];
  const passedOver: Array<{ uid: string; classId: string }> = [];
  const bookings = await documentsWhere(CLASS_BOOKINGS, "uid", uid, BookingSchema);
  for (const { data } of bookings) {
    if (data.status === "booked") {
      const result = await cancelBooking({ uid, classId: data.classId, now });
      if (result.ok && result.promotedUid) promoted.push({ uid: result.promotedUid, classId: data.classId });
      if (result.ok) passedOver.push(...result.passedOver.map((other) => ({ uid: other, classId: data.classId })));
    } else if (data.status === "waitlisted") {
      await leaveWaitlist({ uid, classId: data.classId, now });
    }
  }
  const store = getStore();
  for (const { id, data } of bookings) {
    await store.transaction(async (tx) => {
      const seats = await tx.get(CLASS_SEATS, data.classId, SeatsSchema);
      if (seats?.waitlist.some((entry) => entry.uid === uid))
        tx.set(CLASS_SEATS, data.classId, { ...seats, waitlist: seats.waitlist.filter((entry) => entry.uid !== uid) });
      tx.delete(CLASS_BOOKINGS, id);
    });
  }
  return { promoted, passedOver };
}

/** Deletes a leaving member's action history (§3 userActions: live classes and studio tickets alike). */
export async function forgetActions(uid: string): Promise<void> {
  for (const { id } of await documentsWhere(USER_ACTIONS, "uid", uid)) await getStore().delete(USER_ACTIONS, id);
}
