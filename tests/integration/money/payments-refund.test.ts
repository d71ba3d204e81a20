import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_CARD, demo, intentId } from "../../support/payments";
import { STRIPE_FIXTURE_WEBHOOK_SECRET, createFixtureServer } from "../../support/stripe-fixtures";

/**
 * The payment port's refund of a one-time payment (issue 23: a drop-in for a studio class the
 * studio cancelled): one refund per session, on the demo provider's store and through Stripe's SDK
 * against fixtures, with the caller's key sent as Stripe's idempotency key.
 */

const { createStripeProvider } = await import("../../../app/services/payments/stripe.server");
const { getStore } = await import("../../../app/services/store/index.server");
const { DEMO_REFUNDS } = await import("../../../app/services/payments/demo.server");

const server = createFixtureServer();
const stripe = createStripeProvider({
  secretKey: "sk_test_fixture000000000000",
  webhookSecret: STRIPE_FIXTURE_WEBHOOK_SECRET,
  httpClient: server.httpClient,
  maxNetworkRetries: 0,
});
beforeEach(() => server.reset());

describe("refunding a one-time payment", () => {
  it("on the demo provider: once per session, however many calls at once and whatever the key", async () => {
    const { customerId } = await demo().createCustomer({ uid: "refund-u", email: null, name: null, idempotencyKey: intentId() });
    const { sessionId } = await demo().createPaymentCheckout({
      intentId: intentId(),
      customerId,
      item: { name: "Drop-in", amount: 2800, currency: "usd" },
      successUrl: "http://localhost:3000/done?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/",
      metadata: {},
    });
    await expect(demo().refundPayment({ sessionId, idempotencyKey: "k" })).rejects.toMatchObject({ code: "not_found" });
    expect((await demo().pay(sessionId, GOOD_CARD)).ok).toBe(true);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => demo().refundPayment({ sessionId, idempotencyKey: i === 5 ? "another-key" : "refund-key" })),
    );
    expect(new Set(answers.map((a) => a.refundId)).size).toBe(1);
    expect(answers[0].amount).toBe(2800);
    const { docs } = await getStore().query(DEMO_REFUNDS, z.record(z.unknown()), {
      where: [{ field: "sessionId", op: "==", value: sessionId }],
    });
    expect(docs).toHaveLength(1);
  });

  it("through Stripe: refunds the session's payment intent with the caller's key", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/checkout\/sessions\/cs_test_a1StillhourDropIn$/, file: "checkout-session-payment-paid" },
      { method: "POST", path: /^\/v1\/refunds$/, file: "refund" },
    );
    expect(await stripe.refundPayment({ sessionId: "cs_test_a1StillhourDropIn", idempotencyKey: "refund-pur_1" })).toEqual({
      refundId: "re_3StillDropIn0001",
      amount: 2800,
    });
    const create = server.calls.find((call) => call.path === "/v1/refunds")!;
    expect(create.body.get("payment_intent")).toBe("pi_3StillDropIn0001");
    expect(create.headers["idempotency-key"]).toBe("refund-pur_1");
  });

  it("through Stripe: a charge already refunded answers its refund instead of asking again", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/checkout\/sessions\//, file: "checkout-session-payment-refunded" },
      { method: "GET", path: /^\/v1\/refunds$/, file: "refund-list" },
    );
    expect(await stripe.refundPayment({ sessionId: "cs_test_a1StillhourDropIn", idempotencyKey: "refund-pur_1" })).toEqual({
      refundId: "re_3StillDropIn0001",
      amount: 2800,
    });
    expect(server.calls.some((call) => call.method === "POST")).toBe(false);
  });
});
