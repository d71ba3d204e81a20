import { redirect } from "@remix-run/node";
import { describeOffer, offerFor, type AppliedDiscount } from "~/models/billing/offer";
import { getDemoCheckout, payerOf } from "~/models/checkout/demo-checkout.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/** A checkout page that does not exist, has closed, or is asked for outside the demo. */
export function notFound(): never {
  throw new Response("This checkout page does not exist or has closed.", { status: 404, statusText: "Checkout not found" });
}

function formatAmount(amount: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** An open session as the page shows it: what is paid for, in the offer's words, and the payer's name to offer. */
export async function checkoutPage(sessionId: string) {
  const session = await getDemoCheckout(sessionId);
  if (!session) notFound();
  if (session.status === "complete") throw redirect(session.successUrl.replace("{CHECKOUT_SESSION_ID}", session.id));
  if (session.status !== "open") notFound();
  const plan = session.plan;
  const item = session.item;
  const payer = await payerOf(session);
  return {
    mode: session.mode,
    cancelUrl: session.cancelUrl,
    awaitingAuthentication: session.pendingCard !== null,
    // WCAG 3.3.7: the member's name is already known; it is offered, and stays editable.
    cardName: payer.name,
    summary: plan
      ? planSummary(session, plan, payer.timeZone)
      : item
        ? { name: item.name, price: `${formatAmount(item.amount, item.currency)}, paid once`, lines: [] }
        : null,
  };
}

export type CheckoutPage = Awaited<ReturnType<typeof checkoutPage>>;

/**
 * What the session holds, in the offer's own words (ADR 056): its plan, its discount and the trial it
 * was opened with, so this page can only say what paying here will do.
 */
function planSummary(
  session: { trialDays: number | null; discount?: unknown },
  plan: NonNullable<Awaited<ReturnType<typeof getDemoCheckout>>>["plan"] & object,
  timeZone: string | null,
) {
  const discount = (session.discount as AppliedDiscount | null) ?? null;
  const offer = offerFor({
    plan,
    benefit: discount?.benefit ?? null,
    code: discount?.code ?? null,
    trialDays: session.trialDays ?? undefined,
    now: Math.floor(Date.now() / 1000),
  });
  const words = describeOffer(offer, { timeZone: timeZone ?? FALLBACK_TIME_ZONE });
  return {
    name: plan.name,
    price: words.regular,
    // Every step but the renewal, which the price above already states.
    lines: words.steps.slice(0, -1),
  };
}
