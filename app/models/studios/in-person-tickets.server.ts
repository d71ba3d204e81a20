import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { TransactionContext } from "~/services/store/port.server";
import { bookingProblem, waitlistOrder } from "~/models/classes/booking";
import { USER_ACTIONS, creditRefFor, returnCredits, type CreditsReturned } from "~/models/classes/booking.server";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { planSpend, type SpendPlan } from "~/models/wallet/credit-ledger";
import { creditsLabel } from "~/models/wallet/credit-pack";
import { appendEntries, holdingsOf, readLedger, type MemberLedger } from "~/models/wallet/credits.server";
import { StudioSchema, TICKET_STATES, canBecome, isLateCancel } from "./studio";
import { SignatureSchema, signatureId } from "./waiver";
import { WAIVER_HEADS, WAIVER_SIGNATURES, WaiverHeadSchema } from "./waiver.server";
import { IN_PERSON_SEATS, IN_PERSON_TICKETS, STUDIOS, STUDIO_TRANSACTIONS, SeatsSchema, USER_MEMBERSHIPS } from "./studio-records";

/**
 * In-person tickets (issue 12; docs/decisions/023-waivers.md). The live-class booking model of ADR 016
 * again: one ticket per member and class, one seat document per class with the booked count and the
 * waitlist, every change reading and writing both in one transaction. On top of it, a ticket is only
 * made when the member has signed the studio's current waiver (checked inside the same transaction)
 * and has a way to pay that is claimed in that transaction too: a studio membership, a drop-in bought
 * through the payment port, or class credits (the ledger of credits.server.ts, ADR 022).
 */

/**
 * How a ticket is paid. For "credits" the form names no pack (it posts `credits:account`); the
 * booking transaction replaces the reference with the ledger's name for this ticket occasion
 * (`creditRefFor`: `{classId}:{uid}:{at}:{next entry number}`), which its spend and refund carry, so
 * a ticket cancelled and booked again is a second occasion with its own spend.
 */
export const PaymentSchema = z.object({ method: z.enum(["membership", "drop_in", "credits"]), reference: z.string().min(1) });
export type TicketPayment = z.infer<typeof PaymentSchema>;

