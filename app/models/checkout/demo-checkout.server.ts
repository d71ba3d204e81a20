import { getDemoProvider } from "~/services/payments/index.server";
import type { DemoCardInput } from "~/services/payments/demo.server";
import { getMembership, memberForCustomer } from "~/models/billing/membership.server";
import { getPrivateUser } from "~/models/identity/user.server";
import { deliverSignedEvents } from "./payment-webhook.server";

/**
 * The demo payment provider's own pages and clock, for its routes: each answers "off" (null or
 * false) unless the demo provider is the one chosen, so production never serves them. Fulfilment
 * takes Stripe's path: signed events to our webhook.
 */

/** Whether the demo provider is the one chosen (its checkout page and its clock exist only then). */
export function demoPaymentsActive(): boolean {
  return getDemoProvider() !== null;
}

/** A demo checkout session by id, or null when the demo provider is off or the session is unknown. */
export async function getDemoCheckout(sessionId: string) {
  const provider = getDemoProvider();
  return provider ? provider.getDemoSession(sessionId) : null;
}

/**
 * The name the paying member already gave us (onboarding or settings), to put in the checkout's
 * "Name on the card" so they are not asked for it again (WCAG 3.3.7). Read from their account now,
 * not from the customer record, which keeps the name of the day it was made. Empty when the session's
 * customer is not one of our members or they gave no name.
 */
export async function cardholderNameFor(session: { customerId: string | null }): Promise<string> {
  return (await payerOf(session)).name;
}

/**
 * The paying member as the page needs them: the name they gave (see `cardholderNameFor`) and the
 * zone their browser last reported, so the trial's end reads as their own day (null when unknown).
 */
export async function payerOf(session: { customerId: string | null }): Promise<{ name: string; timeZone: string | null }> {
  const uid = session.customerId ? await memberForCustomer(session.customerId) : null;
  const user = uid ? await getPrivateUser(uid) : null;
  return {
    name: [user?.firstName, user?.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ")
      .slice(0, 100),
    timeZone: user?.mostRecentTimeZone ?? null,
  };
}

async function settle(result: Awaited<ReturnType<NonNullable<ReturnType<typeof getDemoProvider>>["pay"]>>) {
  // Delivered after the page's answer, as Stripe's events arrive after its redirect.
  if (result.ok && result.deliveries.length > 0) void deliverSignedEvents(result.deliveries);
  return result;
}

/** Pays a demo checkout session with a demo card; null when the demo provider is off. */
export async function payDemoCheckout(sessionId: string, card: DemoCardInput) {
  const provider = getDemoProvider();
  return provider ? settle(await provider.pay(sessionId, card)) : null;
}

/** Answers a demo session's extra confirmation step; null when the demo provider is off. */
export async function authenticateDemoCheckout(sessionId: string, approve: boolean) {
  const provider = getDemoProvider();
  return provider ? settle(await provider.authenticate(sessionId, approve)) : null;
}

/**
 * The demo's clock: takes a member's next payment now, through the same webhook path as Stripe's.
 * "off" when the demo provider is not chosen or the member has no subscription.
 */
export async function takeNextPaymentNow(uid: string): Promise<"charged" | "no_membership" | "off"> {
  const provider = getDemoProvider();
  const subscriptionId = (await getMembership(uid))?.subscriptionId;
  if (!provider || !subscriptionId) return "off";
  const charged = await provider.chargeNextPeriod(subscriptionId);
  if (!charged.ok) return "no_membership";
  await deliverSignedEvents(charged.deliveries);
  return "charged";
}
