import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { TransactionContext } from "~/services/store/port.server";
import { getEnv } from "~/lib/env.server";
import { getClass } from "~/models/classes/class-schedule.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { sendOnce } from "~/platform/mail.server";
import {
  MembershipSchema,
  StudioTransactionSchema,
  bookInPerson,
  releaseRefundedDropIn,
  type BookResult,
  type StudioTransaction,
} from "./in-person-tickets.server";
import { STUDIO_TRANSACTIONS, USER_MEMBERSHIPS } from "./studio-records";
import { startPurchase, type PaidPurchase, type PurchaseStart } from "~/models/billing/purchases.server";
import type { Studio } from "./studio";
import { sendTicketConfirmation } from "./ticket-mail.server";

/**
 * Studio purchases through the payment port (issue 12): a drop-in for one class, or a studio
 * membership. Prices come from the studio in the store, never the form. Fulfilment is idempotent by
 * purchase id: the `studioTransactions` entry is created once in a transaction, and only the call
 * that created it books the class the drop-in was bought for, so a replayed webhook books nothing
 * twice and never re-books a class the member has since cancelled.
 */

const DAY_MS = 86_400_000;

export function startDropInPurchase(input: {
  uid: string;
  studio: Studio;
  classId: string;
  classTitle: string;
  intentId: string;
  returnPath: string;
  purchaseId: string;
}): Promise<PurchaseStart> {
  const { studio } = input;
  return startPurchase({
    uid: input.uid,
    intentId: input.intentId,
    item: {
      kind: "studio_ticket",
      itemId: `drop-in:${input.classId}`,
      name: `Drop-in: ${input.classTitle}, ${studio.name}`,
      amount: studio.dropIn.amount,
      currency: studio.dropIn.currency,
      metadata: { studioId: studio.id, classId: input.classId },
    },
    successPath: `${input.returnPath}?paid=drop-in&purchase=${input.purchaseId}`,
    cancelPath: `${input.returnPath}?paid=cancelled`,
  });
}

export function startMembershipPurchase(input: {
  uid: string;
  studio: Studio;
  offerId: string;
  intentId: string;
  returnPath: string;
  purchaseId: string;
}): Promise<PurchaseStart> | { ok: false; message: string } {
  const offer = input.studio.memberships.find((m) => m.id === input.offerId);
  if (!offer) return { ok: false, message: "That membership isn't offered at this studio." };
  return startPurchase({
    uid: input.uid,
    intentId: input.intentId,
    item: {
      kind: "studio_membership",
      itemId: offer.id,
      name: `${offer.name} (${offer.days} days)`,
      amount: offer.amount,
      currency: offer.currency,
      metadata: { studioId: input.studio.id, days: String(offer.days), name: offer.name },
    },
    successPath: `${input.returnPath}?paid=membership&purchase=${input.purchaseId}`,
    cancelPath: `${input.returnPath}?paid=cancelled`,
  });
}

/**
 * Creates the purchase's `studioTransactions` entry (and whatever `alsoWrite` adds) in one
 * transaction, only if it is absent: true for the one call that made it, false for every replay.
 */
function recordOnce(
  purchase: PaidPurchase,
  fields: Pick<StudioTransaction, "studioId" | "kind" | "status" | "classId">,
  alsoWrite?: (tx: TransactionContext) => void,
): Promise<boolean> {
  return getStore().transaction(async (tx) => {
    if (await tx.get(STUDIO_TRANSACTIONS, purchase.purchaseId, StudioTransactionSchema)) return false;
    const { purchaseId: id, uid, itemId, amount, currency, paidAt } = purchase;
    tx.create(STUDIO_TRANSACTIONS, id, {
      id,
      uid,
      itemId,
      amount,
      currency,
      paidAt,
      ticketId: null,
      ...fields,
    } satisfies StudioTransaction);
    alsoWrite?.(tx);
    return true;
  });
}

export type StudioFulfilment =
  | { kind: "drop_in"; created: boolean; booking: BookResult | null }
  | { kind: "membership"; created: boolean; endsAt: number }
  | { kind: "ignored" };

