import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getEnv } from "~/lib/env.server";
import { getPaymentProvider } from "~/services/payments/index.server";
import { PaymentError } from "~/services/payments/port";
import type { TransactionContext } from "~/services/store/port.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { problemAfter, type Problem } from "~/lib/errors";
import { recordEvent } from "~/platform/analytics-event.server";
import {
  GIFT_STATE_LABELS,
  endDateText,
  formatGiftCode,
  giftCodeFromBytes,
  nextGiftState,
  redeemOnto,
  takeBackRedemption,
  whyNotRedeem,
  giftRefusal,
  type GiftEvent,
  type GiftFacts,
  type PlanState,
  type RedeemRefusal,
  type Redemption,
} from "./gift";
import { EMPTY_GIFTED_TIME, GIFTED_MEMBERSHIPS, GiftedTimeSchema, withGiftedTime } from "~/models/billing/gifted-time.server";
import { sendOnce } from "~/platform/mail.server";
import { isLiveStatus } from "~/models/billing/membership";
import { MEMBERSHIPS, MembershipSchema, syncCustomer } from "~/models/billing/membership.server";
import { formatMoney } from "~/models/billing/promotion-code";
import { purchaseIdFor, startPurchase, type PaidPurchase, type PurchaseStart } from "~/models/billing/purchases.server";
import { FALLBACK_TIME_ZONE, DEFAULT_PRIVATE_USER } from "~/models/identity/user";
import { PRIVATE_USERS, PrivateUserSchema, getPrivateUser } from "~/models/identity/user.server";

/**
 * Gifts (issue 11; docs/decisions/021-gifts-onto-plans.md): bought through the one-time purchase path,
 * opened by an unguessable code at /{code} (or typed on /redeem), redeemed exactly once onto whatever
 * plan the recipient has. The rules are in gift.ts; this file reads and writes them.
 */

export const GIFT_TYPES = "giftTypes";
export const GIFTS = "gifts";
/** Code → gift: the lookup for /{code} and /redeem. */
export const GIFT_CODES = "giftCodes";

export const GiftTypeSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(80),
  description: z.string().max(300),
  months: z.number().int().min(1).max(36),
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  order: z.number().int(),
  active: z.boolean().default(true),
});
export type GiftType = z.infer<typeof GiftTypeSchema>;

const RedemptionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("start"), startsAt: z.number(), endsAt: z.number() }),
  z.object({ kind: z.literal("defer_charge"), from: z.number(), to: z.number() }),
  z.object({ kind: z.literal("stack"), from: z.number(), endsAt: z.number() }),
]);

export const GiftSchema = z.object({
  code: z.string(),
  buyerUid: z.string(),
  buyerName: z.string(),
  giftTypeId: z.string(),
  typeName: z.string(),
  months: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.enum(["email", "link"]),
  recipientName: z.string(),
  recipientEmail: z.string().nullable(),
  message: z.string(),
  deliverAt: z.number().nullable(),
  forSelf: z.boolean(),
  buyerZone: z.string(),
  state: z.enum(["pending", "paid", "scheduled", "sent", "redeemed", "refunded", "abandoned"]),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  sentAt: z.number().nullable(),
  redeemedAt: z.number().nullable(),
  redeemedBy: z.string().nullable(),
  redemption: RedemptionSchema.nullable(),
  /** For a deferred charge: whether the provider has moved it yet (a failed call is retried). */
  applied: z.boolean(),
  /** Unix s: the recipient's membership end (or next charge) after redeeming, for the messages. */
  resultAt: z.number().nullable(),
  /** Why its payment came back (ADR 036), and when (unix ms); null while it stands. */
  reversal: z.enum(["refunded", "disputed"]).nullable().default(null),
  refundedAt: z.number().nullable().default(null),
  /** Unix s: a refunded gift's deferred charge still to be moved back to here at the provider. */
  chargeRestoreAt: z.number().nullable().default(null),
});
export type Gift = z.infer<typeof GiftSchema>;

const CodeSchema = z.object({ giftId: z.string() });

