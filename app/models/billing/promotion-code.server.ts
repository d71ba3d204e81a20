import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { TransactionContext } from "~/services/store/port.server";
import type { Plan } from "~/services/payments/billing";
import {
  PromotionCodeSchema,
  capReached,
  evaluatePromotionCode,
  normalizeCode,
  validityAt,
  type PromotionCheck,
  type PromotionCode,
  type RedemptionFailure,
} from "./promotion-code";

/**
 * `promotionCodes/{code}` and their redemptions in the store. Rules live in ./promotion-code.ts.
 *
 * A redemption is counted when a purchase is fulfilled, inside the caller's transaction:
 * - `promotionRedemptions/{code}__{purchaseId}` makes each purchase count once, however often it is
 *   fulfilled (webhook replays, the success page);
 * - `promotionRedeemers/{code}__{uid}` answers "has this person used it?" with a keyed read, which a
 *   transaction can make (it cannot query);
 * - the code's `redemptionCount` is read and written in the same transaction, so the cap holds under
 *   concurrency: the store retries or queues the losers, who then see the new count.
 */

export const PROMOTION_CODES = "promotionCodes";
export const PROMOTION_REDEMPTIONS = "promotionRedemptions";
export const PROMOTION_REDEEMERS = "promotionRedeemers";

const RedemptionSchema = z.object({
  promotionCodeId: z.string(),
  purchaseId: z.string(),
  uid: z.string(),
  redeemedAt: z.number(),
});

const RedeemerSchema = z.object({
  promotionCodeId: z.string(),
  uid: z.string(),
  redemptions: z.number().int().min(1),
  lastPurchaseId: z.string(),
  lastRedeemedAt: z.number(),
});

/** Document ids may not contain "/" and must stay short; uids and purchase ids from providers fit. */
const ID_PART = /^[A-Za-z0-9_.:-]{1,200}$/;

function key(promotionCodeId: string, part: string): string {
  if (!ID_PART.test(part)) throw new Error(`Not a usable id part for a promotion redemption: ${JSON.stringify(part.slice(0, 40))}`);
  return `${promotionCodeId}__${part}`;
}

/** The stored code for what was typed, or null when there is none (or the input cannot be a code). */
export async function findPromotionCode(typed: string): Promise<PromotionCode | null> {
  const id = normalizeCode(typed);
  if (!id) return null;
  return getStore().get(PROMOTION_CODES, id, PromotionCodeSchema);
}

/** Has this person redeemed this code on any purchase? */
export async function hasPersonRedeemed(uid: string, promotionCodeId: string): Promise<boolean> {
  return (await getStore().get(PROMOTION_REDEEMERS, key(promotionCodeId, uid), RedeemerSchema)) !== null;
}

/**
 * Finds and evaluates a typed code for a plan and a person (uid null for a visitor not yet signed in,
 * who cannot have redeemed anything). `now` is unix seconds. A store failure answers "error" and is
 * logged; it never throws.
 */
export async function checkPromotionCode(input: {
  typed: string;
  plan: Pick<Plan, "id" | "currency">;
  uid: string | null;
  isNewMember: boolean;
  now: number;
}): Promise<PromotionCheck> {
  try {
    const code = normalizeCode(input.typed) ? await findPromotionCode(input.typed) : null;
    const hasRedeemed = code && input.uid ? await hasPersonRedeemed(input.uid, code.code) : false;
    return evaluatePromotionCode({
      code,
      typed: input.typed,
      plan: input.plan,
      person: { isNewMember: input.isNewMember, hasRedeemed },
      now: input.now,
    });
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "promotion code check failed",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return { outcome: "error" };
  }
}

export type RedemptionResult = { ok: true } | { ok: false; reason: RedemptionFailure };

export interface RedemptionInput {
  promotionCodeId: string;
  uid: string;
  /** The provider's id for the purchase (checkout session or subscription): the once-only key. */
  purchaseId: string;
  /** Unix seconds. */
  now: number;
}

/**
 * Counts one redemption of the code for one purchase, inside the caller's transaction, so the count
 * and the purchase's fulfilment commit together or not at all. Re-checks, on the transaction's
 * snapshot, that the code exists, is active, is inside its window, is under its cap and (when once per
 * person) is not already this person's. The same purchase again returns the same success and counts
 * nothing. Plan and new-member rules were checked when the checkout was made and are not re-judged.
 * Reads come before writes, as Firestore transactions require.
 */
export async function redeemPromotionCode(tx: TransactionContext, input: RedemptionInput): Promise<RedemptionResult> {
  const { promotionCodeId, uid, purchaseId, now } = input;
  const redemptionId = key(promotionCodeId, purchaseId);
  const redeemerId = key(promotionCodeId, uid);

  const [earlier, code, redeemer] = await Promise.all([
    tx.get(PROMOTION_REDEMPTIONS, redemptionId, RedemptionSchema),
    tx.get(PROMOTION_CODES, promotionCodeId, PromotionCodeSchema),
    tx.get(PROMOTION_REDEEMERS, redeemerId, RedeemerSchema),
  ]);

  if (earlier) return earlier.uid === uid ? { ok: true } : { ok: false, reason: "already_used" };
  if (!code) return { ok: false, reason: "unknown" };
  if (!code.active) return { ok: false, reason: "inactive" };
  const window = validityAt(code, now);
  if (window.outcome !== "valid") return { ok: false, reason: window.outcome };
  if (code.oncePerPerson && redeemer) return { ok: false, reason: "already_used" };
  if (capReached(code)) return { ok: false, reason: "cap_reached" };

  tx.create(PROMOTION_REDEMPTIONS, redemptionId, { promotionCodeId, purchaseId, uid, redeemedAt: now });
  tx.set(PROMOTION_REDEEMERS, redeemerId, {
    promotionCodeId,
    uid,
    redemptions: (redeemer?.redemptions ?? 0) + 1,
    lastPurchaseId: purchaseId,
    lastRedeemedAt: now,
  });
  tx.update(PROMOTION_CODES, promotionCodeId, { redemptionCount: code.redemptionCount + 1 });
  return { ok: true };
}

/** `redeemPromotionCode` in a transaction of its own, for callers that have nothing else to write. */
export async function redeemPromotionCodeOnce(input: RedemptionInput): Promise<RedemptionResult> {
  return getStore().transaction((tx) => redeemPromotionCode(tx, input));
}

/**
 * A leaving member's use of promotion codes: each counted redemption stays (the code's count is
 * right) under `pseudonym`; the "has this person used it" record, which only they could need, goes.
 */
export async function anonymisePromotionUse(uid: string, pseudonym: string): Promise<void> {
  const store = getStore();
  for (const { id } of await documentsWhere(PROMOTION_REDEMPTIONS, "uid", uid))
    await store.update(PROMOTION_REDEMPTIONS, id, { uid: pseudonym });
  for (const { id } of await documentsWhere(PROMOTION_REDEEMERS, "uid", uid)) await store.delete(PROMOTION_REDEEMERS, id);
}
