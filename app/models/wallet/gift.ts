import { problemOf } from "~/lib/errors";
import { DateTime } from "luxon";

/**
 * Gift rules (issue 11; spec §2 gifting, §3 giftTypes, gifts), pure: the states a gift moves through,
 * who may redeem it, and what redeeming does to the recipient's membership. The store, the payment
 * port and the mailer use these; nothing here reads or writes.
 */

/** Longest gift message, in characters: the form's limit and the schema's. */
export const GIFT_MESSAGE_MAX = 500;

export type GiftMethod = "email" | "link";
export type GiftState = "pending" | "paid" | "scheduled" | "sent" | "redeemed" | "refunded" | "abandoned";

export type GiftEvent =
  | { type: "payment_succeeded"; at: number }
  | { type: "delivered"; at: number }
  | { type: "redeemed"; at: number; uid: string }
  | { type: "refunded"; at: number }
  /** A redeemed gift refunded afterwards, once its time has been taken back (ADR 036). */
  | { type: "redemption_reversed"; at: number }
  | { type: "checkout_expired"; at: number };

export interface GiftFacts {
  state: GiftState;
  method: GiftMethod;
  /** Unix ms; e-mail gifts only. */
  deliverAt: number | null;
  buyerUid: string;
  /** The buyer said the gift is for themselves. */
  forSelf: boolean;
}

export type Transition = { ok: true; state: GiftState } | { ok: false; reason: string };

/**
 * The next state after an event, or why the event cannot apply. Repeating an event that already
 * applied (a webhook delivered twice) answers the same state, so handlers can be replayed.
 */
export function nextGiftState(gift: GiftFacts, event: GiftEvent): Transition {
  const { state } = gift;
  switch (event.type) {
    case "payment_succeeded":
      if (state === "pending") {
        if (gift.method === "link") return { ok: true, state: "paid" };
        return { ok: true, state: gift.deliverAt !== null && gift.deliverAt > event.at ? "scheduled" : "paid" };
      }
      if (state === "abandoned") return { ok: false, reason: "the checkout had already expired" };
      return { ok: true, state };
    case "delivered":
      if (gift.method !== "email") return { ok: false, reason: "a link gift is not delivered by us" };
      if (state === "scheduled" || state === "paid") return { ok: true, state: "sent" };
      if (state === "sent" || state === "redeemed") return { ok: true, state };
      return { ok: false, reason: `a ${state} gift is not delivered` };
    case "redeemed":
      if (state === "paid" || state === "scheduled" || state === "sent") return { ok: true, state: "redeemed" };
      return { ok: false, reason: redeemRefusal(state) ?? "it cannot be redeemed" };
    case "refunded":
      if (state === "redeemed")
        return { ok: false, reason: "a redeemed gift is not refunded here; adjust the recipient's membership first" };
      if (state === "pending" || state === "abandoned") return { ok: false, reason: "nothing was paid" };
      return { ok: true, state: "refunded" };
    case "redemption_reversed":
      if (state === "redeemed" || state === "refunded") return { ok: true, state: "refunded" };
      return { ok: false, reason: "only a redeemed gift has a redemption to reverse" };
    case "checkout_expired":
      return state === "pending" ? { ok: true, state: "abandoned" } : { ok: true, state };
  }
}

export type RedeemRefusal = "unpaid" | "refunded" | "already_redeemed" | "own_gift" | "abandoned";

function redeemRefusal(state: GiftState): string | null {
  switch (state) {
    case "pending":
      return "it hasn't been paid for yet";
    case "abandoned":
      return "its checkout was never finished";
    case "refunded":
      return "it was refunded";
    case "redeemed":
      return "it has already been redeemed";
    default:
      return null;
  }
}

/** Why this person may not redeem this gift, or null when they may. */
export function whyNotRedeem(gift: GiftFacts, uid: string): RedeemRefusal | null {
  if (gift.state === "pending") return "unpaid";
  if (gift.state === "abandoned") return "abandoned";
  if (gift.state === "refunded") return "refunded";
  if (gift.state === "redeemed") return "already_redeemed";
  if (gift.buyerUid === uid && !gift.forSelf) return "own_gift";
  return null;
}

/** Why a gift cannot be redeemed, as the error catalogue (lib/errors.ts) says it: code, status, sentence. */
export function giftRefusal(reason: RedeemRefusal | "not_found") {
  return problemOf(`gift_${reason}`);
}