const facts = (gift: Gift): GiftFacts => ({
  state: gift.state,
  method: gift.method,
  deliverAt: gift.deliverAt,
  buyerUid: gift.buyerUid,
  forSelf: gift.forSelf,
});

/**
 * The gifts on sale, read from the store on each call (a handful of documents): an admin's new price
 * or a gift taken off sale (issue 26; ADR 052) counts on the very next view and checkout, on every
 * instance, as promotion codes and class packs do. Never cached: a cached price could be charged.
 */
export async function listGiftTypes(): Promise<GiftType[]> {
  const { docs } = await getStore().query(GIFT_TYPES, GiftTypeSchema, { orderBy: [{ field: "order" }] });
  return docs.map((doc) => doc.data).filter((type) => type.active);
}

/** One gift on sale, by id, from the store: what a checkout charges. */
export async function getGiftType(id: string): Promise<GiftType | null> {
  if (!GiftTypeSchema.shape.id.safeParse(id).success) return null;
  const type = await getStore().get(GIFT_TYPES, id, GiftTypeSchema);
  return type?.active ? type : null;
}

export function getGift(giftId: string): Promise<Gift | null> {
  if (!/^pur_[0-9a-f]{24}$/.test(giftId)) return Promise.resolve(null);
  return getStore().get(GIFTS, giftId, GiftSchema);
}

export async function giftByCode(code: string): Promise<{ giftId: string; gift: Gift } | null> {
  const entry = await getStore().get(GIFT_CODES, code, CodeSchema);
  if (!entry) return null;
  const gift = await getGift(entry.giftId);
  return gift ? { giftId: entry.giftId, gift } : null;
}

export function giftLink(code: string): string {
  return new URL(`/${code}`, getEnv().PUBLIC_SITE_URL).toString();
}

export interface GiftOrder {
  giftType: GiftType;
  method: "email" | "link";
  recipientName: string;
  recipientEmail: string | null;
  message: string;
  deliverAt: number | null;
  forSelf: boolean;
  intentId: string;
}

/**
 * Records the gift (once per form intent, with its code) and opens the checkout for it. The same
 * intent posted again, even at once, is the same gift and the same checkout.
 */
export async function orderGift(input: { uid: string; buyerName: string; buyerZone: string; order: GiftOrder }): Promise<PurchaseStart> {
  const { uid, order } = input;
  const giftId = purchaseIdFor(uid, order.intentId);
  const existing = await getGift(giftId);
  if (!existing) {
    const code = giftCodeFromBytes(randomBytes(10));
    const gift: Gift = {
      code,
      buyerUid: uid,
      buyerName: input.buyerName,
      giftTypeId: order.giftType.id,
      typeName: order.giftType.name,
      months: order.giftType.months,
      amount: order.giftType.amount,
      currency: order.giftType.currency,
      method: order.method,
      recipientName: order.recipientName,
      recipientEmail: order.recipientEmail,
      message: order.message,
      deliverAt: order.deliverAt,
      forSelf: order.forSelf,
      buyerZone: input.buyerZone,
      state: "pending",
      createdAt: Date.now(),
      paidAt: null,
      ...NOT_YET_SENT_OR_REDEEMED,
    };
    await createGiftRecord(giftId, gift);
  } else if (existing.giftTypeId !== order.giftType.id) {
    return { ok: false, message: "This form was already used for a different gift. Reload the page and try again." };
  }
  return startPurchase({
    uid,
    item: {
      kind: "gift",
      itemId: order.giftType.id,
      name: `Stillhour gift: ${order.giftType.name}`,
      amount: order.giftType.amount,
      currency: order.giftType.currency,
    },
    intentId: order.intentId,
    successPath: `/gift/receipt/${giftId}`,
    cancelPath: `/gift?type=${encodeURIComponent(order.giftType.id)}&canceled=1`,
  });
}

/** A new gift's lifecycle fields: nothing sent or redeemed yet. */
export const NOT_YET_SENT_OR_REDEEMED = {
  sentAt: null,
  redeemedAt: null,
  redeemedBy: null,
  redemption: null,
  applied: false,
  resultAt: null,
  reversal: null,
  refundedAt: null,
  chargeRestoreAt: null,
} as const;

