import { getStore } from "~/services/store/index.server";
import { waitlistOrder } from "~/models/classes/booking";
import { CLASSES } from "~/models/classes/class-schedule.server";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";
import { formatMoney } from "~/models/billing/promotion-code";
import { refundPurchase } from "~/models/billing/purchases.server";
import { creditsLabel } from "~/models/wallet/credit-pack";
import { getPrivateUser } from "~/models/identity/user.server";
import { getEnv } from "~/lib/env.server";
import { sendOnce } from "~/platform/mail.server";
import {
  StudioTransactionSchema,
  TicketSchema,
  readPayment,
  releasePayment,
  ticketsForClass,
  type Ticket,
} from "./in-person-tickets.server";
import { studioTime } from "./studio";
import { getStudioById } from "./studio.server";
import { IN_PERSON_SEATS, IN_PERSON_TICKETS, STUDIO_TRANSACTIONS, SeatsSchema } from "./studio-records";

/**
 * A studio class the studio cancelled (issue 23): every ticket that held or waited for a place is
 * released, what it took goes back (credits to their packs through the ledger, ADR 022; a drop-in's
 * money through the payment port) and its holder is told, once each.
 *
 * Three steps, each safe to repeat and to run twice at once: (1) one transaction per ticket releases
 * it, returns its credits and marks its drop-in "refunding" (only the transaction that finds the
 * ticket still holding does anything); (2) each "refunding" drop-in is refunded with the purchase's
 * key, so two runs make one refund, then marked "refunded"; (3) each released ticket's holder gets
 * one e-mail (its key is the ticket's), sent only once its drop-in is refunded. A run cut short is
 * finished by the next press, a replayed post or the credits job's sweep.
 */

export interface StudioCancellation {
  released: number;
  refunded: number;
  told: number;
  /** Drop-ins whose refund the provider has not taken yet (tried again on the next run). */
  pending: number;
}

/** Settles a cancelled studio class; does nothing for a class that is not a cancelled studio class. */
export async function settleCancelledStudioClass(classId: string, now = new Date()): Promise<StudioCancellation> {
  const outcome: StudioCancellation = { released: 0, refunded: 0, told: 0, pending: 0 };
  const liveClass = await getStore().get(CLASSES, classId, LiveClassSchema);
  if (liveClass?.status !== "cancelled" || !liveClass.studioId) return outcome;
  const at = now.getTime();

  for (const ticket of await ticketsForClass(classId)) {
    if (ticket.status !== "booked" && ticket.status !== "waitlisted") continue;
    if (await releaseTicket(ticket.id, classId, at)) outcome.released += 1;
  }

  for (const ticket of await ticketsForClass(classId)) {
    if (!ticket.cancelledWithClass) continue;
    let refund: DropInRefund | null = null;
    if (ticket.payment.method === "drop_in") {
      refund = await refundDropIn(ticket.payment.reference);
      if (refund.state === "pending") {
        outcome.pending += 1;
        continue;
      }
      if (refund.state === "refunded") outcome.refunded += 1;
    }
    if (await tellHolder(ticket, liveClass, refund)) outcome.told += 1;
  }
  return outcome;
}

/**
 * Who cancelling this studio class would reach, read without changing anything (issue 34: staff see
 * it before they confirm): tickets holding or waiting for a place, those paid with credits, and the
 * drop-ins whose money would go back, with the amount per currency.
 */
export async function studioCancellationReach(liveClass: LiveClass): Promise<{
  booked: number;
  waitlisted: number;
  creditTickets: number;
  credits: number;
  dropIns: number;
  dropInTotals: Array<{ amount: number; currency: string }>;
}> {
  const tickets = (await ticketsForClass(liveClass.id)).filter((t) => t.status === "booked" || t.status === "waitlisted");
  const byCredits = tickets.filter((t) => t.payment.method === "credits");
  const dropIns = tickets.filter((t) => t.payment.method === "drop_in");
  const totals = new Map<string, number>();
  const transactions =
    dropIns.length === 0
      ? []
      : await getStore().getMany(
          dropIns.map((t) => ({ collection: STUDIO_TRANSACTIONS, id: t.payment.reference, schema: StudioTransactionSchema })),
        );
  for (const transaction of transactions) {
    if (!transaction) continue;
    totals.set(transaction.currency, (totals.get(transaction.currency) ?? 0) + transaction.amount);
  }
  return {
    booked: tickets.filter((t) => t.status === "booked").length,
    waitlisted: tickets.filter((t) => t.status === "waitlisted").length,
    creditTickets: byCredits.length,
    credits: byCredits.length * (liveClass.creditCost ?? 0),
    dropIns: dropIns.length,
    dropInTotals: [...totals].map(([currency, amount]) => ({ amount, currency })),
  };
}

/**
 * The sweep: every studio class cancelled in the last week is settled again, so a cancellation cut
 * short (a crash, a provider that did not answer) still ends with everything given back and told.
 */
