import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_CARD, DECLINED_CARD, GOOD_CARD, all, count, demo, intentId, seedPlans } from "../../support/payments";

const { getPlan } = await import("../../../app/models/billing/plan.server");
const { DEMO_CHARGES, DEMO_CUSTOMERS, DEMO_EVENTS, DEMO_SUBSCRIPTIONS } = await import("../../../app/services/payments/demo.server");

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(seedPlans);

async function customer() {
  return (await demo().createCustomer({ uid: "u", email: null, name: null, idempotencyKey: intentId() })).customerId;
}

async function checkout(planId = "monthly", customerId?: string, key = intentId()) {
  const plan = await getPlan(planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  return demo().createSubscriptionCheckout({
    intentId: key,
    customerId: customerId ?? (await customer()),
    plan,
    discount: null,
    trialDays: plan.trialDays,
    successUrl: "http://localhost:3000/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/subscribe",
    metadata: { uid: "u", planId },
  });
}

describe("the payment port, on the demo provider", () => {
  it("creates one customer per idempotency key, even when asked twice at once", async () => {
    const key = intentId();
    const [a, b] = await Promise.all([
      demo().createCustomer({ uid: "u1", email: "a@example.com", name: "A", idempotencyKey: key }),
      demo().createCustomer({ uid: "u1", email: "a@example.com", name: "A", idempotencyKey: key }),
    ]);
    expect(a.customerId).toBe(b.customerId);
    const other = await demo().createCustomer({ uid: "u2", email: null, name: null, idempotencyKey: intentId() });
    expect(other.customerId).not.toBe(a.customerId);
  });

  it("makes one checkout session for two concurrent creates with the same intent id", async () => {
    const customerId = await customer();
    const key = intentId();
    const [a, b] = await Promise.all([checkout("monthly", customerId, key), checkout("monthly", customerId, key)]);
    expect(a.sessionId).toBe(b.sessionId);
    expect(a.url).toBe(`http://localhost:3000/demo/checkout/${a.sessionId}`);
    const fresh = await checkout("monthly", customerId);
    expect(fresh.sessionId).not.toBe(a.sessionId);
  });

  it("refuses a success URL without the session placeholder", async () => {
    const plan = (await getPlan("monthly"))!;
    await expect(
      demo().createSubscriptionCheckout({
        intentId: intentId(),
        customerId: await customer(),
        plan,
        discount: null,
        trialDays: 7,
        successUrl: "http://x/welcome",
        cancelUrl: "http://x",
        metadata: {},
      }),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("pays with 4242: a trialing subscription ending after the trial, the session complete, the buyer sent to the success URL", async () => {
    const { sessionId } = await checkout("monthly");
    const result = await demo().pay(sessionId, GOOD_CARD);
    expect(result).toMatchObject({
      ok: true,
      charged: true,
      redirectTo: `http://localhost:3000/subscribe/welcome?session_id=${sessionId}`,
    });
    const session = await demo().getCheckoutSession(sessionId);
    expect(session).toMatchObject({ status: "complete", paymentStatus: "no_payment_required", mode: "subscription" });
    const subscription = await demo().getSubscription(session!.subscriptionId!);
    expect(subscription).toMatchObject({
      status: "trialing",
      planId: "monthly",
      amount: 1499,
      currency: "usd",
      interval: "month",
      cancelAtPeriodEnd: false,
    });
    expect(subscription!.defaultCard).toEqual({ brand: "visa", last4: "4242", expMonth: 4, expYear: 2040 });
    expect(Math.abs(subscription!.currentPeriodEnd - (now() + 7 * DAY))).toBeLessThan(5);
    if (result.ok)
      expect(result.deliveries.map((d) => d.type)).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
  });

  it("pays a plan without a trial: active, paid, a month's period", async () => {
    const { sessionId } = await checkout("monthly-no-trial");
    await demo().pay(sessionId, GOOD_CARD);
    const session = await demo().getCheckoutSession(sessionId);
    expect(session).toMatchObject({ status: "complete", paymentStatus: "paid" });
    const subscription = await demo().getSubscription(session!.subscriptionId!);
    expect(subscription!.status).toBe("active");
    expect(subscription!.currentPeriodEnd - now()).toBeGreaterThan(27 * DAY);
    expect(subscription!.currentPeriodEnd - now()).toBeLessThan(32 * DAY);
  });

  it("declines 0002: no subscription, no charge, the session still open", async () => {
    const customerId = await customer();
    const { sessionId } = await checkout("monthly", customerId);
    expect(await demo().pay(sessionId, DECLINED_CARD)).toEqual({ ok: false, reason: "card_declined" });
    expect(await demo().listSubscriptions(customerId)).toEqual([]);
    expect(await demo().countCharges(sessionId)).toBe(0);
    expect((await demo().getCheckoutSession(sessionId))!.status).toBe("open");
  });

  it("asks for the extra step for 3184 and pays only once it is completed", async () => {
    const customerId = await customer();
    const { sessionId } = await checkout("monthly", customerId);
    expect(await demo().pay(sessionId, AUTH_CARD)).toEqual({ ok: false, reason: "authentication_required" });
    expect(await demo().listSubscriptions(customerId)).toEqual([]);
    expect(await demo().authenticate(sessionId, false)).toEqual({ ok: false, reason: "authentication_failed" });
    expect(await demo().listSubscriptions(customerId)).toEqual([]);
    // After a failed check the step is gone: authenticating again needs the card again.
    expect(await demo().authenticate(sessionId, true)).toEqual({ ok: false, reason: "closed" });
    await demo().pay(sessionId, AUTH_CARD);
    expect(await demo().authenticate(sessionId, true)).toMatchObject({ ok: true, charged: true });
    const [subscription] = await demo().listSubscriptions(customerId);
    expect(subscription.defaultCard?.last4).toBe("3184");
  });

  it("charges once when the same session is paid five times at once", async () => {
    const customerId = await customer();
    const { sessionId } = await checkout("monthly-no-trial", customerId);
    const results = await Promise.all(Array.from({ length: 5 }, () => demo().pay(sessionId, GOOD_CARD)));
    expect(results.filter((r) => r.ok && r.charged)).toHaveLength(1);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await demo().countCharges(sessionId)).toBe(1);
    expect(await demo().listSubscriptions(customerId)).toHaveLength(1);
    const charge = (await all(DEMO_CHARGES))[sessionId];
    expect(charge).toMatchObject({ amount: 1499, currency: "usd" });
  });

  it("cancels at the period's end and resumes", async () => {
    const customerId = await customer();
    const { sessionId } = await checkout("monthly", customerId);
    await demo().pay(sessionId, GOOD_CARD);
    const [subscription] = await demo().listSubscriptions(customerId);
    const cancelled = await demo().setCancelAtPeriodEnd(subscription.id, true, "k1");
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, status: "trialing", currentPeriodEnd: subscription.currentPeriodEnd });
    const resumed = await demo().setCancelAtPeriodEnd(subscription.id, false, "k2");
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect((await demo().getSubscription(subscription.id))!.cancelAtPeriodEnd).toBe(false);
  });

  it("deletes a customer as Stripe does: its record goes, its running plan ends with the event kept, its open page no longer pays", async () => {
    const customerId = (
      await demo().createCustomer({ uid: "u-gone", email: "gone@example.com", name: "Gone Soon", idempotencyKey: intentId() })
    ).customerId;
    const { sessionId } = await checkout("monthly-no-trial", customerId);
    await demo().pay(sessionId, GOOD_CARD);
    const [subscription] = await demo().listSubscriptions(customerId);
    const open = await checkout("annual", customerId);
    await demo().deleteCustomer(customerId);
    expect((await all(DEMO_CUSTOMERS))[customerId]).toBeUndefined();
    expect(await demo().getSubscription(subscription.id)).toMatchObject({
      status: "canceled",
      cancelAtPeriodEnd: false,
      endedAt: expect.any(Number),
    });
    expect(await demo().chargeNextPeriod(subscription.id)).toEqual({ ok: false });
    const kept = Object.values(await all(DEMO_EVENTS)).filter(
      (e) => e.type === "customer.subscription.deleted" && String(e.payload).includes(subscription.id),
    );
    expect(kept).toHaveLength(1);
    expect(await demo().pay(open.sessionId, GOOD_CARD)).toEqual({ ok: false, reason: "closed" });
    expect(await demo().countCharges(open.sessionId)).toBe(0);
  });

  it("updates the card in setup mode: the subscription's default card changes", async () => {
    const customerId = await customer();
    const { sessionId } = await checkout("monthly", customerId);
    await demo().pay(sessionId, GOOD_CARD);
    const [subscription] = await demo().listSubscriptions(customerId);
    const setup = await demo().createCardUpdateCheckout({
      intentId: intentId(),
      customerId,
      subscriptionId: subscription.id,
      successUrl: "http://localhost:3000/settings?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/settings",
    });
    expect(await demo().pay(setup.sessionId, { ...GOOD_CARD, expMonth: 11, expYear: 2041 })).toMatchObject({ ok: true, charged: false });
    expect((await demo().getSubscription(subscription.id))!.defaultCard).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 11,
      expYear: 2041,
    });
    expect(await demo().getCheckoutSession(setup.sessionId)).toMatchObject({ mode: "setup", status: "complete" });
    expect(await count(DEMO_SUBSCRIPTIONS, { field: "customerId", value: customerId })).toBe(1);
  });

  it("answers null for ids it never made", async () => {
    expect(await demo().getCheckoutSession("cs_demo_000000000000000000000000")).toBeNull();
    expect(await demo().getSubscription("sub_forged")).toBeNull();
    await expect(demo().setCancelAtPeriodEnd("sub_forged", true, "k")).rejects.toMatchObject({ code: "not_found" });
  });
});
