import Stripe from "stripe";
import { WebhookSignatureError, type ProviderEvent, type ProviderEventKind } from "./port";

/**
 * Both providers deliver events in Stripe's envelope, signed the way Stripe signs them, so the webhook
 * endpoint has one path. Verification is the SDK's own (`constructEvent`): it checks the HMAC over the
 * exact raw bytes and refuses a timestamp older than the tolerance.
 */

export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function verifyStripeSignedEvent(rawBody: string, signatureHeader: string | null, secret: string): ProviderEvent {
  if (!signatureHeader) throw new WebhookSignatureError("missing signature header");
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: Record<string, unknown> } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS) as never;
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "signature check failed");
  }
  const read = readEvent(event);
  if (!read) throw new WebhookSignatureError("not an event");
  return read;
}

/** An event envelope (verified, or listed from the provider's API) as the port's ProviderEvent; null if it is not one. */
export function readEvent(event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } }): ProviderEvent | null {
  if (typeof event.id !== "string" || typeof event.type !== "string") return null;
  const object = (event.data?.object ?? {}) as Record<string, unknown>;
  const objectId = typeof object.id === "string" ? object.id : null;
  const customer = object.object === "customer" ? object.id : object.customer;
  const customerId =
    typeof customer === "string"
      ? customer
      : customer && typeof customer === "object" && "id" in customer
        ? String((customer as { id: unknown }).id)
        : null;
  const kind = EVENT_KINDS[event.type];
  return {
    id: event.id,
    type: event.type,
    created: typeof event.created === "number" ? event.created : 0,
    objectId,
    customerId,
    ...(kind ? { kind } : {}),
  };
}

/** Stripe's event types (both providers use them) that the port names in the app's own words. */
const EVENT_KINDS: Partial<Record<string, ProviderEventKind>> = {
  "charge.refunded": "payment_refunded",
  "charge.dispute.created": "dispute_opened",
  "charge.dispute.closed": "dispute_closed",
};

/** Signs a payload exactly as Stripe does (`t=…,v1=…`); the demo provider and tests use it. */
export function signPayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