/** Called by purchase-fulfilment.server.ts once a studio purchase is paid; safe to call any number of times. */
export async function fulfilStudioPurchase(purchase: PaidPurchase): Promise<StudioFulfilment> {
  const studioId = purchase.metadata.studioId ?? "";
  if (purchase.kind === "studio_ticket") {
    const classId = purchase.metadata.classId ?? null;
    const created = await recordOnce(purchase, { studioId, kind: "drop_in", status: "available", classId });
    if (!created || !classId) return { kind: "drop_in", created, booking: null };
    // Books straight away; if the class was cancelled or has started meanwhile, the drop-in stays
    // available for another class at this studio (the class page says so).
    const booking = await bookInPerson({
      uid: purchase.uid,
      classId,
      payment: { method: "drop_in", reference: purchase.purchaseId },
      now: new Date(),
    });
    if (booking.ok && booking.startedNew) await sendTicketConfirmation(classId, purchase.uid);
    return { kind: "drop_in", created, booking };
  }
  if (purchase.kind === "studio_membership") {
    const days = Number(purchase.metadata.days ?? "30");
    const endsAt = purchase.paidAt + (Number.isInteger(days) && days > 0 ? days : 30) * DAY_MS;
    const created = await recordOnce(purchase, { studioId, kind: "membership", status: "n/a", classId: null }, (tx) =>
      tx.create(USER_MEMBERSHIPS, purchase.purchaseId, {
        id: purchase.purchaseId,
        uid: purchase.uid,
        studioId,
        offerId: purchase.itemId,
        name: purchase.metadata.name ?? purchase.itemId,
        startsAt: purchase.paidAt,
        endsAt,
        purchaseId: purchase.purchaseId,
        status: "active",
      }),
    );
    return { kind: "membership", created, endsAt };
  }
  return { kind: "ignored" };
}

/**
 * A leaving member's studio purchases: each `studioTransactions` entry (a drop-in or a studio
 * membership, what it cost, when) stays for the accounts under `pseudonym`; the studio membership
 * it granted, which only they could use, goes.
 */
export async function anonymiseStudioPurchases(uid: string, pseudonym: string): Promise<void> {
  const store = getStore();
  for (const { id, data } of await documentsWhere(STUDIO_TRANSACTIONS, "uid", uid, StudioTransactionSchema)) {
    await store.update(STUDIO_TRANSACTIONS, id, {
      uid: pseudonym,
      ticketId: data.ticketId === null ? null : data.ticketId.split(uid).join(pseudonym),
    });
  }
  for (const { id } of await documentsWhere(USER_MEMBERSHIPS, "uid", uid)) await store.delete(USER_MEMBERSHIPS, id);
}

/**
 * A studio purchase whose payment was refunded or lost to a dispute (ADR 036): a drop-in can no longer
 * pay and releases the place it held (the first in line is booked and gets their ticket); a studio
 * membership ends. Once, whatever the replays; the member is told by mail keyed to the purchase.
 */
export async function reverseStudioPurchase(
  purchase: { purchaseId: string; uid: string; kind: string },
  now: Date = new Date(),
): Promise<void> {
  if (purchase.kind === "studio_ticket") {
    const released = await releaseRefundedDropIn(purchase.purchaseId, now);
    if (released.status === "not_drop_in") return;
    if (released.status === "released" && released.promotedUid && released.classId)
      await sendTicketConfirmation(released.classId, released.promotedUid);
    const liveClass = released.status === "released" && released.was && released.classId ? await getClass(released.classId) : null;
    const place = liveClass ? ` Your place on "${liveClass.title}" has been released.` : "";
    await tellRefunded(
      purchase,
      "drop-in",
      `It can no longer be used for a class.${place}`,
      liveClass ? `/tickets/${liveClass.id}` : "/studios",
    );
    return;
  }
  if (purchase.kind === "studio_membership") {
    await getStore().transaction(async (tx) => {
      const membership = await tx.get(USER_MEMBERSHIPS, purchase.purchaseId, MembershipSchema);
      if (membership && membership.status === "active") tx.update(USER_MEMBERSHIPS, purchase.purchaseId, { status: "cancelled" });
    });
    await tellRefunded(purchase, "studio membership", "It has ended; classes you already booked with it stay booked.", "/studios");
  }
}

async function tellRefunded(purchase: { purchaseId: string; uid: string }, what: string, line: string, path: string) {
  const person = await getPrivateUser(purchase.uid);
  if (!person?.email) return;
  await sendOnce({
    to: person.email,
    subject: `Your ${what} was refunded`,
    text: `Hello ${person.firstName ?? "there"},\n\nThe payment for your ${what} has been refunded (or returned to you by your bank). ${line}\n\nMore here: ${new URL(path, getEnv().PUBLIC_SITE_URL)}\n\nStillhour`,
    idempotencyKey: `studio-refund:${purchase.purchaseId}`,
  });
}
