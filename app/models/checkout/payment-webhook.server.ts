import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { getPaymentProvider } from "~/services/payments/index.server";
import { PaymentError, WebhookSignatureError, type ProviderEvent } from "~/services/payments/port";
import { recordEvent } from "~/platform/analytics-event.server";
import { PAYMENT_CUSTOMERS, PAYMENT_EVENTS, syncCustomer } from "~/models/billing/membership.server";
import { reversePurchase, settlePaymentSession } from "./purchase-fulfilment.server";
import { rewardReferrer } from "~/models/wallet/referrals.server";

/**
 * The webhook endpoint's work: verify on the raw body, skip an event already recorded, work out whose
 * membership it is about by re-reading the object from the provider (never trusting the event's copy),
 * and run the one sync function, which records the event id in the same transaction as its effects.
 */

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

export type WebhookResult = {
  status: 200 | 400 | 503;
  outcome: "synced" | "duplicate" | "ignored" | "unknown_customer" | "bad_signature" | "unavailable";
};

export async function receivePaymentWebhook(rawBody: string, signatureHeader: string | null): Promise<WebhookResult> {
  const provider = getPaymentProvider();
  let event: ProviderEvent;
  try {
    event = provider.parseWebhook(rawBody, signatureHeader);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      console.warn(JSON.stringify({ level: "warn", msg: "payment webhook refused: signature", provider: provider.name }));
      return { status: 400, outcome: "bad_signature" };
    }
    throw error;
  }
  return handleProviderEvent(event);
}

/** One verified event (from the webhook, or listed by the reconcile job): recorded once with its effects. */
async function handleProviderEvent(event: ProviderEvent): Promise<WebhookResult> {
  if (await getStore().get(PAYMENT_EVENTS, event.id, z.object({}).passthrough())) return { status: 200, outcome: "duplicate" };

  // Refunds and disputes come as the port's own kinds (ADR 036), whatever the provider calls them.
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type) && !event.kind) {
    await getStore().createIfAbsent(PAYMENT_EVENTS, event.id, {
      type: event.type,
      customerId: event.customerId,
      uid: null,
      outcome: "ignored",
      receivedAt: Date.now(),
    });
    console.log(
      JSON.stringify({ level: "info", msg: "payment webhook ignored: event type not handled", eventId: event.id, type: event.type }),
    );
    return { status: 200, outcome: "ignored" };
  }

  try {
    const standing = event.kind && event.objectId ? await getPaymentProvider().getPaymentStanding(event.objectId) : null;
    const customerId = standing?.customerId ?? (await customerOf(event));
    if (!customerId) {
      await getStore().createIfAbsent(PAYMENT_EVENTS, event.id, {
        type: event.type,
        customerId: null,
        uid: null,
        outcome: "ignored",
        receivedAt: Date.now(),
      });
      console.log(JSON.stringify({ level: "info", msg: "payment webhook ignored: no customer", eventId: event.id, type: event.type }));
      return { status: 200, outcome: "ignored" };
    }
    // A one-time payment (gift, credit pack, studio) is fulfilled first, idempotently: should it fail,
    // the event is not recorded and the provider delivers it again.
    if (event.type.startsWith("checkout.session.") && event.objectId) await settlePaymentSession(event.objectId);
    // A refunded or disputed one-time payment takes back what it bought, the same way (idempotent,
    // before the event is recorded); a plan's own refund follows the provider through the sync below.
    if (standing) await reversePurchase(standing);
    const outcome = await syncCustomer(customerId, { id: event.id, type: event.type });
    // §8 Card_Payment_Failed, once per failed invoice event (a replay is a duplicate and gets here no more).
    if (event.type === "invoice.payment_failed" && outcome.status === "synced") {
      await recordEvent(
        { name: "Card_Payment_Failed", properties: { subscriptionId: outcome.membership.subscriptionId, reason: "renewal_declined" } },
        { uid: outcome.uid },
      );
    }
    // A paid invoice on a running (not trialing) plan is a real payment: the friend's referrer, if
    // any, is thanked once (a replay is a duplicate and gets here no more; the reward is once anyway).
    if (event.type === "invoice.paid" && outcome.status === "synced" && outcome.membership.status === "active")
      await rewardReferrer(outcome.uid);
    return { status: 200, outcome: outcome.status };
  } catch (error) {
    // The provider could not be asked: answer non-2xx so it delivers the event again later.
    const code = error instanceof PaymentError ? error.code : "unavailable";
    const cause = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "unknown";
    console.warn(JSON.stringify({ level: "warn", msg: "payment webhook not processed", eventId: event.id, type: event.type, code, cause }));
    return { status: 503, outcome: "unavailable" };
  }
}