export async function settleCancelledStudioClasses(now = new Date()): Promise<{ classes: number; pending: number }> {
  const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
    where: [{ field: "startsAt", op: ">=", value: new Date(now.getTime() - 7 * 86_400_000).toISOString() }],
  });
  const cancelled = docs.map((doc) => doc.data).filter((c) => c.status === "cancelled" && c.studioId);
  let pending = 0;
  for (const liveClass of cancelled) {
    try {
      pending += (await settleCancelledStudioClass(liveClass.id, now)).pending;
    } catch (error) {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "cancelled studio class not settled yet",
          classId: liveClass.id,
          cause: error instanceof Error ? error.name : "unknown",
        }),
      );
    }
  }
  return { classes: cancelled.length, pending };
}

/** Releases one ticket of a cancelled class: true only for the call that found it holding. */
function releaseTicket(id: string, classId: string, at: number): Promise<boolean> {
  return getStore().transaction(async (tx) => {
    const [liveClass, ticket, seats] = await Promise.all([
      tx.get(CLASSES, classId, LiveClassSchema),
      tx.get(IN_PERSON_TICKETS, id, TicketSchema),
      tx.get(IN_PERSON_SEATS, classId, SeatsSchema),
    ]);
    if (liveClass?.status !== "cancelled" || !ticket || (ticket.status !== "booked" && ticket.status !== "waitlisted")) return false;
    // Every read before any write (Firestore): the ledger for credits, the drop-in's record.
    const paid = await readPayment(tx, ticket.payment, ticket.uid);
    tx.update(IN_PERSON_TICKETS, id, { status: "cancelled", cancelledWithClass: true, updatedAt: at });
    tx.set(IN_PERSON_SEATS, classId, {
      classId,
      booked: Math.max(0, (seats?.booked ?? 0) - (ticket.status === "booked" ? 1 : 0)),
      waitlist: waitlistOrder(seats?.waitlist ?? []).filter((entry) => entry.uid !== ticket.uid),
    });
    if (ticket.payment.method === "drop_in") {
      // Its money goes back rather than the drop-in coming back to use: the studio cancelled, not the member.
      if (paid.dropIn?.ticketId === id && paid.dropIn.status === "used")
        tx.update(STUDIO_TRANSACTIONS, ticket.payment.reference, { status: "refunding" });
    } else {
      releasePayment(tx, ticket.payment, paid, { classId, now: at });
    }
    return true;
  });
}

type DropInRefund = { state: "refunded" | "already"; amount: number; currency: string } | { state: "pending" } | { state: "none" };

/** Refunds a drop-in marked "refunding", once; "already" when an earlier run did. */
async function refundDropIn(purchaseId: string): Promise<DropInRefund> {
  const record = await getStore().get(STUDIO_TRANSACTIONS, purchaseId, StudioTransactionSchema);
  if (!record) return { state: "none" };
  if (record.status === "refunded") return { state: "already", amount: record.amount, currency: record.currency };
  if (record.status !== "refunding") return { state: "none" };
  const refund = await refundPurchase(purchaseId);
  if (!refund.ok) return { state: "pending" };
  await getStore().update(STUDIO_TRANSACTIONS, purchaseId, { status: "refunded" });
  return { state: "refunded", amount: record.amount, currency: record.currency };
}

/** The holder's one e-mail about the cancellation, saying what came back. */
async function tellHolder(ticket: Ticket, liveClass: LiveClass, refund: DropInRefund | null): Promise<boolean> {
  const [person, studio] = await Promise.all([getPrivateUser(ticket.uid), liveClass.studioId ? getStudioById(liveClass.studioId) : null]);
  if (!person?.email) return false;
  const zone = studio?.timeZone ?? liveClass.timeZone;
  const where = studio ? ` at ${studio.name}` : "";
  let back = "You weren't charged anything for it, and your membership is untouched.";
  if (ticket.payment.method === "credits")
    back = `The ${creditsLabel(liveClass.creditCost ?? 1)} it took ${liveClass.creditCost === 1 || liveClass.creditCost === null ? "is" : "are"} back in your account.`;
  if (refund && (refund.state === "refunded" || refund.state === "already")) {
    back = `We've refunded your drop-in (${formatMoney(refund.amount, refund.currency)}) to the card you paid with; banks usually show it within 5 to 10 days.`;
  }
  const result = await sendOnce({
    to: person.email,
    subject: `Cancelled: ${liveClass.title}`,
    text: [
      `Hello ${person.firstName ?? "there"},`,
      "",
      `We're sorry: "${liveClass.title}"${where} on ${studioTime(liveClass.startsAt, zone, { reader: person.mostRecentTimeZone })} has been cancelled, so your ${ticket.status === "cancelled" && ticket.bookedAt === null ? "place on the waitlist" : "ticket"} is released.`,
      back,
      "",
      `The studio's other classes: ${new URL(studio ? `/studios/${studio.slug}` : "/studios", getEnv().PUBLIC_SITE_URL)}`,
      "",
      "Stillhour",
    ].join("\n"),
    idempotencyKey: `studio-class-cancelled:${ticket.id}`,
  });
  return result === "sent";
}
