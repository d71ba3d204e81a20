import { z } from "zod";
import { clockDate } from "~/models/identity/clock";

/**
 * Credit packs (issue 11; spec §3 creditPacks): the catalogue's shape and the small rules around
 * paying for a class with credits. The ledger's arithmetic is in ./credit-ledger.ts.
 */

/** `creditPacks/{id}`: what a pack sells. Prices in minor units; the browser never names one. */
export const CreditPackSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(80),
  description: z.string().max(300).default(""),
  credits: z.number().int().min(1).max(100),
  /** Days from purchase until unspent credits expire. */
  validDays: z.number().int().min(1).max(730),
  amount: z.number().int().min(0),
  currency: z.string().regex(/^[a-z]{3}$/),
  stripePriceId: z.string().nullable().default(null),
  active: z.boolean().default(true),
  order: z.number().int().default(0),
});
export type CreditPack = z.infer<typeof CreditPackSchema>;

/** A live class's price in credits: a whole number of at least one, or null (members only). */
export const CreditCostSchema = z.number().int().min(1).max(20).nullable();

/** Days before a pack's expiry that its reminder goes out. */
export const CREDIT_REMINDER_DAYS = 7;

export type BookingPayment = "membership" | "credits";

/**
 * How a booking is paid: a member's membership covers every class (credits are never spent when it
 * would), otherwise credits where the class takes them; null when neither can pay.
 */
export function bookingPayment(input: { isMember: boolean; creditCost: number | null }): BookingPayment | null {
  if (input.isMember) return "membership";
  return input.creditCost !== null ? "credits" : null;
}

/** "1 credit", "3 credits". */
export function creditsLabel(count: number): string {
  return `${count} ${count === 1 ? "credit" : "credits"}`;
}

export interface CreditsView {
  balance: string;
  packs: { id: string; name: string; left: string; expires: string; expiresAt: string }[];
  everHad: boolean;
}

/** Settings' words for a member's credits: the balance, and each pack's credits left and expiry date in their zone. */
export function describeCredits(
  summary: { balance: number; packs: { id: string; name: string; left: number; credits: number; expiresAt: number }[]; everHad: boolean },
  zone: string,
): CreditsView {
  return {
    balance: creditsLabel(summary.balance),
    packs: summary.packs.map((pack) => ({
      id: pack.id,
      name: pack.name,
      left: `${pack.left} of ${pack.credits} left`,
      expires: clockDate(pack.expiresAt, zone),
      expiresAt: new Date(pack.expiresAt).toISOString(),
    })),
    everHad: summary.everHad,
  };
}