export interface ReconcileSummary {
  provider: string;
  since: string;
  eventsListed: number;
  eventsReplayed: number;
  customers: number;
  synced: number;
  failed: number;
}

/**
 * `npm run payments:reconcile`: replays every event of the last `sinceDays` days that was never
 * recorded (a delivery that never arrived), then re-syncs every customer's membership from the
 * provider. Both paths are the webhook's own, so running it twice, or beside live deliveries,
 * changes nothing more.
 */
export async function reconcilePayments(options: { sinceDays?: number } = {}): Promise<ReconcileSummary> {
  const provider = getPaymentProvider();
  const sinceSeconds = Math.floor(Date.now() / 1000) - (options.sinceDays ?? 30) * 86_400;
  const summary: ReconcileSummary = {
    provider: provider.name,
    since: new Date(sinceSeconds * 1000).toISOString(),
    eventsListed: 0,
    eventsReplayed: 0,
    customers: 0,
    synced: 0,
    failed: 0,
  };

  const events = await provider.listEventsSince(sinceSeconds);
  summary.eventsListed = events.length;
  for (const event of events) {
    const result = await handleProviderEvent(event);
    if (result.outcome !== "duplicate") summary.eventsReplayed += 1;
    if (result.status !== 200) summary.failed += 1;
  }

  const { docs } = await getStore().query(PAYMENT_CUSTOMERS, z.object({ uid: z.string(), provider: z.string() }), {
    where: [{ field: "provider", op: "==", value: provider.name }],
  });
  summary.customers = docs.length;
  for (const doc of docs) {
    try {
      const outcome = await syncCustomer(doc.id);
      if (outcome.status === "synced") summary.synced += 1;
    } catch (error) {
      summary.failed += 1;
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "reconcile: customer not synced",
          customerId: doc.id,
          cause: error instanceof Error ? error.name : "unknown",
        }),
      );
    }
  }
  return summary;
}

/** The customer the event is about, from the provider's current copy of the object. */
async function customerOf(event: ProviderEvent): Promise<string | null> {
  const provider = getPaymentProvider();
  if (event.type.startsWith("checkout.session.") && event.objectId) {
    const session = await provider.getCheckoutSession(event.objectId);
    // A finished card update: make its card the subscription's default before the sync reads it.
    if (session?.mode === "setup" && session.status === "complete") await provider.applyCardUpdate(session.id);
    return session?.customerId ?? event.customerId;
  }
  if (event.type.startsWith("customer.subscription.") && event.objectId) {
    return (await provider.getSubscription(event.objectId))?.customerId ?? event.customerId;
  }
  return event.customerId;
}

/**
 * The demo provider's delivery: its signed events go through the same path Stripe's take, after the
 * payment's response, in order. The returned promise settles when all were handled (tests await it).
 */
export function deliverSignedEvents(deliveries: ReadonlyArray<{ eventId: string; payload: string; signature: string }>): Promise<void> {
  return new Promise<void>((resolve) => {
    setImmediate(async () => {
      for (const delivery of deliveries) {
        try {
          const result = await receivePaymentWebhook(delivery.payload, delivery.signature);
          if (result.status !== 200)
            console.warn(
              JSON.stringify({ level: "warn", msg: "demo event not accepted", eventId: delivery.eventId, status: result.status }),
            );
        } catch (error) {
          console.warn(
            JSON.stringify({
              level: "warn",
              msg: "demo event delivery failed",
              eventId: delivery.eventId,
              cause: error instanceof Error ? error.name : "unknown",
            }),
          );
        }
      }
      resolve();
    });
  });
}