/** Writes a gift and its code together, once: a second call for the same id changes nothing. */
export async function createGiftRecord(giftId: string, gift: Gift): Promise<void> {
  await getStore().transaction(async (tx) => {
    if (await tx.get(GIFTS, giftId, z.object({}).passthrough())) return;
    tx.create(GIFTS, giftId, { ...gift });
    tx.create(GIFT_CODES, gift.code, { giftId });
  });
}

/** Moves a gift by one event in a transaction; a replayed event leaves it as it is. */
async function applyGiftEvent(giftId: string, event: GiftEvent, extra: (gift: Gift) => Partial<Gift> = () => ({})): Promise<Gift | null> {
  return getStore().transaction(async (tx) => {
    const gift = await tx.get(GIFTS, giftId, GiftSchema);
    if (!gift) return null;
    const next = nextGiftState(facts(gift), event);
    if (!next.ok) {
      console.warn(JSON.stringify({ level: "warn", msg: "gift event refused", giftId, event: event.type, reason: next.reason }));
      return gift;
    }
    if (next.state === gift.state) return gift;
    const patch = { state: next.state, ...extra(gift) };
    tx.update(GIFTS, giftId, patch);
    return { ...gift, ...patch };
  });
}

/** The payment path's fulfilment: idempotent by purchase id (the gift's id). */
export async function fulfilGiftPurchase(purchase: PaidPurchase): Promise<void> {
  const gift = await applyGiftEvent(purchase.purchaseId, { type: "payment_succeeded", at: purchase.paidAt }, () => ({
    paidAt: purchase.paidAt,
  }));
  if (!gift) throw new Error(`paid gift ${purchase.purchaseId} has no record`);
  await sendBuyerReceipt(purchase.purchaseId, gift);
  if (gift.method === "email" && gift.state === "paid") await deliverGift(purchase.purchaseId);
}

export async function expireGiftPurchase(purchaseId: string): Promise<void> {
  await applyGiftEvent(purchaseId, { type: "checkout_expired", at: Date.now() });
}

function price(gift: Gift) {
  return formatMoney(gift.amount, gift.currency, "en-US");
}

async function sendBuyerReceipt(giftId: string, gift: Gift) {
  const buyer = await getPrivateUser(gift.buyerUid);
  if (!buyer?.email) return;
  const receipt = new URL(`/gift/receipt/${giftId}`, getEnv().PUBLIC_SITE_URL).toString();
  const how =
    gift.method === "link"
      ? `Here is the gift to pass on, however you like: ${giftLink(gift.code)}\nOr they can type the code ${formatGiftCode(gift.code)} at ${new URL("/redeem", getEnv().PUBLIC_SITE_URL)}.`
      : `We'll e-mail it to ${gift.recipientName} (${gift.recipientEmail}) on ${endDateText(Math.floor((gift.deliverAt ?? Date.now()) / 1000), gift.buyerZone)}.`;
  await sendOnce(
    {
      to: buyer.email,
      subject: `Your gift: ${gift.typeName}`,
      text: `Hello ${buyer.firstName ?? "there"},\n\nThank you for giving ${gift.typeName} of Stillhour (${price(gift)}, paid once; no one is signed up for anything).\n\n${how}\n\nYou can follow the gift on your receipt: ${receipt}\n\nStillhour`,
      idempotencyKey: `gift-receipt:${giftId}`,
    },
    { uid: gift.buyerUid },
  );
}

