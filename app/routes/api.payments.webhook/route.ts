import type { ActionFunctionArgs } from "@remix-run/node";
import { receivePaymentWebhook } from "~/models/checkout/payment-webhook.server";
import { readBodyText } from "~/lib/forms/form-body.server";
import { PAYMENT_WEBHOOK_MAX_BYTES } from "~/server/body-limits.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * The payment provider's webhook (docs/decisions/014-payments-port-and-webhooks.md). POST only; the
 * body is read raw, because the signature covers the exact bytes. The front door lets this path
 * through its cross-site check and never parses the body before it; the body is read within its cap
 * as it streams in, whatever Content-Length says (or does not).
 */

export async function loader() {
  return methodNotAllowed();
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  event: {
    does: ["charge", "redeem", "mail", "write"],
    bound: "the provider's signature on the raw body; each event id is applied once, in the transaction with its effects",
  },
});

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await readBodyText(request, PAYMENT_WEBHOOK_MAX_BYTES);
  if (!body.ok) return reply(body.status, { received: false });
  const result = await receivePaymentWebhook(body.text, request.headers.get("Stripe-Signature"));
  return reply(result.status, { received: result.status === 200, outcome: result.outcome });
}

function reply(status: number, body: Record<string, unknown>) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

function methodNotAllowed() {
  return Response.json({ received: false }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
