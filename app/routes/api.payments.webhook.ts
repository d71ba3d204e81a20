import type { ActionFunctionArgs } from "@remix-run/node";
import { receivePaymentWebhook } from "~/features/checkout/payment-webhook.server";

/**
 * The payment provider's webhook (docs/decisions/014-payments-port-and-webhooks.md). POST only; the
 * body is read raw, because the signature covers the exact bytes. The front door lets this path
 * through its cross-site check and never parses the body before it.
 */

const MAX_BODY_BYTES = 512 * 1024;

export async function loader() {
  return methodNotAllowed();
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return reply(413, { received: false });
  const rawBody = await request.text();
  if (rawBody.length > MAX_BODY_BYTES) return reply(413, { received: false });
  const result = await receivePaymentWebhook(rawBody, request.headers.get("Stripe-Signature"));
  return reply(result.status, { received: result.status === 200, outcome: result.outcome });
}

function reply(status: number, body: Record<string, unknown>) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

function methodNotAllowed() {
  return Response.json({ received: false }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