/** Sends an e-mail gift whose day has come, once; the state follows the send. */
export async function deliverGift(giftId: string, now = Date.now()): Promise<"sent" | "not_due" | "failed"> {
  const gift = await getGift(giftId);
  if (!gift || gift.method !== "email" || !gift.recipientEmail) return "not_due";
  if (gift.state !== "paid" && gift.state !== "scheduled") return "not_due";
  if ((gift.deliverAt ?? 0) > now) return "not_due";
  // A buyer who has since deleted their account is named nowhere (their gift still arrives).
  const from = gift.buyerName || "Someone";
  const note = gift.message && gift.buyerName ? `\n\n${gift.buyerName} wrote:\n"${gift.message}"` : "";
  const result = await sendOnce(
    {
      to: gift.recipientEmail,
      subject: `${from} sent you a gift: ${gift.typeName} of Stillhour`,
      text: `Hello ${gift.recipientName || "there"},\n\n${from} has given you ${gift.typeName} of Stillhour: live and on-demand meditation, mindfulness and breathwork classes.${note}\n\nOpen your gift: ${giftLink(gift.code)}\nYour gift code, if you'd rather type it: ${formatGiftCode(gift.code)}\n\nNo card is needed. If you already have a membership, the gift adds to it.\n\nStillhour`,
      idempotencyKey: `gift-delivery:${giftId}`,
    },
    { uid: gift.buyerUid },
  );
  if (result === "failed") return "failed";
  await applyGiftEvent(giftId, { type: "delivered", at: now }, () => ({ sentAt: now }));
  return "sent";
}

/** The job: every e-mail gift that is due and not yet sent (run on a timer and by `npm run gifts:deliver`). */
export async function deliverDueGifts(now = Date.now()): Promise<{ due: number; sent: number }> {
  const store = getStore();
  const [scheduled, paid] = await Promise.all([
    store.query(GIFTS, GiftSchema, {
      where: [
        { field: "state", op: "==", value: "scheduled" },
        { field: "deliverAt", op: "<=", value: now },
      ],
    }),
    store.query(GIFTS, GiftSchema, {
      where: [
        { field: "state", op: "==", value: "paid" },
        { field: "method", op: "==", value: "email" },
      ],
    }),
  ]);
  const due = [...scheduled.docs, ...paid.docs];
  let sent = 0;
  for (const doc of due) if ((await deliverGift(doc.id, now)) === "sent") sent += 1;
  await applyPendingRedemptions();
  return { due: due.length, sent };
}

export type RedeemResult =
  | { ok: true; redemption: Redemption; months: number; resultText: string }
  | { ok: false; reason: RedeemRefusal | "not_found"; message: string; status: number };

/** Where the recipient's membership stands, as a gift sees it. */
function planStateOf(
  membership: z.infer<typeof MembershipSchema> | null,
  gifted: z.infer<typeof GiftedTimeSchema> | null,
  nowSeconds: number,
): { plan: PlanState; subscriptionId: string | null; customerId: string | null } {
  if (membership?.subscriptionId && isLiveStatus(membership.status) && membership.currentPeriodEnd) {
    const renewsAt = Math.max(membership.currentPeriodEnd, gifted?.deferredTo ?? 0);
    if (membership.cancelAtPeriodEnd) {
      // A plan that is ending: gifted time follows its end (or the gifts already stacked after it).
      return { plan: { kind: "gifted", endsAt: Math.max(renewsAt, gifted?.endsAt ?? 0) }, subscriptionId: null, customerId: null };
    }
    return {
      plan: { kind: "paid", renewsAt, cancelAtPeriodEnd: false },
      subscriptionId: membership.subscriptionId,
      customerId: membership.customerId,
    };
  }
  if (gifted && gifted.endsAt > nowSeconds)
    return { plan: { kind: "gifted", endsAt: gifted.endsAt }, subscriptionId: null, customerId: null };
  return { plan: { kind: "none" }, subscriptionId: null, customerId: null };
}

/**
 * Redeems a gift for the signed-in person, exactly once: the gift, the person's gifted time and their
 * private record are read and written in one transaction, so of many attempts at once one succeeds
 * and the rest hear "already redeemed". A paid plan's charge is moved at the provider after the
 * commit; a failed call is recorded and retried, and the gift is never redeemed twice.
 */
