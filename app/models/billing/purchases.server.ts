import { createHash } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getPaymentProvider } from "~/services/payments/index.server";
import { CHECKOUT_SESSION_PLACEHOLDER, PaymentError, type ProviderCheckoutSession } from "~/services/payments/port";
import { siteUrl } from "~/lib/site-address.server";
import { CHECKOUT_LIMIT, ensureCustomer } from "./membership.server";
import { problemAfter } from "~/lib/errors";
import { isIntentId, isProviderId } from "./membership";

/**
 * One-time purchases (issue 11, then studios): a gift, a credit pack, a studio ticket or membership.
 * The price always comes from the server's catalogue; the browser only names the item. A purchase is
 * keyed by the member and the form's intent id, so a double click or a replayed post is the same
 * purchase and the same checkout session. Fulfilment lives in purchase-fulfilment.server.ts.
 */

export const PURCHASES = "purchases";

export type PurchaseKind = "gift" | "credit_pack" | "studio_ticket" | "studio_membership";

export interface PurchaseItem {
  kind: PurchaseKind;
  itemId: string;
  name: string;
  /** Minor units, from the server's catalogue. */
  amount: number;
  currency: string;
  metadata?: Record<string, string>;
}

export const PurchaseSchema = z.object({
  uid: z.string(),
  kind: z.enum(["gift", "credit_pack", "studio_ticket", "studio_membership"]),
  itemId: z.string(),
  name: z.string(),
  amount: z.number().int().min(0),
  currency: z.string(),
  metadata: z.record(z.string()).default({}),
  status: z.enum(["pending", "paid", "expired", "refunded"]),
  provider: z.enum(["demo", "stripe"]),
  sessionId: z.string().nullable(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
  /** Why a "refunded" purchase's money went back (ADR 036): an operator's refund or a card holder's dispute. */
  reversal: z.enum(["refunded", "disputed"]).nullable().default(null),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** What a fulfilment function receives once the money is in. */
export interface PaidPurchase {
  purchaseId: string;
  uid: string;
  kind: PurchaseKind;
  itemId: string;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** Unix ms. */
  paidAt: number;
}

export const PURCHASE_MESSAGES = {
  invalid_intent: "This form has expired. Reload the page and try again.",
  reused_intent: "This form was already used for a different order. Reload the page and try again.",
  unavailable: "We couldn't reach the payment service just now. Nothing was charged; please try again in a minute.",
} as const;

export function purchaseIdFor(uid: string, intentId: string): string {
  return `pur_${createHash("sha256").update(`${uid}:${intentId}`).digest("hex").slice(0, 24)}`;
}

export function isPurchaseId(value: unknown): value is string {
  return typeof value === "string" && /^pur_[0-9a-f]{24}$/.test(value);
}

export function getPurchase(purchaseId: string): Promise<Purchase | null> {
  if (!isPurchaseId(purchaseId)) return Promise.resolve(null);
  return getStore().get(PURCHASES, purchaseId, PurchaseSchema);
}

export function paidPurchase(purchaseId: string, purchase: Purchase): PaidPurchase {
  const { uid, kind, itemId, amount, currency, metadata } = purchase;
  return { purchaseId, uid, kind, itemId, amount, currency, metadata, paidAt: purchase.paidAt ?? Date.now() };
}

export type PurchaseStart = { ok: true; url: string; purchaseId: string } | { ok: false; message: string };

/**
 * Records the purchase (once per intent) and opens the provider's one-time checkout for it. A repeat
 * of the same intent answers the same session; an intent already paid goes straight to `successPath`.
 */
export async function startPurchase(input: {
  uid: string;
  item: PurchaseItem;
  intentId: string;
  /** A path on this site (on the configured address, never the request's host); `session_id` is added to it. */
  successPath: string;
  cancelPath: string;
}): Promise<PurchaseStart> {
  const { uid, item, intentId } = input;
  if (!isIntentId(intentId)) return { ok: false, message: PURCHASE_MESSAGES.invalid_intent };
  if (!Number.isInteger(item.amount) || item.amount < 0) throw new RangeError("a catalogue price must be whole minor units");
  const purchaseId = purchaseIdFor(uid, intentId);
  const provider = getPaymentProvider();
  if (!(await getStore().get(PURCHASES, purchaseId, PurchaseSchema))) {
    // A new payment page counts against the member's limit; the same intent again does not.
    const allowed = await CHECKOUT_LIMIT.attempt(uid);
    if (!allowed.ok) return { ok: false, message: problemAfter("too_many_checkouts", allowed.retryAfterMs).message };
  }
  await getStore().createIfAbsent(PURCHASES, purchaseId, {
    uid,
    kind: item.kind,
    itemId: item.itemId,
    name: item.name,
    amount: item.amount,
    currency: item.currency,
    metadata: item.metadata ?? {},
    status: "pending",
    provider: provider.name,
    sessionId: null,
    createdAt: Date.now(),
    paidAt: null,
    reversal: null,
  } satisfies Purchase);
  const purchase = await getStore().get(PURCHASES, purchaseId, PurchaseSchema);
  const same =
    purchase && purchase.uid === uid && purchase.kind === item.kind && purchase.itemId === item.itemId && purchase.amount === item.amount;
  if (!purchase || !same) return { ok: false, message: PURCHASE_MESSAGES.reused_intent };

  const join = input.successPath.includes("?") ? "&" : "?";
  const successUrl = siteUrl(`${input.successPath}${join}session_id=${CHECKOUT_SESSION_PLACEHOLDER}`);
  if (purchase.status === "paid")
    return { ok: true, url: successUrl.replace(CHECKOUT_SESSION_PLACEHOLDER, purchase.sessionId ?? ""), purchaseId };
  if (purchase.status !== "pending") return { ok: false, message: PURCHASE_MESSAGES.invalid_intent };
  try {
    const customerId = await ensureCustomer(uid);
    const session = await provider.createPaymentCheckout({
      intentId: `payment-${purchaseId}`,
      customerId,
      item: { name: item.name, amount: item.amount, currency: item.currency },
      successUrl,
      cancelUrl: siteUrl(input.cancelPath),
      metadata: { uid, purchaseId, kind: item.kind, itemId: item.itemId },
    });
    await getStore().update(PURCHASES, purchaseId, { sessionId: session.sessionId });
    return { ok: true, url: session.url, purchaseId };
  } catch (error) {
    const code = error instanceof PaymentError ? error.code : "unavailable";
    console.warn(JSON.stringify({ level: "warn", msg: "purchase checkout not started", purchaseId, kind: item.kind, code }));
    return { ok: false, message: PURCHASE_MESSAGES.unavailable };
  }
}

export type SessionVerdict = { kind: "paid" } | { kind: "expired" } | { kind: "open" } | { kind: "mismatch"; detail: string };

/**
 * Whether a provider session pays this purchase: complete, paid, naming this purchase, for this
 * person, at the catalogue's price. Anything else is never fulfilled.
 */
export function judgeSession(purchaseId: string, purchase: Purchase, session: ProviderCheckoutSession): SessionVerdict {
  if (session.mode !== "payment") return { kind: "mismatch", detail: "not a one-time payment" };
  if (session.metadata.purchaseId !== purchaseId || session.metadata.uid !== purchase.uid)
    return { kind: "mismatch", detail: "another purchase's session" };
  if (session.status === "expired") return { kind: "expired" };
  if (session.status !== "complete" || session.paymentStatus !== "paid") return { kind: "open" };
  if (session.amountTotal !== purchase.amount || (session.currency ?? "").toLowerCase() !== purchase.currency.toLowerCase()) {
    return {
      kind: "mismatch",
      detail: `charged ${session.amountTotal} ${session.currency}, expected ${purchase.amount} ${purchase.currency}`,
    };
  }
  return { kind: "paid" };
}

/** Reads a session from the provider for a purchase; null when it cannot be found. */
export async function sessionOf(sessionId: string): Promise<ProviderCheckoutSession | null> {
  if (!isProviderId(sessionId)) return null;
  return getPaymentProvider().getCheckoutSession(sessionId);
}

/**
 * A leaving member's purchases stay for the accounts under `pseudonym` (what was bought, for how
 * much, when). One still waiting for its payment is closed instead: it will never be fulfilled.
 */
export async function anonymisePurchases(uid: string, pseudonym: string): Promise<void> {
  for (const { id } of await documentsWhere(PURCHASES, "uid", uid)) {
    await getStore().transaction(async (tx) => {
      const purchase = await tx.get(PURCHASES, id, PurchaseSchema);
      if (!purchase || purchase.uid !== uid) return;
      tx.update(PURCHASES, id, { uid: pseudonym, ...(purchase.status === "pending" ? { status: "expired" } : {}) });
    });
  }
}

export type PurchaseRefund = { ok: true; refundId: string; amount: number } | { ok: false; reason: "not_refundable" | "unavailable" };

/**
 * Gives a paid one-time purchase's money back through the payment port and marks the purchase
 * refunded. Safe to repeat and to run twice at once: the provider refunds a session once (the key
 * is the purchase's), and the mark is the same write each time.
 */
export async function refundPurchase(purchaseId: string): Promise<PurchaseRefund> {
  const purchase = await getPurchase(purchaseId);
  if (!purchase?.sessionId || (purchase.status !== "paid" && purchase.status !== "refunded"))
    return { ok: false, reason: "not_refundable" };
  try {
    const refund = await getPaymentProvider().refundPayment({ sessionId: purchase.sessionId, idempotencyKey: `refund-${purchaseId}` });
    if (purchase.status !== "refunded") await getStore().update(PURCHASES, purchaseId, { status: "refunded" });
    return { ok: true, ...refund };
  } catch (error) {
    const code = error instanceof PaymentError ? error.code : "unavailable";
    console.warn(JSON.stringify({ level: "warn", msg: "purchase not refunded yet", purchaseId, code }));
    return { ok: false, reason: code === "not_found" || code === "invalid_request" ? "not_refundable" : "unavailable" };
  }
}
