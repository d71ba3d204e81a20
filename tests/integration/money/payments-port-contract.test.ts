import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_SECRET, GOOD_CARD, demo, intentId, seedPlans } from "../../support/payments";
import { STRIPE_FIXTURE_WEBHOOK_SECRET, createFixtureServer } from "../../support/stripe-fixtures";

// One contract, two providers: the cases that make sense for both, run against the demo provider
// (its real state in the store) and the Stripe adapter (fixtures at the network boundary).
const { createStripeProvider } = await import("../../../app/services/payments/stripe.server");
const { signPayload } = await import("../../../app/services/payments/events.server");
const { WebhookSignatureError } = await import("../../../app/services/payments/port");
type PaymentProvider = import("../../../app/services/payments/port").PaymentProvider;
const { getPlan } = await import("../../../app/models/billing/plan.server");

interface Harness {
  provider: () => PaymentProvider;
  webhookSecret: string;
  /** Arranges the answers for the next `times` createCustomer calls. */
  arrangeCustomer: (times: number) => void;
  /** Arranges a checkout create and returns the customer to use. */
  arrangeCheckout: () => Promise<string>;
  /** A trialing monthly subscription paid with 4242; the next reads see it. */
  arrangePaidSubscription: () => Promise<{ customerId: string; subscriptionId: string }>;
  arrangeCancelThenResume: () => void;
  arrangeMissingSession: () => string;
  /** Arranges ending the subscription now, twice (the second finds it ended). */
  arrangeCancelNowTwice: () => void;
  /** Arranges deleting the customer, twice (the second finds it gone). */
  arrangeDeleteCustomerTwice: () => void;
}

const stripeServer = createFixtureServer();
const stripe = createStripeProvider({
  secretKey: "sk_test_fixture000000000000",
  webhookSecret: STRIPE_FIXTURE_WEBHOOK_SECRET,
  httpClient: stripeServer.httpClient,
  maxNetworkRetries: 0,
});

