import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ORIGIN, getStore, seedPlans } from "../../support/payments";
import { STRIPE_FIXTURE_WEBHOOK_SECRET, createFixtureServer } from "../../support/stripe-fixtures";

// The Stripe adapter against JSON fixtures in the pinned version's shapes, at the network boundary:
// the SDK's own fetch client with a fetch that answers from files. Nothing leaves the machine.
const { createStripeProvider, STRIPE_API_VERSION } = await import("../../../app/services/payments/stripe.server");
const { signPayload } = await import("../../../app/services/payments/events.server");
const { setPaymentProviderForTests } = await import("../../../app/services/payments/index.server");
const { WebhookSignatureError } = await import("../../../app/services/payments/port");
const { getPlan } = await import("../../../app/models/billing/plan.server");
const membership = await import("../../../app/models/billing/membership.server");
const { receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { getPrivateUser, savePrivateUser } = await import("../../../app/models/identity/user.server");

const WEBHOOK_SECRET = STRIPE_FIXTURE_WEBHOOK_SECRET;
const server = createFixtureServer();
const calls = server.calls;
function adapter() {
  return createStripeProvider({
    secretKey: "sk_test_fixture000000000000",
    webhookSecret: WEBHOOK_SECRET,
    httpClient: server.httpClient,
    maxNetworkRetries: 0,
  });
}

const only = () => {
  expect(calls).toHaveLength(1);
  return calls[0];
};

beforeEach(() => server.reset());

afterAll(() => setPaymentProviderForTests(undefined));

describe("the Stripe adapter", () => {
  it("pins the SDK's own API version on every request", async () => {
    server.queue({ method: "POST", path: /^\/v1\/customers$/, file: "customer" });
    await adapter().createCustomer({ uid: "u", email: null, name: null, idempotencyKey: "customer-stripe-u" });
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(only().headers["stripe-version"]).toBe(Stripe.API_VERSION);
  });

  it("creates a customer with the member's id and the caller's idempotency key, the same key on a retry", async () => {
    server.queue(
      { method: "POST", path: /^\/v1\/customers$/, file: "customer" },
      { method: "POST", path: /^\/v1\/customers$/, file: "customer" },
    );
    const input = {
      uid: "member-stripe-1",
      email: "ada@example.com",
      name: "Ada Lovelace",
      idempotencyKey: "customer-stripe-member-stripe-1",
    };
    const [a, b] = [await adapter().createCustomer(input), await adapter().createCustomer(input)];
    expect(a).toEqual({ customerId: "cus_TqStill0001" });
    expect(b).toEqual(a);
    expect(calls.map((c) => c.headers["idempotency-key"])).toEqual([input.idempotencyKey, input.idempotencyKey]);
    expect(calls[0].body.get("metadata[uid]")).toBe("member-stripe-1");
    expect(calls[0].body.get("email")).toBe("ada@example.com");
  });

  it("creates a subscription checkout from the catalogue's price, with trial, discounts list, metadata and the intent's key", async () => {
    await seedPlans();
    const plan = { ...(await getPlan("monthly"))!, stripePriceId: "price_1StillMonthly" };
    server.queue({ method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" });
    const result = await adapter().createSubscriptionCheckout({
      intentId: "checkout-member-stripe-1-intent-0001",
      customerId: "cus_TqStill0001",
      plan,
      discount: {
        promotionCodeId: "promo-calm",
        code: "CALM",
        benefit: { kind: "percent", percentOff: 20, duration: { kind: "once" } },
        stripeCouponId: "CALM20",
        stripePromotionCodeId: null,
      },
      trialDays: 7,
      successUrl: `${ORIGIN}/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${ORIGIN}/subscribe`,
      metadata: { uid: "member-stripe-1", planId: "monthly", intentId: "intent-0001", promotionCodeId: "promo-calm" },
    });
    expect(result).toEqual({ sessionId: "cs_test_a1StillhourOpen", url: "https://checkout.stripe.com/c/pay/cs_test_a1StillhourOpen" });
    const call = only();
    expect(call.headers["idempotency-key"]).toBe("checkout-member-stripe-1-intent-0001");
    expect(Object.fromEntries(call.body)).toMatchObject({
      mode: "subscription",
      customer: "cus_TqStill0001",
      "line_items[0][price]": "price_1StillMonthly",
      "line_items[0][quantity]": "1",
      "subscription_data[trial_period_days]": "7",
      "subscription_data[metadata][promotionCodeId]": "promo-calm",
      "discounts[0][coupon]": "CALM20",
      "metadata[uid]": "member-stripe-1",
      success_url: `${ORIGIN}/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(call.body.has("line_items[0][price_data][unit_amount]")).toBe(false);
  });

  it("falls back to the catalogue's amount when a plan has no Stripe price, and passes a promotion code as such", async () => {
    const plan = (await getPlan("annual"))!;
    server.queue({ method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" });
    await adapter().createSubscriptionCheckout({
      intentId: "k-annual",
      customerId: "cus_TqStill0001",
      plan,
      discount: {
        promotionCodeId: "p",
        code: "P",
        benefit: { kind: "trial", extraTrialDays: 23 },
        stripeCouponId: null,
        stripePromotionCodeId: "promo_1Still",
      },
      trialDays: 30,
      successUrl: `${ORIGIN}/w?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: ORIGIN,
      metadata: { uid: "u" },
    });
    expect(Object.fromEntries(only().body)).toMatchObject({
      "line_items[0][price_data][unit_amount]": "9999",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][recurring][interval]": "year",
      "subscription_data[trial_period_days]": "30",
      "discounts[0][promotion_code]": "promo_1Still",
    });
  });

  it("makes a coupon of the code's own terms, once, for a code Stripe does not know, so the session charges what the offer said (ADR 056)", async () => {
    const plan = (await getPlan("annual"))!;
    const still20 = {
      promotionCodeId: "STILL20",
      code: "STILL20",
      benefit: { kind: "percent", percentOff: 20, duration: { kind: "repeating", months: 3 } } as const,
      stripeCouponId: null,
      stripePromotionCodeId: null,
    };
    const input = {
      customerId: "cus_TqStill0001",
      plan,
      discount: still20,
      trialDays: 7,
      successUrl: `${ORIGIN}/w?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: ORIGIN,
      metadata: { uid: "u" },
    };
    server.queue(
      { method: "POST", path: /^\/v1\/coupons$/, file: "coupon" },
      { method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" },
    );
    await adapter().createSubscriptionCheckout({ ...input, intentId: "k-still20-a" });
    expect(calls.map((c) => c.path)).toEqual(["/v1/coupons", "/v1/checkout/sessions"]);
    expect(Object.fromEntries(calls[0].body)).toMatchObject({
      id: "stillhour-still20",
      duration: "repeating",
      duration_in_months: "3",
      percent_off: "20",
      "metadata[promotionCodeId]": "STILL20",
    });
    expect(calls[0].headers["idempotency-key"]).toBe("coupon-stillhour-still20");
    expect(Object.fromEntries(calls[1].body)).toMatchObject({
      "discounts[0][coupon]": "stillhour-still20",
      "subscription_data[trial_period_days]": "7",
    });

    // The next checkout finds it made: Stripe's "already exists" is the coupon, not a failure.
    server.reset();
    server.queue(
      { method: "POST", path: /^\/v1\/coupons$/, status: 400, file: "error-resource-exists" },
      { method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" },
    );
    await adapter().createSubscriptionCheckout({ ...input, intentId: "k-still20-b" });
    expect(calls[1].body.get("discounts[0][coupon]")).toBe("stillhour-still20");
  });

  it("passes the offer's trial as it is, never adding a code's days again", async () => {
    const plan = (await getPlan("monthly"))!;
    server.queue({ method: "POST", path: /^\/v1\/checkout\/sessions$/, file: "checkout-session-open" });
    await adapter().createSubscriptionCheckout({
      intentId: "k-linger",
      customerId: "cus_TqStill0001",
      plan,
      discount: {
        promotionCodeId: "LINGER14",
        code: "LINGER14",
        benefit: { kind: "trial", extraTrialDays: 14 },
        stripeCouponId: null,
        stripePromotionCodeId: null,
      },
      trialDays: 21,
      successUrl: `${ORIGIN}/w?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: ORIGIN,
      metadata: { uid: "u" },
    });
    expect(only().body.get("subscription_data[trial_period_days]")).toBe("21");
    expect(only().body.has("discounts[0][coupon]")).toBe(false);
  });

  it("reads the period end from the subscription's item, and the card and discount from their lists", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" },
      { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-active-discounted" },
    );
    const trialing = await adapter().getSubscription("sub_1StillMonthly");
    expect(trialing).toMatchObject({
      id: "sub_1StillMonthly",
      customerId: "cus_TqStill0001",
      status: "trialing",
      planId: "monthly",
      amount: 1499,
      currency: "usd",
      interval: "month",
      currentPeriodEnd: 1795604900,
      trialEnd: 1795604900,
      cancelAtPeriodEnd: false,
      defaultCard: { brand: "visa", last4: "4242", expMonth: 4, expYear: 2040 },
      discount: null,
    });
    expect([...calls[0].query].filter(([key]) => key.startsWith("expand")).map(([, value]) => value)).toEqual(
      expect.arrayContaining(["default_payment_method", "discounts.source.coupon"]),
    );
    const discounted = await adapter().getSubscription("sub_1StillMonthly");
    expect(discounted).toMatchObject({
      status: "active",
      currentPeriodEnd: 1798196900,
      discount: { percentOff: 50, amountOff: null, endsAt: 1800875300, promotionCodeId: "winback-half-two-months" },
    });
  });

  it("sets cancel at period end and applies the win-back coupon, each with its idempotency key", async () => {
    server.queue(
      { method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-cancel-at-period-end" },
      { method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-active-discounted" },
    );
    const cancelled = await adapter().setCancelAtPeriodEnd("sub_1StillMonthly", true, "cancel-key");
    expect(cancelled.cancelAtPeriodEnd).toBe(true);
    expect(calls[0].body.get("cancel_at_period_end")).toBe("true");
    expect(calls[0].headers["idempotency-key"]).toBe("cancel-key");
    const offer = {
      promotionCodeId: "winback-half-two-months",
      code: "STAY50",
      benefit: { kind: "percent" as const, percentOff: 50, duration: { kind: "repeating" as const, months: 2 } },
      stripeCouponId: "WINBACK50",
      stripePromotionCodeId: null,
    };
    const discounted = await adapter().applyDiscount("sub_1StillMonthly", offer, "winback-key");
    expect(calls[1].body.get("discounts[0][coupon]")).toBe("WINBACK50");
    expect(calls[1].headers["idempotency-key"]).toBe("winback-key");
    expect(discounted.discount?.percentOff).toBe(50);
    await expect(adapter().applyDiscount("sub_1StillMonthly", { ...offer, stripeCouponId: null }, "k")).rejects.toMatchObject({
      code: "invalid_request",
    });
    expect(calls).toHaveLength(2);
  });

  it("ends a subscription now without a final invoice or proration, and deletes the customer", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-active-discounted" },
      { method: "DELETE", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-canceled" },
      { method: "DELETE", path: /^\/v1\/customers\/cus_TqStill0001$/, file: "customer-deleted" },
    );
    expect(await adapter().cancelSubscriptionNow("sub_1StillMonthly")).toMatchObject({ status: "canceled", endedAt: 1795000500 });
    await adapter().deleteCustomer("cus_TqStill0001");
    const [, cancel, remove] = calls;
    const params = new URLSearchParams([...cancel.query, ...cancel.body]);
    expect(params.get("invoice_now")).toBe("false");
    expect(params.get("prorate")).toBe("false");
    expect(remove).toMatchObject({ method: "DELETE", path: "/v1/customers/cus_TqStill0001" });
  });

  it("takes every discount off a subscription with an empty discounts list and the caller's key", async () => {
    server.queue({ method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" });
    const plain = await adapter().removeDiscounts("sub_1StillMonthly", "uncounted-sub_1StillMonthly");
    expect(only().body.get("discounts")).toBe("");
    expect(calls[0].headers["idempotency-key"]).toBe("uncounted-sub_1StillMonthly");
    expect(plain.id).toBe("sub_1StillMonthly");
  });

  it("lists events since a moment, oldest first, for the reconcile job", async () => {
    server.queue({ method: "GET", path: /^\/v1\/events$/, file: "event-list" });
    const events = await adapter().listEventsSince(1763900000);
    expect(only().query.get("created[gte]")).toBe("1763900000");
    expect(events.map((e) => [e.id, e.type, e.customerId])).toEqual([
      ["evt_1StillCheckoutDone", "checkout.session.completed", "cus_TqStill0001"],
      ["evt_1StillSubCreated", "customer.subscription.created", "cus_TqStill0001"],
      ["evt_1StillInvoicePaid", "invoice.paid", "cus_TqStill0001"],
    ]);
    expect(events[0].objectId).toBe("cs_test_a1StillhourMonthly");
  });

  it("makes a finished card update's card the subscription's default", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/checkout\/sessions\/cs_test_c1StillhourSetup$/, file: "checkout-session-setup-complete" },
      { method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-new-card" },
    );
    await adapter().applyCardUpdate("cs_test_c1StillhourSetup");
    expect(calls[1].body.get("default_payment_method")).toBe("pm_1StillNewCard");
    expect(calls[1].headers["idempotency-key"]).toBe("card-update-cs_test_c1StillhourSetup");
  });

  it("turns Stripe's errors into the port's codes, without its text", async () => {
    server.queue(
      { method: "POST", path: /^\/v1\/subscriptions\/sub_x$/, status: 402, file: "error-card-declined" },
      { method: "GET", path: /^\/v1\/checkout\/sessions\/cs_test_forged$/, status: 404, file: "error-resource-missing" },
      { method: "GET", path: /^\/v1\/subscriptions$/, status: 500, file: "error-api" },
    );
    const declined = await adapter()
      .setCancelAtPeriodEnd("sub_x", true, "k")
      .catch((e: unknown) => e);
    expect(declined).toMatchObject({ name: "PaymentError", code: "card_declined" });
    expect(String((declined as Error).message)).not.toContain("Your card was declined");
    expect(await adapter().getCheckoutSession("cs_test_forged")).toBeNull();
    await expect(adapter().listSubscriptions("cus_TqStill0001")).rejects.toMatchObject({ code: "unavailable" });
  });

  it("verifies events with the endpoint's secret on the raw body", () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "invoice.paid",
      created: 1795000200,
      data: { object: { id: "in_1", object: "invoice", customer: "cus_TqStill0001" } },
    });
    expect(adapter().parseWebhook(payload, signPayload(payload, WEBHOOK_SECRET))).toEqual({
      id: "evt_1",
      type: "invoice.paid",
      created: 1795000200,
      objectId: "in_1",
      customerId: "cus_TqStill0001",
    });
    expect(() => adapter().parseWebhook(payload, signPayload(payload, "whsec_not_this_one_000000"))).toThrow(WebhookSignatureError);
    expect(() => adapter().parseWebhook(` ${payload}`, signPayload(payload, WEBHOOK_SECRET))).toThrow(WebhookSignatureError);
  });
});