export async function redeemGift(input: { giftId: string; uid: string; zone: string; now?: number }): Promise<RedeemResult> {
  const now = input.now ?? Date.now();
  const nowSeconds = Math.floor(now / 1000);
  const { giftId, uid, zone } = input;
  const outcome = await getStore().transaction(async (tx: TransactionContext) => {
    const gift = await tx.get(GIFTS, giftId, GiftSchema);
    if (!gift) return { ok: false as const, reason: "not_found" as const };
    const refusal = whyNotRedeem(facts(gift), uid);
    if (refusal) return { ok: false as const, reason: refusal };
    const [membership, gifted, person] = await Promise.all([
      tx.get(MEMBERSHIPS, uid, MembershipSchema),
      tx.get(GIFTED_MEMBERSHIPS, uid, GiftedTimeSchema),
      tx.get(PRIVATE_USERS, uid, PrivateUserSchema),
    ]);
    const state = planStateOf(membership, gifted, nowSeconds);
    const redemption = redeemOnto(state.plan, gift.months, nowSeconds, zone);
    const time = gifted ?? EMPTY_GIFTED_TIME(uid);
    const resultAt = redemption.kind === "defer_charge" ? redemption.to : redemption.endsAt;
    const nextTime =
      redemption.kind === "defer_charge"
        ? { ...time, deferredTo: redemption.to, giftIds: [...time.giftIds, giftId], updatedAt: now }
        : { ...time, endsAt: redemption.endsAt, giftIds: [...time.giftIds, giftId], updatedAt: now };
    tx.update(GIFTS, giftId, {
      state: "redeemed",
      redeemedAt: now,
      redeemedBy: uid,
      redemption,
      applied: redemption.kind !== "defer_charge",
      resultAt,
    });
    tx.set(GIFTED_MEMBERSHIPS, uid, nextTime);
    if (redemption.kind !== "defer_charge") {
      const record = person ?? DEFAULT_PRIVATE_USER;
      tx.set(PRIVATE_USERS, uid, { ...record, ...withGiftedTime(record, nextTime, nowSeconds), updatedAt: now });
    }
    return {
      ok: true as const,
      redemption,
      months: gift.months,
      resultAt,
      subscriptionId: state.subscriptionId,
      customerId: state.customerId,
    };
  });

  if (!outcome.ok) {
    await recordEvent({ name: "Gift_Redeem_Failed", properties: { reason: outcome.reason } }, { uid }).catch(() => undefined);
    const { message, status } = giftRefusal(outcome.reason);
    return { ok: false, reason: outcome.reason, message, status };
  }
  if (outcome.redemption.kind === "defer_charge" && outcome.subscriptionId && outcome.customerId) {
    await applyDeferral(giftId, outcome.subscriptionId, outcome.customerId, outcome.redemption.to);
  }
  const when = endDateText(outcome.resultAt, zone);
  const resultText =
    outcome.redemption.kind === "defer_charge"
      ? `Your next payment has moved to ${when}. Until then, your membership is on us.`
      : `Your membership now runs until ${when}. No card needed.`;
  return { ok: true, redemption: outcome.redemption, months: outcome.months, resultText };
}

/** Moves the paid plan's next charge for a redeemed gift; marks it applied once the provider agrees. */
async function applyDeferral(giftId: string, subscriptionId: string, customerId: string, to: number): Promise<boolean> {
  try {
    await getPaymentProvider().deferNextCharge(subscriptionId, to, `gift-${giftId}`);
    await getStore().update(GIFTS, giftId, { applied: true });
    await syncCustomer(customerId);
    return true;
  } catch (error) {
    const code = error instanceof PaymentError ? error.code : "unavailable";
    console.warn(JSON.stringify({ level: "warn", msg: "gift redeemed but the charge not yet moved; will retry", giftId, code }));
    return false;
  }
}

/** Retries deferrals the provider did not take the first time (the gift job runs it). */
export async function applyPendingRedemptions(): Promise<number> {
  const { docs } = await getStore().query(GIFTS, GiftSchema, {
    where: [
      { field: "state", op: "==", value: "redeemed" },
      { field: "applied", op: "==", value: false },
    ],
  });
  let applied = 0;
  for (const { id, data } of docs) {
    if (data.redemption?.kind !== "defer_charge" || !data.redeemedBy) continue;
    const membership = await getStore().get(MEMBERSHIPS, data.redeemedBy, MembershipSchema);
    if (!membership?.subscriptionId) continue;
    if (await applyDeferral(id, membership.subscriptionId, membership.customerId, data.redemption.to)) applied += 1;
  }
  return applied;
}