const harnesses: Array<[string, Harness]> = [
  [
    "demo",
    {
      provider: demo,
      webhookSecret: DEMO_SECRET!,
      arrangeCustomer: () => undefined,
      arrangeCheckout: async () =>
        (await demo().createCustomer({ uid: "u", email: null, name: null, idempotencyKey: intentId() })).customerId,
      arrangePaidSubscription: async () => {
        const { customerId } = await demo().createCustomer({ uid: "u", email: null, name: null, idempotencyKey: intentId() });
        const { sessionId } = await demo().createSubscriptionCheckout({
          intentId: intentId(),
          customerId,
          plan: (await getPlan("monthly"))!,
          discount: null,
          trialDays: 7,
          successUrl: "http://localhost:3000/w?session_id={CHECKOUT_SESSION_ID}",
          cancelUrl: "http://localhost:3000/",
          metadata: { uid: "u", planId: "monthly" },
        });
        await demo().pay(sessionId, GOOD_CARD);
        const subscriptionId = (await demo().getCheckoutSession(sessionId))!.subscriptionId!;
        return { customerId, subscriptionId };
      },
      arrangeCancelThenResume: () => undefined,
      arrangeMissingSession: () => "cs_demo_000000000000000000000000",
      arrangeCancelNowTwice: () => undefined,
      arrangeDeleteCustomerTwice: () => undefined,
    },
  ],
  [
    "stripe (fixtures)",
    {
      provider: () => stripe,
      webhookSecret: STRIPE_FIXTURE_WEBHOOK_SECRET,
      arrangeCustomer: (times) => {
        for (let i = 0; i < times; i++) stripeServer.queue({ method: "POST", path: /^\/v1\/customers$/, file: "customer" });
      },
      arrangeCheckout: async () => {
        stripeServer.queue({ method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" });
        return "cus_TqStill0001";
      },
      arrangePaidSubscription: async () => {
        stripeServer.queue(
          { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" },
          { method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list" },
        );
        return { customerId: "cus_TqStill0001", subscriptionId: "sub_1StillMonthly" };
      },
      arrangeCancelThenResume: () =>
        stripeServer.queue(
          { method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-cancel-at-period-end" },
          { method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" },
        ),
      arrangeMissingSession: () => {
        stripeServer.queue({
          method: "GET",
          path: /^\/v1\/checkout\/sessions\/cs_test_forged$/,
          status: 404,
          file: "error-resource-missing",
        });
        return "cs_test_forged";
      },
      arrangeCancelNowTwice: () =>
        stripeServer.queue(
          { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" },
          { method: "DELETE", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-canceled" },
          { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-canceled" },
          { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-canceled" },
        ),
      arrangeDeleteCustomerTwice: () =>
        stripeServer.queue(
          { method: "DELETE", path: /^\/v1\/customers\/cus_TqStill0001$/, file: "customer-deleted" },
          { method: "DELETE", path: /^\/v1\/customers\/cus_TqStill0001$/, status: 404, file: "error-resource-missing" },
        ),
    },
  ],
];

beforeAll(seedPlans);
beforeEach(() => stripeServer.reset());

describe.each(harnesses)("the payment port contract: %s", (_name, h) => {
  it("creates one customer for one idempotency key", async () => {
    h.arrangeCustomer(2);
    const key = intentId();
    const a = await h
      .provider()
      .createCustomer({ uid: "member-stripe-1", email: "ada@example.com", name: "Ada Lovelace", idempotencyKey: key });
    const b = await h
      .provider()
      .createCustomer({ uid: "member-stripe-1", email: "ada@example.com", name: "Ada Lovelace", idempotencyKey: key });
    expect(a.customerId).toMatch(/^cus_/);
    expect(b).toEqual(a);
  });

  it("creates a hosted subscription checkout and refuses a success URL without the placeholder", async () => {
    const customerId = await h.arrangeCheckout();
    const plan = (await getPlan("monthly"))!;
    const session = await h.provider().createSubscriptionCheckout({
      intentId: intentId(),
      customerId,
      plan,
      discount: null,
      trialDays: plan.trialDays,
      successUrl: "https://www.stillhour.example/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://www.stillhour.example/subscribe",
      metadata: { uid: "member-stripe-1", planId: "monthly" },
    });
    expect(session.sessionId).toMatch(/^cs_/);
    expect(session.url).toMatch(/^https?:\/\//);
    await expect(
      h.provider().createSubscriptionCheckout({
        intentId: intentId(),
        customerId,
        plan,
        discount: null,
        trialDays: 7,
        successUrl: "https://x/welcome",
        cancelUrl: "https://x",
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("reads a paid trial in the port's shapes, alone and in the customer's list", async () => {
    const { customerId, subscriptionId } = await h.arrangePaidSubscription();
    const subscription = await h.provider().getSubscription(subscriptionId);
    expect(subscription).toMatchObject({
      id: subscriptionId,
      customerId,
      status: "trialing",
      planId: "monthly",
      amount: 1499,
      currency: "usd",
      interval: "month",
      cancelAtPeriodEnd: false,
      discount: null,
      endedAt: null,
    });
    expect(subscription!.defaultCard).toMatchObject({ last4: "4242", expMonth: 4, expYear: 2040 });
    expect(subscription!.currentPeriodEnd - subscription!.created).toBe(7 * 86_400);
    expect(subscription!.trialEnd).toBe(subscription!.currentPeriodEnd);
    const listed = await h.provider().listSubscriptions(customerId);
    expect(listed.map((s) => s.id)).toEqual([subscriptionId]);
  });

  it("cancels at the period's end and resumes, keeping the period", async () => {
    const { subscriptionId } = await h.arrangePaidSubscription();
    const before = await h.provider().getSubscription(subscriptionId);
    h.arrangeCancelThenResume();
    const cancelled = await h.provider().setCancelAtPeriodEnd(subscriptionId, true, intentId());
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, currentPeriodEnd: before!.currentPeriodEnd, status: "trialing" });
    const resumed = await h.provider().setCancelAtPeriodEnd(subscriptionId, false, intentId());
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, currentPeriodEnd: before!.currentPeriodEnd });
  });

  it("ends a subscription at once, with no charge to come, and ending it again changes nothing", async () => {
    const { subscriptionId } = await h.arrangePaidSubscription();
    await h.provider().getSubscription(subscriptionId);
    h.arrangeCancelNowTwice();
    const ended = await h.provider().cancelSubscriptionNow(subscriptionId);
    expect(ended).toMatchObject({ id: subscriptionId, status: "canceled" });
    expect(ended.endedAt).toEqual(expect.any(Number));
    expect(await h.provider().cancelSubscriptionNow(subscriptionId)).toMatchObject({
      id: subscriptionId,
      status: "canceled",
      endedAt: ended.endedAt,
    });
    expect(await h.provider().getSubscription(subscriptionId)).toMatchObject({ status: "canceled" });
  });

  it("deletes a customer, and deleting one already gone is no error", async () => {
    const { customerId } = await h.arrangePaidSubscription();
    await h.provider().getSubscription((await h.provider().listSubscriptions(customerId))[0].id);
    h.arrangeDeleteCustomerTwice();
    await expect(h.provider().deleteCustomer(customerId)).resolves.toBeUndefined();
    await expect(h.provider().deleteCustomer(customerId)).resolves.toBeUndefined();
  });

  it("answers null for a checkout session it does not know", async () => {
    expect(await h.provider().getCheckoutSession(h.arrangeMissingSession())).toBeNull();
  });

  it("verifies its own signature and refuses another secret, a stale timestamp and a changed body", () => {
    const payload = JSON.stringify(
      {
        id: "evt_contract",
        object: "event",
        type: "customer.subscription.updated",
        created: 1795000300,
        data: { object: { id: "sub_1", object: "subscription", customer: "cus_1" } },
      },
      null,
      2,
    );
    expect(h.provider().parseWebhook(payload, signPayload(payload, h.webhookSecret))).toEqual({
      id: "evt_contract",
      type: "customer.subscription.updated",
      created: 1795000300,
      objectId: "sub_1",
      customerId: "cus_1",
    });
    expect(() => h.provider().parseWebhook(payload, signPayload(payload, "whsec_another_secret_00000000"))).toThrow(WebhookSignatureError);
    expect(() => h.provider().parseWebhook(payload, signPayload(payload, h.webhookSecret, Math.floor(Date.now() / 1000) - 3600))).toThrow(
      WebhookSignatureError,
    );
    expect(() => h.provider().parseWebhook(JSON.stringify(JSON.parse(payload)), signPayload(payload, h.webhookSecret))).toThrow(
      WebhookSignatureError,
    );
  });
});