describe("memberships on the Stripe adapter", () => {
  it("the welcome page and the webhook both end in the §3 fields from Stripe's shapes, once", async () => {
    setPaymentProviderForTests(adapter());
    const uid = "member-stripe-1";
    await savePrivateUser(uid, { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" });
    server.queue({ method: "POST", path: /^\/v1\/customers$/, file: "customer" });
    expect(await membership.ensureCustomer(uid)).toBe("cus_TqStill0001");
    expect(calls[0].headers["idempotency-key"]).toBe(`customer-stripe-${uid}`);

    server.queue(
      { method: "GET", path: /^\/v1\/checkout\/sessions\/cs_test_a1StillhourOpen$/, file: "checkout-session-complete" },
      { method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list" },
    );
    const welcome = await membership.syncCheckoutSession("cs_test_a1StillhourOpen", uid);
    expect(welcome).toMatchObject({
      ok: true,
      membership: { provider: "stripe", status: "trialing", currentPeriodEnd: 1795604900, amount: 1499 },
    });
    expect(await getPrivateUser(uid)).toMatchObject({
      stripeCustomerId: "cus_TqStill0001",
      subscriptionStatus: "trialing",
      subscriptionExpirationDate: 1795604900,
      subscriptionSource: "stripe",
      defaultCard: { brand: "visa", last4: "4242" },
    });

    // Another member with that session id is refused before anything is asked of Stripe beyond the session.
    server.queue({ method: "GET", path: /^\/v1\/checkout\/sessions\/cs_test_a1StillhourOpen$/, file: "checkout-session-complete" });
    expect(await membership.syncCheckoutSession("cs_test_a1StillhourOpen", "someone-else")).toEqual({ ok: false, reason: "not_yours" });

    // The webhook arrives late: it re-reads and records itself; its replay is a no-op.
    const payload = JSON.stringify({
      id: "evt_1StillPaid",
      object: "event",
      api_version: STRIPE_API_VERSION,
      type: "invoice.paid",
      created: 1795000200,
      data: { object: { id: "in_1StillTrial", object: "invoice", customer: "cus_TqStill0001" } },
    });
    server.queue({ method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list" });
    expect(await receivePaymentWebhook(payload, signPayload(payload, WEBHOOK_SECRET))).toEqual({ status: 200, outcome: "synced" });
    expect(await receivePaymentWebhook(payload, signPayload(payload, WEBHOOK_SECRET))).toEqual({ status: 200, outcome: "duplicate" });
    const { docs } = await getStore().query(
      membership.MEMBERSHIP_FULFILMENTS,
      (await import("zod")).z.record((await import("zod")).z.unknown()),
    );
    expect(docs.filter((d) => d.data.uid === uid)).toHaveLength(1);
  });
});