/**
 * A gift whose payment was refunded or lost to a dispute (ADR 036), exactly once: in one transaction
 * the gift becomes "refunded" (its code then says so) and, if it was already redeemed, the time it
 * gave is taken off the recipient's gifted time (takeBackRedemption). After the commit the
 * recipient's record is re-synced, and a deferred charge is moved back at the provider (kept as
 * `chargeRestoreAt` until the provider agrees, so a failure is retried by the event's next delivery).
 * Buyer and recipient are told on every call, by mail keyed to the gift: replays send nothing.
 */
export async function reverseGiftPurchase(
  giftId: string,
  reason: "refunded" | "disputed",
  now = Date.now(),
): Promise<"reversed" | "already" | "not_paid" | "not_found"> {
  const nowSeconds = Math.floor(now / 1000);
  const outcome = await getStore().transaction(async (tx: TransactionContext) => {
    const gift = await tx.get(GIFTS, giftId, GiftSchema);
    if (!gift) return { status: "not_found" as const };
    if (gift.state === "refunded") return { status: "already" as const, gift, customerId: null };
    if (gift.state !== "redeemed" || !gift.redeemedBy || !gift.redemption) {
      const next = nextGiftState(facts(gift), { type: "refunded", at: now });
      if (!next.ok) return { status: "not_paid" as const };
      const patch = { state: next.state, reversal: reason, refundedAt: now };
      tx.update(GIFTS, giftId, patch);
      return { status: "reversed" as const, gift: { ...gift, ...patch }, customerId: null };
    }
    const uid = gift.redeemedBy;
    const [time, person, membership] = await Promise.all([
      tx.get(GIFTED_MEMBERSHIPS, uid, GiftedTimeSchema),
      tx.get(PRIVATE_USERS, uid, PrivateUserSchema),
      tx.get(MEMBERSHIPS, uid, MembershipSchema),
    ]);
    const before = time ?? EMPTY_GIFTED_TIME(uid);
    const after = takeBackRedemption(gift.redemption, before);
    // Only a deferral the provider took needs moving back; one never applied is simply dropped.
    const restore = gift.redemption.kind === "defer_charge" && gift.applied ? Math.max(after.deferredTo, nowSeconds) : null;
    const next = nextGiftState(facts(gift), { type: "redemption_reversed", at: now });
    if (!next.ok) return { status: "not_paid" as const };
    const patch = { state: next.state, reversal: reason, refundedAt: now, chargeRestoreAt: restore };
    tx.update(GIFTS, giftId, patch);
    tx.set(GIFTED_MEMBERSHIPS, uid, { ...before, ...after, giftIds: before.giftIds.filter((id) => id !== giftId), updatedAt: now });
    if (!membership) {
      // No plan behind it: the record's end is the gifted time's own.
      const record = person ?? DEFAULT_PRIVATE_USER;
      tx.set(PRIVATE_USERS, uid, {
        ...record,
        subscriptionStatus: "gifted",
        subscriptionSource: "gift",
        subscriptionExpirationDate: after.endsAt,
        updatedAt: now,
      });
    }
    return { status: "reversed" as const, gift: { ...gift, ...patch }, customerId: membership?.customerId ?? null };
  });
  if (outcome.status === "not_found" || outcome.status === "not_paid") return outcome.status;
  const { gift } = outcome;
  if (gift.chargeRestoreAt !== null && gift.redeemedBy) await restoreDeferredCharge(giftId, gift.redeemedBy, gift.chargeRestoreAt);
  else if (outcome.customerId) await syncCustomer(outcome.customerId);
  await tellGiftReversed(giftId, gift);
  return outcome.status;
}

/** Moves a refunded gift's deferred charge back at the provider, then re-syncs; throws when the provider could not be asked. */
async function restoreDeferredCharge(giftId: string, uid: string, chargeAt: number): Promise<void> {
  const membership = await getStore().get(MEMBERSHIPS, uid, MembershipSchema);
  if (membership?.subscriptionId && isLiveStatus(membership.status)) {
    try {
      await getPaymentProvider().restoreNextCharge(membership.subscriptionId, chargeAt, `gift-reversed-${giftId}`);
    } catch (error) {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "gift refunded but its deferred charge not yet moved back; will retry",
          giftId,
          code: error instanceof PaymentError ? error.code : "unavailable",
        }),
      );
      throw error;
    }
  }
  await getStore().update(GIFTS, giftId, { chargeRestoreAt: null });
  if (membership) await syncCustomer(membership.customerId);
}