export const TicketSchema = z.object({
  id: z.string(),
  classId: z.string(),
  studioId: z.string(),
  uid: z.string(),
  status: z.enum(TICKET_STATES),
  startsAt: z.string(),
  durationMinutes: z.number(),
  /** The check-in code in the QR: 10 base32 characters, unguessable, kept across re-bookings. */
  code: z.string(),
  payment: PaymentSchema,
  waiverVersion: z.number().nullable(),
  bookedAt: z.number().nullable().default(null),
  waitlistedAt: z.number().nullable().default(null),
  promoted: z.boolean().default(false),
  /** Cancelled because the studio cancelled the class: its payment goes back and its holder is told. */
  cancelledWithClass: z.boolean().default(false),
  updatedAt: z.number(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const MembershipSchema = z.object({
  id: z.string(),
  uid: z.string(),
  studioId: z.string(),
  offerId: z.string(),
  name: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  purchaseId: z.string(),
  status: z.enum(["active", "cancelled"]),
});
export type StudioMembership = z.infer<typeof MembershipSchema>;

/** §3 studioTransactions: one per purchase (the id is the purchase id); a drop-in is used by one ticket at a time. */
export const StudioTransactionSchema = z.object({
  id: z.string(),
  uid: z.string(),
  studioId: z.string(),
  kind: z.enum(["drop_in", "membership"]),
  itemId: z.string(),
  amount: z.number(),
  currency: z.string(),
  paidAt: z.number(),
  /**
   * Drop-ins: available until a ticket uses it; back to available when cancelled in time; refunding,
   * then refunded, when the studio cancelled the class it was used for; refunded for good when its payment came back
   * (a refund or a lost dispute, ADR 036).
   */
  status: z.enum(["available", "used", "n/a", "refunding", "refunded"]),
  ticketId: z.string().nullable(),
  /** The class it was bought for (drop-ins), booked straight after payment. */
  classId: z.string().nullable(),
});
export type StudioTransaction = z.infer<typeof StudioTransactionSchema>;

export const ticketId = (classId: string, uid: string) => `${classId}:${uid}`;

export function newCheckInCode(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join("");
}

export type TicketProblem =
  | "not_found"
  | "class_cancelled"
  | "class_started"
  | "waiver_needed"
  | "payment_invalid"
  | "credits_not_taken"
  | "not_enough_credits"
  | "not_booked";

export type TicketFailure = { ok: false; problem: TicketProblem; message: string; status: number };
export const ticketFail = (problem: TicketProblem): TicketFailure => {
  const { message, status } = bookingProblem(problem);
  return { ok: false, problem, message, status };
};

function recordAction(tx: TransactionContext, uid: string, kind: string, classId: string, at: number) {
  tx.create(USER_ACTIONS, `${uid}:${at}:${randomBytes(4).toString("hex")}`, { uid, kind, classId, at });
}

/** What a payment's check needs, read inside the transaction before any write. */
export interface PaymentRead {
  membership: StudioMembership | null;
  dropIn: StudioTransaction | null;
  /** The member's whole credit ledger (credits only): reading it serialises their credit movements. */
  ledger: MemberLedger | null;
}

/** Reads the document behind a payment (inside the transaction, before any write). */
export async function readPayment(tx: TransactionContext, payment: TicketPayment, uid: string): Promise<PaymentRead> {
  if (payment.method === "membership")
    return { membership: await tx.get(USER_MEMBERSHIPS, payment.reference, MembershipSchema), dropIn: null, ledger: null };
  if (payment.method === "drop_in")
    return { membership: null, dropIn: await tx.get(STUDIO_TRANSACTIONS, payment.reference, StudioTransactionSchema), ledger: null };
  return { membership: null, dropIn: null, ledger: await readLedger(tx, uid) };
}

/** The ticket's payment as stored: a credit payment is named after this occasion in the member's ledger. */
function ticketPayment(payment: TicketPayment, read: PaymentRead, context: { uid: string; classId: string; now: number }): TicketPayment {
  if (payment.method !== "credits" || !read.ledger) return payment;
  return { method: "credits", reference: creditRefFor(context.classId, context.uid, context.now, read.ledger) };
}

/** The spend entries for a ticket paid with credits (the class's creditCost, soonest-expiring pack first). */
function creditSpend(read: PaymentRead, payment: TicketPayment, liveClass: LiveClass, now: number): SpendPlan | null {
  if (payment.method !== "credits" || !read.ledger || liveClass.creditCost === null) return null;
  return planSpend(holdingsOf(read.ledger), read.ledger.entries, liveClass.creditCost, now, payment.reference);
}

/** Whether the payment covers this class for this member: the right studio, in date, not yet used, enough credits. */
function paymentCovers(
  read: PaymentRead,
  payment: TicketPayment,
  context: { uid: string; liveClass: LiveClass; now: number },
): TicketFailure | null {
  const { uid, liveClass, now } = context;
  if (payment.method === "credits") {
    if (liveClass.creditCost === null) return ticketFail("credits_not_taken");
    const plan = creditSpend(read, payment, liveClass, now);
    if (plan?.ok) return null;
    const available = plan?.available ?? 0;
    return {
      ...ticketFail("not_enough_credits"),
      message: `This class takes ${creditsLabel(liveClass.creditCost)} and you have ${available === 0 ? "none" : creditsLabel(available)} left. A class pack, a drop-in or a studio membership will let you book.`,
    };
  }
  if (payment.method === "membership") {
    const m = read.membership;
    const starts = Date.parse(liveClass.startsAt);
    return m && m.uid === uid && m.studioId === liveClass.studioId && m.status === "active" && m.startsAt <= now && starts < m.endsAt
      ? null
      : ticketFail("payment_invalid");
  }
  const d = read.dropIn;
  return d && d.uid === uid && d.kind === "drop_in" && d.studioId === liveClass.studioId && d.status === "available"
    ? null
    : ticketFail("payment_invalid");
}

/** Claims the payment for the ticket: the drop-in is marked used by it, or its credits are spent in this transaction. */
function claimPayment(
  tx: TransactionContext,
  read: PaymentRead,
  payment: TicketPayment,
  context: { id: string; liveClass: LiveClass; now: number },
) {
  const { id, liveClass, now } = context;
  if (payment.method === "drop_in")
    tx.update(STUDIO_TRANSACTIONS, payment.reference, { status: "used", ticketId: id, classId: liveClass.id });
  const plan = creditSpend(read, payment, liveClass, now);
  if (plan?.ok && read.ledger) appendEntries(tx, read.ledger, plan.entries, { classId: liveClass.id });
}

/**
 * Gives the payment back (a cancellation in time, a waitlist that never got a seat). Credits go back
 * to the packs they came from, once per occasion (planReturn nets the occasion's entries), through the
 * same return as live classes. `read` is readPayment's answer for this payment, taken before any write.
 */
export function releasePayment(
  tx: TransactionContext,
  payment: TicketPayment,
  read: PaymentRead,
  context: { classId: string; now: number },
): CreditsReturned | null {
  if (payment.method === "drop_in") tx.update(STUDIO_TRANSACTIONS, payment.reference, { status: "available", ticketId: null });
  if (payment.method !== "credits") return null;
  if (!read.ledger) throw new Error("Releasing a credit payment needs the member's ledger, read first");
  return returnCredits(tx, read.ledger, payment.reference, context.classId, context.now);
}

export type BookResult =
  | { ok: true; status: "booked" | "waitlisted"; position: number | null; ticketId: string; already: boolean; startedNew: boolean }
  | TicketFailure;

/**
 * Books an in-person class (or joins its waitlist when full). Refused, with nothing written, when the
 * member hasn't signed the studio's current waiver or the payment doesn't cover this class. Asking
 * again answers the place already held and claims nothing.
 */
export async function bookInPerson(input: { uid: string; classId: string; payment: TicketPayment; now: Date }): Promise<BookResult> {
  const { uid, classId, payment, now } = input;
  const at = now.getTime();
  const id = ticketId(classId, uid);
  return getStore().transaction(async (tx) => {
    const liveClass = await tx.get(CLASSES, classId, LiveClassSchema);
    if (!liveClass || !liveClass.studioId) return ticketFail("not_found");
    const studioId = liveClass.studioId;
    const [seats, current, head, paid] = await Promise.all([
      tx.get(IN_PERSON_SEATS, classId, SeatsSchema),
      tx.get(IN_PERSON_TICKETS, id, TicketSchema),
      tx.get(WAIVER_HEADS, studioId, WaiverHeadSchema),
      readPayment(tx, payment, uid),
    ]);
    const signature = head ? await tx.get(WAIVER_SIGNATURES, signatureId(studioId, head.version, uid), SignatureSchema) : null;
    const queue = waitlistOrder(seats?.waitlist ?? []);
    if (current && (current.status === "booked" || current.status === "checked_in"))
      return { ok: true, status: "booked", position: null, ticketId: id, already: true, startedNew: false } as const;
    if (current?.status === "waitlisted")
      return {
        ok: true,
        status: "waitlisted",
        position: queue.findIndex((e) => e.uid === uid) + 1,
        ticketId: id,
        already: true,
        startedNew: false,
      } as const;
    if (liveClass.status === "cancelled") return ticketFail("class_cancelled");
    if (Date.parse(liveClass.startsAt) <= at) return ticketFail("class_started");
    if (head && !signature) return ticketFail("waiver_needed");
    const stored = ticketPayment(payment, paid, { uid, classId, now: at });
    const problem = paymentCovers(paid, stored, { uid, liveClass, now: at });
    if (problem) return problem;

    const booked = seats?.booked ?? 0;
    const seatFree = booked < liveClass.capacity && queue.length === 0;
    const status = seatFree ? "booked" : "waitlisted";
    if (!canBecome(current?.status ?? null, status)) return ticketFail("not_found");
    const waitlist = seatFree ? queue : [...queue, { uid, waitlistedAt: at }];
    tx.set(IN_PERSON_SEATS, classId, { classId, booked: seatFree ? booked + 1 : booked, waitlist });
    tx.set(IN_PERSON_TICKETS, id, {
      id,
      classId,
      studioId,
      uid,
      status,
      startsAt: liveClass.startsAt,
      durationMinutes: liveClass.durationMinutes,
      code: current?.code ?? newCheckInCode(),
      payment: stored,
      waiverVersion: head?.version ?? null,
      bookedAt: seatFree ? at : null,
      waitlistedAt: seatFree ? null : at,
      promoted: false,
      updatedAt: at,
    });
    claimPayment(tx, paid, stored, { id, liveClass, now: at });
    recordAction(tx, uid, seatFree ? "studio_class_booked" : "studio_class_waitlisted", classId, at);
    return { ok: true, status, position: seatFree ? null : waitlist.length, ticketId: id, already: false, startedNew: true } as const;
  });
}

export type CancelResult = { ok: true; was: "booked" | "waitlisted"; late: boolean; promotedUid: string | null } | TicketFailure;

/**
 * Cancels a booked ticket or leaves the waitlist. Inside the studio's late-cancel window a booked
 * ticket becomes late-cancelled and its payment stays spent; before it, a drop-in comes back to use on
 * another class. In the same transaction the first in line takes the seat, exactly once.
 */
export async function cancelTicket(input: { uid: string; classId: string; now: Date }): Promise<CancelResult> {
  const { uid, classId, now } = input;
  const at = now.getTime();
  const id = ticketId(classId, uid);
  return getStore().transaction(async (tx) => {
    const [liveClass, ticket, seats] = await Promise.all([
      tx.get(CLASSES, classId, LiveClassSchema),
      tx.get(IN_PERSON_TICKETS, id, TicketSchema),
      tx.get(IN_PERSON_SEATS, classId, SeatsSchema),
    ]);
    if (!liveClass?.studioId) return ticketFail("not_found");
    if (!ticket || (ticket.status !== "booked" && ticket.status !== "waitlisted")) return ticketFail("not_booked");
    if (Date.parse(liveClass.startsAt) <= at) return ticketFail("class_started");
    const queue = waitlistOrder(seats?.waitlist ?? []);
    // Every read before any write (Firestore): for credits this is the member's ledger.
    const paid = await readPayment(tx, ticket.payment, uid);

    if (ticket.status === "waitlisted") {
      tx.update(IN_PERSON_TICKETS, id, { status: "cancelled", updatedAt: at });
      freePlace(tx, { classId, uid, was: "waitlisted", seats, queue, nextTicket: null, at });
      releasePayment(tx, ticket.payment, paid, { classId, now: at });
      recordAction(tx, uid, "studio_waitlist_left", classId, at);
      return { ok: true, was: "waitlisted", late: false, promotedUid: null } as const;
    }

    const studio = await tx.get(STUDIOS, liveClass.studioId, StudioSchema);
    const nextTicket = await readNextInLine(tx, classId, queue);
    const late = studio ? isLateCancel(liveClass.startsAt, studio.lateCancel, studio.timeZone, now) : false;

    tx.update(IN_PERSON_TICKETS, id, { status: late ? "late_cancelled" : "cancelled", updatedAt: at });
    // A late cancellation keeps the drop-in or credit spent: the studio keeps it.
    if (!late) releasePayment(tx, ticket.payment, paid, { classId, now: at });
    recordAction(tx, uid, late ? "studio_class_late_cancelled" : "studio_class_cancelled", classId, at);
    const promotedUid = freePlace(tx, { classId, uid, was: "booked", seats, queue, nextTicket, at });
    return { ok: true, was: "booked", late, promotedUid } as const;
  });
}

type Seats = z.infer<typeof SeatsSchema>;
type QueueEntry = Seats["waitlist"][number];

/** The first in line's ticket, read before any write: who takes a seat that is freed. */
async function readNextInLine(tx: TransactionContext, classId: string, queue: readonly QueueEntry[]): Promise<Ticket | null> {
  const next = queue[0] ?? null;
  return next ? tx.get(IN_PERSON_TICKETS, ticketId(classId, next.uid), TicketSchema) : null;
}

/**
 * Gives up `uid`'s place, after the reads: a waitlisted one leaves the line; a booked one's seat goes
 * to the first in line (promoted, once, in this transaction), else is freed. Answers who was promoted.
 */
function freePlace(
  tx: TransactionContext,
  input: {
    classId: string;
    uid: string;
    was: "booked" | "waitlisted";
    seats: Seats | null;
    queue: readonly QueueEntry[];
    nextTicket: Ticket | null;
    at: number;
  },
): string | null {
  const { classId, uid, was, seats, queue, nextTicket, at } = input;
  if (was === "waitlisted") {
    tx.set(IN_PERSON_SEATS, classId, { classId, booked: seats?.booked ?? 0, waitlist: queue.filter((e) => e.uid !== uid) });
    return null;
  }
  const next = queue[0] ?? null;
  if (next && nextTicket?.status === "waitlisted") {
    tx.update(IN_PERSON_TICKETS, nextTicket.id, { status: "booked", bookedAt: at, promoted: true, updatedAt: at });
    tx.set(IN_PERSON_SEATS, classId, { classId, booked: seats?.booked ?? 1, waitlist: queue.slice(1) });
    recordAction(tx, next.uid, "studio_waitlist_promoted", classId, at);
    return next.uid;
  }
  // A stale waitlist entry (no waiting ticket behind it) is dropped, not promoted.
  tx.set(IN_PERSON_SEATS, classId, { classId, booked: Math.max(0, (seats?.booked ?? 1) - 1), waitlist: next ? queue.slice(1) : queue });
  return null;
}

export type DropInRefund =
  | { status: "released"; uid: string; classId: string | null; was: "booked" | "waitlisted" | null; promotedUid: string | null }
  | { status: "already" | "not_drop_in" };

/**
 * A drop-in whose payment was refunded or lost to a dispute (ADR 036), once: it can no longer pay
 * for a class, and the ticket it paid for, if that still holds a place in a class not yet begun, is
 * cancelled and its place freed exactly as a cancellation frees it (the first in line takes the seat).
 * A ticket whose class has begun, or that was already used or cancelled, stays as history.
 */
export async function releaseRefundedDropIn(purchaseId: string, now: Date): Promise<DropInRefund> {
  const at = now.getTime();
  return getStore().transaction(async (tx): Promise<DropInRefund> => {
    const dropIn = await tx.get(STUDIO_TRANSACTIONS, purchaseId, StudioTransactionSchema);
    if (!dropIn || dropIn.kind !== "drop_in") return { status: "not_drop_in" };
    // A studio cancellation already giving it back ("refunding") or done: nothing more to release.
    if (dropIn.status === "refunded" || dropIn.status === "refunding") return { status: "already" };
    const ticket = dropIn.ticketId ? await tx.get(IN_PERSON_TICKETS, dropIn.ticketId, TicketSchema) : null;
    const paidHere =
      ticket &&
      ticket.payment.method === "drop_in" &&
      ticket.payment.reference === purchaseId &&
      (ticket.status === "booked" || ticket.status === "waitlisted");
    const liveClass = paidHere ? await tx.get(CLASSES, ticket.classId, LiveClassSchema) : null;
    const release = paidHere && liveClass && Date.parse(liveClass.startsAt) > at ? ticket : null;
    const seats = release ? await tx.get(IN_PERSON_SEATS, release.classId, SeatsSchema) : null;
    const queue = waitlistOrder(seats?.waitlist ?? []);
    const was = release ? (release.status === "waitlisted" ? "waitlisted" : "booked") : null;
    const nextTicket = was === "booked" && release ? await readNextInLine(tx, release.classId, queue) : null;

    tx.update(STUDIO_TRANSACTIONS, purchaseId, { status: "refunded" });
    if (!release || !was) return { status: "released", uid: dropIn.uid, classId: dropIn.classId, was: null, promotedUid: null };
    tx.update(IN_PERSON_TICKETS, release.id, { status: "cancelled", updatedAt: at });
    recordAction(tx, release.uid, "studio_drop_in_refunded", release.classId, at);
    const promotedUid = freePlace(tx, { classId: release.classId, uid: release.uid, was, seats, queue, nextTicket, at });
    return { status: "released", uid: dropIn.uid, classId: release.classId, was, promotedUid };
  });
}

export function getTicket(classId: string, uid: string): Promise<Ticket | null> {
  return getStore().get(IN_PERSON_TICKETS, ticketId(classId, uid), TicketSchema);
}

/** The member's place in line, 1-based; null when not waiting. */
export async function waitlistPosition(classId: string, uid: string): Promise<number | null> {
  const seats = await getStore().get(IN_PERSON_SEATS, classId, SeatsSchema);
  const index = waitlistOrder(seats?.waitlist ?? []).findIndex((e) => e.uid === uid);
  return index === -1 ? null : index + 1;
}

export async function inPersonSeatsLeft(classId: string, capacity: number): Promise<number> {
  const seats = await getStore().get(IN_PERSON_SEATS, classId, SeatsSchema);
  return Math.max(0, capacity - (seats?.booked ?? 0));
}

export async function ticketsOf(uid: string): Promise<Ticket[]> {
  const { docs } = await getStore().query(IN_PERSON_TICKETS, TicketSchema, { where: [{ field: "uid", op: "==", value: uid }] });
  return docs.map((d) => d.data).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export async function ticketsForClass(classId: string): Promise<Ticket[]> {
  const { docs } = await getStore().query(IN_PERSON_TICKETS, TicketSchema, { where: [{ field: "classId", op: "==", value: classId }] });
  return docs.map((d) => d.data);
}

/** The ways this member can pay at this studio right now: an active membership, unused drop-ins. */
export async function paymentOptions(
  uid: string,
  studioId: string,
  now: Date,
): Promise<{ membership: StudioMembership | null; dropIns: StudioTransaction[] }> {
  const store = getStore();
  const [memberships, transactions] = await Promise.all([
    store.query(USER_MEMBERSHIPS, MembershipSchema, { where: [{ field: "uid", op: "==", value: uid }] }),
    store.query(STUDIO_TRANSACTIONS, StudioTransactionSchema, { where: [{ field: "uid", op: "==", value: uid }] }),
  ]);
  const at = now.getTime();
  const membership =
    memberships.docs
      .map((d) => d.data)
      .filter((m) => m.studioId === studioId && m.status === "active" && m.startsAt <= at && at < m.endsAt)
      .sort((a, b) => b.endsAt - a.endsAt)[0] ?? null;
  const dropIns = transactions.docs
    .map((d) => d.data)
    .filter((t) => t.studioId === studioId && t.kind === "drop_in" && t.status === "available");
  return { membership, dropIns };
}

/**
 * Takes a leaving member out of every studio class, as their own cancellations would (a seat to the
 * first in line; a drop-in or credits back unless it is too late, when the studio keeps them), then
 * deletes their tickets and takes them off any line. Answers who got a seat, for their ticket e-mail.
 */
export async function forgetTickets(uid: string, now: Date): Promise<Array<{ uid: string; classId: string }>> {
  const promoted: Array<{ uid: string; classId: string }> = [];
  const tickets = await documentsWhere(IN_PERSON_TICKETS, "uid", uid, TicketSchema);
  for (const { data } of tickets) {
    if (data.status !== "booked" && data.status !== "waitlisted") continue;
    const result = await cancelTicket({ uid, classId: data.classId, now });
    if (result.ok && result.promotedUid) promoted.push({ uid: result.promotedUid, classId: data.classId });
  }
  for (const { id, data } of tickets) {
    await getStore().transaction(async (tx) => {
      const seats = await tx.get(IN_PERSON_SEATS, data.classId, SeatsSchema);
      if (seats?.waitlist.some((entry) => entry.uid === uid))
        tx.set(IN_PERSON_SEATS, data.classId, { ...seats, waitlist: seats.waitlist.filter((entry) => entry.uid !== uid) });
      tx.delete(IN_PERSON_TICKETS, id);
    });
  }
  return promoted;
}
