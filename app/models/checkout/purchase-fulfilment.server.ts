import { getStore } from "~/services/store/index.server";
import type { PaymentStanding } from "~/services/payments/port";
import { grantCreditPack, revokeCreditPack } from "~/models/wallet/credits.server";
import { expireGiftPurchase, fulfilGiftPurchase, reverseGiftPurchase } from "~/models/wallet/gifts.server";
import { fulfilStudioPurchase, reverseStudioPurchase } from "~/models/studios/studio-purchases.server";
import {
  PURCHASES,
  PurchaseSchema,
  getPurchase,
  judgeSession,
  paidPurchase,
  sessionOf,
  type PaidPurchase,
  type Purchase,
  type PurchaseKind,
} from "~/models/billing/purchases.server";

/**
 * Fulfilment of one-time purchases: the webhook path (and the receipt page, whichever comes first)
 * re-reads the session from the provider, checks it pays this purchase at its price, hands it to the
 * feature that sold it, then marks the purchase paid. Every feature's function is idempotent by
 * purchase id, so replays, reconciles and a racing receipt page give one fulfilment.
 */

type Fulfil = (purchase: PaidPurchase) => Promise<unknown>;

const FULFIL: Record<PurchaseKind, Fulfil | null> = {
  gift: fulfilGiftPurchase,
  credit_pack: async (purchase) => {
    const granted = await grantCreditPack(purchase);
    // A paid pack that cannot be granted is a fault to fix, never a payment quietly kept.
    if (!granted.ok) throw new Error(`credit pack not granted: ${granted.reason}`);
  },
  studio_ticket: fulfilStudioPurchase,
  studio_membership: fulfilStudioPurchase,
};

const EXPIRE: Partial<Record<PurchaseKind, (purchaseId: string) => Promise<unknown>>> = {
  gift: expireGiftPurchase,
};

export type Settlement = "fulfilled" | "already" | "expired" | "open" | "ignored";

/** A checkout session the webhook heard about; one-time payments only, anything else is ignored. */
export async function settlePaymentSession(sessionId: string): Promise<Settlement> {
  const session = await sessionOf(sessionId);
  if (!session || session.mode !== "payment") return "ignored";
  const purchaseId = session.metadata.purchaseId ?? "";
  const purchase = await getPurchase(purchaseId);
  if (!purchase) {
    console.warn(JSON.stringify({ level: "warn", msg: "payment for an unknown purchase", sessionId }));
    return "ignored";
  }
  return settle(purchaseId, purchase, sessionId);
}

/** The receipt page's settle: the member's own purchase only, from the session it recorded. */
export async function settlePurchase(purchaseId: string, uid: string): Promise<{ purchase: Purchase; settlement: Settlement } | null> {
  const purchase = await getPurchase(purchaseId);
  if (!purchase || purchase.uid !== uid) return null;
  if (purchase.status !== "pending" || !purchase.sessionId)
    return { purchase, settlement: purchase.status === "paid" ? "already" : "ignored" };
  const settlement = await settle(purchaseId, purchase, purchase.sessionId);
  return { purchase: (await getPurchase(purchaseId)) ?? purchase, settlement };
}

async function settle(purchaseId: string, purchase: Purchase, sessionId: string): Promise<Settlement> {
  if (purchase.status === "paid") return "already";
  if (purchase.status !== "pending") return "ignored";
  const session = await sessionOf(sessionId);
  if (!session) return "ignored";
  const verdict = judgeSession(purchaseId, purchase, session);
  if (verdict.kind === "mismatch") {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "payment does not match its purchase: not fulfilled",
        purchaseId,
        sessionId,
        detail: verdict.detail,
      }),
    );
    return "ignored";
  }
  if (verdict.kind === "open") return "open";
  if (verdict.kind === "expired") {
    const changed = await markStatus(purchaseId, "expired", null);
    if (changed) await EXPIRE[purchase.kind]?.(purchaseId);
    return "expired";
  }
  const paidAt = Date.now();
  const fulfil = FULFIL[purchase.kind];
  if (!fulfil) throw new Error(`no fulfilment for ${purchase.kind}`);
  // Fulfil first: should it fail, the purchase stays pending and the provider delivers again.
  await fulfil(paidPurchase(purchaseId, { ...purchase, sessionId, paidAt }));
  await markStatus(purchaseId, "paid", paidAt);
  return "fulfilled";
}

async function markStatus(purchaseId: string, status: "paid" | "expired", paidAt: number | null): Promise<boolean> {
  return getStore().transaction(async (tx) => {
    const current = await tx.get(PURCHASES, purchaseId, PurchaseSchema);
    if (!current || current.status !== "pending") return false;
    tx.update(PURCHASES, purchaseId, { status, paidAt });
    return true;
  });
}

export type Reversal = "refunded" | "disputed";

/**
 * Whether a payment's standing takes back what it bought (ADR 036): refunded in full, or disputed
 * (open or lost). A partial refund, a dispute won, or none at all: null, nothing is taken back.
 */
export function reversalOf(standing: PaymentStanding): Reversal | null {
  if (standing.refunded) return "refunded";
  if (standing.dispute === "open" || standing.dispute === "lost") return "disputed";
  return null;
}

const REVERSE: Record<PurchaseKind, (purchaseId: string, purchase: Purchase, reason: Reversal) => Promise<unknown>> = {
  gift: (purchaseId, _purchase, reason) => reverseGiftPurchase(purchaseId, reason),
  credit_pack: (purchaseId) => revokeCreditPack(purchaseId),
  studio_ticket: (purchaseId, purchase) => reverseStudioPurchase({ purchaseId, uid: purchase.uid, kind: purchase.kind }),
  studio_membership: (purchaseId, purchase) => reverseStudioPurchase({ purchaseId, uid: purchase.uid, kind: purchase.kind }),
};

/**
 * A one-time payment refunded or disputed, as the provider now tells it: the feature that sold it
 * takes back what it gave (each idempotent by purchase id, and telling the member once), then the
 * purchase is marked refunded. Like fulfilment, a failure leaves the event unrecorded so the
 * provider delivers it again; replays and deliveries at once change nothing more.
 */
export async function reversePurchase(standing: PaymentStanding): Promise<"reversed" | "not_reversed" | "ignored"> {
  const reason = reversalOf(standing);
  const purchaseId = standing.metadata.purchaseId ?? "";
  const purchase = await getPurchase(purchaseId);
  if (!purchase || purchase.uid !== standing.metadata.uid) {
    if (purchaseId)
      console.warn(
        JSON.stringify({ level: "warn", msg: "refund or dispute for an unknown purchase", purchaseId, chargeId: standing.chargeId }),
      );
    return "ignored";
  }
  if (!reason) {
    console.log(
      JSON.stringify({
        level: "info",
        msg: "payment not taken back",
        purchaseId,
        chargeId: standing.chargeId,
        refunded: standing.amountRefunded,
        dispute: standing.dispute,
      }),
    );
    return "not_reversed";
  }
  // A pending purchase gave nothing yet: marking it refunded is enough, and it is never fulfilled.
  if (purchase.status === "paid" || purchase.status === "refunded") await REVERSE[purchase.kind](purchaseId, purchase, reason);
  await getStore().transaction(async (tx) => {
    const current = await tx.get(PURCHASES, purchaseId, PurchaseSchema);
    if (!current || current.status === "refunded" || current.status === "expired") return;
    tx.update(PURCHASES, purchaseId, { status: "refunded", reversal: reason });
  });
  return "reversed";
}