/** The buyer (and a recipient who had redeemed it) told once that the gift's payment came back. */
async function tellGiftReversed(giftId: string, gift: Gift): Promise<void> {
  const buyer = await getPrivateUser(gift.buyerUid);
  const how = gift.reversal === "disputed" ? "its payment was disputed with your bank" : "its payment has been refunded";
  if (buyer?.email) {
    await sendOnce({
      to: buyer.email,
      subject: `Your gift was ${gift.reversal === "disputed" ? "disputed" : "refunded"}: ${gift.typeName}`,
      text: `Hello ${buyer.firstName ?? "there"},\n\nThe gift of ${gift.typeName} of Stillhour (${price(gift)}) can no longer be redeemed: ${how}.${gift.redeemedBy ? " The time it gave has been taken back from the person who redeemed it." : " Its link and code no longer work."}\n\nIf this is a surprise, reply to this e-mail and we'll look into it.\n\nStillhour`,
      idempotencyKey: `gift-reversed:${giftId}:buyer`,
    });
  }
  if (!gift.redeemedBy || gift.redeemedBy === gift.buyerUid) return;
  const recipient = await getPrivateUser(gift.redeemedBy);
  if (!recipient?.email) return;
  const zone = recipient.mostRecentTimeZone ?? FALLBACK_TIME_ZONE;
  const [time, membership] = await Promise.all([
    getStore().get(GIFTED_MEMBERSHIPS, gift.redeemedBy, GiftedTimeSchema),
    getStore().get(MEMBERSHIPS, gift.redeemedBy, MembershipSchema),
  ]);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const where =
    gift.redemption?.kind === "defer_charge"
      ? `Your plan's next payment is back to ${endDateText(Math.max(membership?.currentPeriodEnd ?? nowSeconds, nowSeconds), zone)}.`
      : time && time.endsAt > nowSeconds
        ? `Your gifted membership now runs until ${endDateText(time.endsAt, zone)}.`
        : "Your gifted membership has ended; your account and everything in it stay.";
  await sendOnce({
    to: recipient.email,
    subject: `About the gift you redeemed: ${gift.typeName}`,
    text: `Hello ${recipient.firstName ?? "there"},\n\nThe ${gift.typeName} of Stillhour you redeemed has been refunded to the person who bought it, so the time it gave has been taken back. ${where}\n\nNothing else changes, and you owe nothing for the time you have had.\n\nStillhour`,
    idempotencyKey: `gift-reversed:${giftId}:recipient`,
  });
}

/**
 * Guessing codes by hand or by script: twenty tries a minute per address is plenty for people. Typed
 * gift codes and links that opened nothing (no gift, no invitation, no short link) share one count.
 */
export const GIFT_CODE_LIMIT = createRateLimit({ name: "gift-code", limit: 20, windowMs: 60_000, per: "address" });
const codeAttempts = GIFT_CODE_LIMIT;

export type CodeAttempt = { ok: true } | { ok: false; problem: Problem<"too_many_codes"> };

/** Counts one typed code from a client address (lib/rate-limit's clientAddress); refused with the wait once over. */
export async function allowCodeAttempt(client: string): Promise<CodeAttempt> {
  const verdict = await codeAttempts.attempt(client);
  return verdict.ok ? { ok: true } : { ok: false, problem: problemAfter("too_many_codes", verdict.retryAfterMs) };
}

/** Whether a client is already past its code guesses, counting nothing: a link is looked up only when not. */
export async function codeGuessesLeft(client: string): Promise<CodeAttempt> {
  const verdict = await codeAttempts.blocked(client);
  return verdict.ok ? { ok: true } : { ok: false, problem: problemAfter("too_many_codes", verdict.retryAfterMs) };
}

