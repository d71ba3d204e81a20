import { z } from "zod";
import { isLiveStatus } from "./membership";

/**
 * Membership time that came from gifts (issue 11), one document per member. It is also the document
 * every redemption for that member reads and writes in its transaction, so two gifts redeemed at
 * once both count: the second sees the first's end date.
 */
export const GIFTED_MEMBERSHIPS = "giftedMemberships";

export const GiftedTimeSchema = z.object({
  uid: z.string(),
  /** Unix s: gifted membership runs until then (0 when it never ran). */
  endsAt: z.number().int().min(0),
  /** Unix s: the paid plan's next charge was moved out to here by gifts (0 when never). */
  deferredTo: z.number().int().min(0),
  giftIds: z.array(z.string()),
  updatedAt: z.number(),
});
export type GiftedTime = z.infer<typeof GiftedTimeSchema>;

export const EMPTY_GIFTED_TIME = (uid: string): GiftedTime => ({ uid, endsAt: 0, deferredTo: 0, giftIds: [], updatedAt: 0 });

/** The privateUsers fields with gifted time counted: whichever of the plan and the gift ends later. */
export function withGiftedTime<
  T extends { subscriptionStatus: string | null; subscriptionExpirationDate: number | null; subscriptionSource: string | null },
>(record: T, gifted: GiftedTime | null, nowSeconds: number): T {
  if (!gifted || gifted.endsAt <= nowSeconds) return record;
  const planEnd = record.subscriptionExpirationDate ?? 0;
  const planRunning = isLiveStatus(record.subscriptionStatus);
  if (planRunning && planEnd >= gifted.endsAt) return record;
  return {
    ...record,
    subscriptionExpirationDate: Math.max(planEnd, gifted.endsAt),
    subscriptionStatus: planRunning ? record.subscriptionStatus : "gifted",
    subscriptionSource: planRunning ? record.subscriptionSource : "gift",
  };
}