/** The recipient's membership as a gift sees it. Times are unix seconds, like the §3 fields. */
export type PlanState =
  | { kind: "none" }
  /** A running paid plan: the next charge is at `renewsAt` (or it ends then, if cancelling). */
  | { kind: "paid"; renewsAt: number; cancelAtPeriodEnd: boolean }
  /** Membership from earlier gifts, ending at `endsAt` with no card behind it. */
  | { kind: "gifted"; endsAt: number };

export type Redemption =
  /** No plan: a membership starts now and ends after the gift's months, no card asked for. */
  | { kind: "start"; startsAt: number; endsAt: number }
  /** A paid plan: its next charge moves out by the gift's months, with no proration. */
  | { kind: "defer_charge"; from: number; to: number }
  /** A plan that is ending, or gifted time: the gift's months follow on from its end. */
  | { kind: "stack"; from: number; endsAt: number };

/**
 * What redeeming `months` does to a plan, counted in whole calendar months on the member's own
 * clock (31 January plus one month is 28 or 29 February, as people expect).
 */
export function redeemOnto(plan: PlanState, months: number, nowSeconds: number, zone: string): Redemption {
  if (!Number.isInteger(months) || months < 1 || months > 36) throw new RangeError("a gift is 1 to 36 months");
  const plus = (seconds: number) => Math.floor(DateTime.fromSeconds(seconds, { zone }).plus({ months }).toSeconds());
  switch (plan.kind) {
    case "none":
      return { kind: "start", startsAt: nowSeconds, endsAt: plus(nowSeconds) };
    case "paid": {
      const from = Math.max(plan.renewsAt, nowSeconds);
      return plan.cancelAtPeriodEnd ? { kind: "stack", from, endsAt: plus(from) } : { kind: "defer_charge", from, to: plus(from) };
    }
    case "gifted": {
      const from = Math.max(plan.endsAt, nowSeconds);
      return { kind: "stack", from, endsAt: plus(from) };
    }
  }
}

/** Membership time that gifts gave a member, as takeBackRedemption reads and writes it (unix s). */
export interface GiftedSpan {
  endsAt: number;
  deferredTo: number;
}

/**
 * A redeemed gift refunded or disputed afterwards (ADR 036): the span it added comes off the end it
 * moved (gifted time's end, or the deferred charge), so gifts stacked after it keep theirs and two
 * gifts taken back leave nothing of either. Time already lived through is not owed back.
 */
export function takeBackRedemption(redemption: Redemption, time: GiftedSpan): GiftedSpan {
  if (redemption.kind === "defer_charge")
    return { endsAt: time.endsAt, deferredTo: Math.max(0, time.deferredTo - (redemption.to - redemption.from)) };
  const span = redemption.endsAt - (redemption.kind === "start" ? redemption.startsAt : redemption.from);
  return { endsAt: Math.max(0, time.endsAt - span), deferredTo: time.deferredTo };
}

/** "Your membership now runs until 14 March 2027", in the member's zone. */
export function endDateText(seconds: number, zone: string): string {
  return DateTime.fromSeconds(seconds, { zone }).setLocale("en-GB").toFormat("d MMMM yyyy");
}

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed by hand survives. */
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CODE_LENGTH = 16;

/** A gift code from 10 random bytes (80 bits): unguessable, and short enough to type. */
export function giftCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 10) throw new RangeError("a gift code takes 10 bytes");
  let bits = 0;
  let value = 0;
  let code = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

/**
 * A code as a person typed or pasted it: case, spaces and dashes ignored, and the letters people
 * mistake for digits read as the digits. Null when it cannot be a gift code.
 */
export function normalizeGiftCode(typed: string): string | null {
  const cleaned = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (cleaned.length !== GIFT_CODE_LENGTH) return null;
  for (const char of cleaned) if (!CODE_ALPHABET.includes(char)) return null;
  return cleaned;
}

/** "7KQ2-MX9P-4D1A-ZT6C": the code as we print it. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The state as the buyer's receipt names it. */
export const GIFT_STATE_LABELS: Record<GiftState, string> = {
  pending: "Waiting for payment",
  paid: "Paid",
  scheduled: "Paid, and scheduled to be sent",
  sent: "Sent",
  redeemed: "Redeemed",
  refunded: "Refunded",
  abandoned: "Payment not finished",
};
