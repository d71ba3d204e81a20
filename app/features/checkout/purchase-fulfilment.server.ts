import { getStore } from "~/adapters/store/index.server";
import { grantCreditPack } from "~/features/wallet/credits.server";
import { expireGiftPurchase, fulfilGiftPurchase } from "~/features/wallet/gifts.server";
import { fulfilStudioPurchase } from "~/features/studios/studio-purchases.server";
import { PURCHASES, PurchaseSchema, getPurchase, judgeSession, paidPurchase, sessionOf, type PaidPurchase, type Purchase, type PurchaseKind } from "~/features/billing/purchases.server";

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
  if (purchase.status !== "pending" || !purchase.sessionId) return { purchase, settlement: purchase.status === "paid" ? "already" : "ignored" };
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
    console.warn(JSON.stringify({ level: "warn", msg: "payment does not match its purchase: not fulfilled", purchaseId, sessionId, detail: verdict.detail }));
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
