import { problemAfter, problemOf } from "~/lib/errors";
import { z } from "zod";
import type { Variants } from "~/platform/experiments";
import { MAX_TYPED_CODE, isReturnPath } from "./subscribe-link";

/**
 * The subscribe flow's rules (issue 8): what the form may carry, which steps a visitor sees, and
 * whether a member already has a plan. Pure and browser-safe.
 */

export { MAX_TYPED_CODE, isReturnPath, subscribeHref } from "./subscribe-link";

const planId = z
  .string({ required_error: "Please choose a plan." })
  .trim()
  .regex(/^[a-z0-9-]{1,32}$/, "Please choose a plan.");

/** A server-side id for one attempt to pay, repeated by a double click or a retry (an idempotency key's base). */
export const intentId = z
  .string({ required_error: "This form is out of date. Please try again." })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "This form is out of date. Please try again.");

const returnPath = z
  .string()
  .optional()
  .transform((value) => (value && isReturnPath(value) ? value : undefined));

const typedCode = z
  .string()
  .optional()
  .transform((value) => (value ?? "").slice(0, MAX_TYPED_CODE + 1));

export const SubscribeFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("apply"), plan: planId, code: typedCode, next: returnPath }),
  z.object({ intent: z.literal("remove-code"), plan: planId, next: returnPath }),
  z.object({ intent: z.literal("choose"), plan: planId, code: typedCode, next: returnPath }),
  z.object({
    intent: z.literal("checkout"),
    plan: planId,
    code: typedCode,
    intentId,
    step: z.enum(["plan", "payment"]).default("plan"),
    renewalConsent: z.literal("on").optional(),
    next: returnPath,
  }),
]);
export type SubscribeForm = z.infer<typeof SubscribeFormSchema>;

/** Fields a browser never sends: the price is the catalogue's, so any of these means a tampered form. */
export const FORBIDDEN_FIELDS = ["price", "amount", "currency", "quantity", "unit_amount", "interval", "credits"] as const;

/** Whether a posted form names a price or amount: every checkout takes those from the catalogue only. */
export function namesAPrice(fields: Record<string, string>): boolean {
  return FORBIDDEN_FIELDS.some((field) => field in fields);
}

/** Where the visitor is, as far as the site knows. */
export type VisitorRegion = "california" | "elsewhere" | "unknown";

/** §3 location info as far as the region goes: unset (null) or not initialised means unknown. */
export function regionOf(
  location: { isInitialized: boolean; isInCalifornia: boolean; isInAmerica: boolean; isElsewhere: boolean; state: string | null } | null,
): VisitorRegion {
  if (!location?.isInitialized) return "unknown";
  if (location.isInCalifornia) return "california";
  // Outside America, or in America with a known state other than California.
  if (location.isElsewhere || (location.isInAmerica && location.state !== null)) return "elsewhere";
  return "unknown";
}

/**
 * Single step (plan and payment on one page) or a separate choose-payment step (§9 `nonCASingleStep`).
 * The experiment is only for visitors known to be outside California (geolocation, issue 13). An
 * unknown region gets the California treatment: the renewal terms confirmed on a step of their own
 * before any payment page. It costs one click and never under-informs anyone.
 */
export function checkoutSteps(variants: Pick<Variants, "nonCASingleStep">, region: VisitorRegion): "single-step" | "choose-payment-step" {
  if (region !== "elsewhere") return "choose-payment-step";
  return variants.nonCASingleStep === "single-step" ? "single-step" : "choose-payment-step";
}

const RUNNING = new Set(["active", "trialing", "past_due", "gifted"]);

/** A member with an active, trialing or past-due plan may not start a second one. */
export function hasRunningPlan(
  record: { subscriptionStatus: string | null; subscriptionExpirationDate: number | null },
  nowSeconds: number,
): boolean {
  if (!record.subscriptionStatus || !RUNNING.has(record.subscriptionStatus)) return false;
  if (record.subscriptionStatus === "past_due") return true;
  return record.subscriptionExpirationDate !== null && record.subscriptionExpirationDate >= nowSeconds;
}

/**
 * What a discount does over time, in one sentence beside the price; null when nothing is off.
 * `discountedCharges` counts the payments at the reduced price ("all" for a code that lasts).
 */
export function discountNote(price: { discountedCharges: number | "all" }, regular: string, interval: "month" | "year"): string | null {
  if (price.discountedCharges === 0) return null;
  if (price.discountedCharges === "all") return "The reduced price stays for as long as you're a member.";
  if (price.discountedCharges === 1) return `The reduced price is for your first payment; after that it's ${regular} per ${interval}.`;
  return `The reduced price is for your first ${price.discountedCharges} payments; after that it's ${regular} per ${interval}.`;
}

export type CheckoutFailure =
  | "unknown_plan"
  | "already_member"
  | "invalid_intent"
  | "card_declined"
  | "authentication_required"
  | "not_found"
  | "unavailable"
  | "invalid_request"
  | "too_many_checkouts";

/** The catalogue entry (lib/errors.ts) for a payment page that could not be opened. Never the provider's own words. */
export function checkoutFailure(reason: CheckoutFailure, retryAfterMs = 0) {
  switch (reason) {
    case "too_many_checkouts":
      return problemAfter(reason, retryAfterMs);
    case "unknown_plan":
    case "already_member":
      return problemOf(reason);
    case "invalid_intent":
      return problemOf("form_out_of_date");
    case "unavailable":
      return problemOf("checkout_unavailable");
    default:
      return problemOf("checkout_failed");
  }
}