/** Counts a link that opened nothing against its client; a link that opens something costs nothing. */
export async function countMissedLink(client: string): Promise<void> {
  await codeAttempts.attempt(client);
}

/** The gifts a member bought, newest first, for their settings. */
export async function giftsBoughtBy(uid: string): Promise<Array<{ id: string; gift: Gift }>> {
  const { docs } = await getStore().query(GIFTS, GiftSchema, { where: [{ field: "buyerUid", op: "==", value: uid }] });
  return docs
    .filter((doc) => doc.data.state !== "pending" && doc.data.state !== "abandoned")
    .map((doc) => ({ id: doc.id, gift: doc.data }))
    .sort((a, b) => b.gift.createdAt - a.gift.createdAt);
}

export interface GiftsSummary {
  /** "14 March 2027" when gifted membership is running, else null. */
  giftedUntil: string | null;
  bought: Array<{ id: string; typeName: string; stateLabel: string; to: string }>;
}

/** What settings shows about gifts: gifted time running, and the gifts the member gave. */
export async function giftsSummary(uid: string, zone: string, now = Date.now()): Promise<GiftsSummary> {
  const [time, bought] = await Promise.all([getStore().get(GIFTED_MEMBERSHIPS, uid, GiftedTimeSchema), giftsBoughtBy(uid)]);
  const nowSeconds = Math.floor(now / 1000);
  return {
    giftedUntil: time && time.endsAt > nowSeconds ? endDateText(time.endsAt, zone) : null,
    bought: bought.slice(0, 10).map(({ id, gift }) => ({
      id,
      typeName: gift.typeName,
      stateLabel: GIFT_STATE_LABELS[gift.state],
      to: gift.forSelf ? "you" : gift.recipientName || "a link to pass on",
    })),
  };
}

/** States in which a gift has reached its recipient (or never will): their name and address are no longer needed. */
const DELIVERED_OR_DONE: ReadonlySet<Gift["state"]> = new Set(["sent", "redeemed", "refunded"]);

/**
 * A leaving member's gifts. Gifts they ordered and never paid for go, with their codes. Paid ones
 * stay for the accounts, with the buyer as `pseudonym` and no buyer name or message, and still reach
 * (or stay with) their recipient. A gift they received, by redeeming it or as the e-mail it went to,
 * keeps the buyer's record but loses the recipient's name and address and the message to them.
 */
export async function anonymiseGifts(uid: string, pseudonym: string, emails: readonly string[]): Promise<void> {
  const store = getStore();
  for (const { id } of await documentsWhere(GIFTS, "buyerUid", uid)) {
    await store.transaction(async (tx) => {
      const gift = await tx.get(GIFTS, id, GiftSchema);
      if (!gift || gift.buyerUid !== uid) return;
      if (gift.state === "pending" || gift.state === "abandoned") {
        tx.delete(GIFTS, id);
        tx.delete(GIFT_CODES, gift.code);
        return;
      }
      const recipientGone = DELIVERED_OR_DONE.has(gift.state) ? { recipientName: "", recipientEmail: null } : {};
      tx.update(GIFTS, id, { buyerUid: pseudonym, buyerName: "", message: "", ...recipientGone });
    });
  }
  const received = [
    ...(await documentsWhere(GIFTS, "redeemedBy", uid)),
    ...(await Promise.all(emails.map((email) => documentsWhere(GIFTS, "recipientEmail", email)))).flat(),
  ];
  for (const { id } of received) {
    await store.transaction(async (tx) => {
      const gift = await tx.get(GIFTS, id, GiftSchema);
      if (!gift) return;
      const theirs = gift.redeemedBy === uid;
      // A gift on its way to their address still goes there: it is the buyer's, and the inbox is theirs.
      if (!theirs && !DELIVERED_OR_DONE.has(gift.state)) return;
      tx.update(GIFTS, id, {
        recipientName: "",
        recipientEmail: null,
        message: "",
        // Nothing is left to move at the provider for a plan that has ended.
        ...(theirs ? { redeemedBy: pseudonym, applied: true } : {}),
      });
    });
  }
}
