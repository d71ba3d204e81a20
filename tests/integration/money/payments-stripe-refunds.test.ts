import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { getStore } from "../../support/payments";
import { STRIPE_FIXTURE_WEBHOOK_SECRET, createFixtureServer, stripeFixture } from "../../support/stripe-fixtures";

// Refunds and disputes on the Stripe adapter (ADR 036), from fixtures in the pinned API version's
// shapes: the events mapped into the app's kinds, the standing re-read from the charge or dispute
// with the payment intent's metadata, and the webhook taking a refunded pack's credits once.
const { createStripeProvider } = await import("../../../app/services/payments/stripe.server");
const { signPayload } = await import("../../../app/services/payments/events.server");
const { setPaymentProviderForTests } = await import("../../../app/services/payments/index.server");
const { receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { PAYMENT_CUSTOMERS, PAYMENT_EVENTS } = await import("../../../app/models/billing/membership.server");
const { PURCHASES, getPurchase } = await import("../../../app/models/billing/purchases.server");
const credits = await import("../../../app/models/wallet/credits.server");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");

const server = createFixtureServer();
const adapter = () =>
  createStripeProvider({
    secretKey: "sk_test_fixture000000000000",
    webhookSecret: STRIPE_FIXTURE_WEBHOOK_SECRET,
    httpClient: server.httpClient,
    maxNetworkRetries: 0,
  });
const PURCHASE_ID = "pur_5711a0000000000000000001";
const UID = "member-stripe-refund";
const CUSTOMER = "cus_TqStillRefund";

/** A fixture event, signed now as Stripe would sign its delivery. */
function delivery(name: string) {
  const payload = stripeFixture(name);
  return { payload, signature: signPayload(payload, STRIPE_FIXTURE_WEBHOOK_SECRET) };
}

const expands = (i: number) => [...server.calls[i].query].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);

beforeEach(() => server.reset());
afterAll(() => setPaymentProviderForTests(undefined));

describe("the Stripe adapter's refunds and disputes", () => {
  it("maps charge.refunded and charge.dispute.created / closed into the app's own kinds", () => {
    const read = (name: string) => {
      const { payload, signature } = delivery(name);
      return adapter().parseWebhook(payload, signature);
    };
    expect(read("event-charge-refunded")).toEqual({
      id: "evt_3StillPackRefunded",
      type: "charge.refunded",
      created: 1795086600,
      objectId: "ch_3StillPack0001",
      customerId: CUSTOMER,
      kind: "payment_refunded",
    });
    // A dispute names the charge, not the customer: the standing supplies it.
    expect(read("event-charge-dispute-created")).toMatchObject({ objectId: "dp_1StillPack0001", customerId: null, kind: "dispute_opened" });
    expect(read("event-charge-dispute-closed")).toMatchObject({ objectId: "dp_1StillPack0001", customerId: null, kind: "dispute_closed" });
  });

  it("re-reads a charge with its payment intent, whose metadata names the purchase", async () => {
    server.queue({ method: "GET", path: /^\/v1\/charges\/ch_3StillPack0001$/, file: "charge-refunded" });
    expect(await adapter().getPaymentStanding("ch_3StillPack0001")).toEqual({
      chargeId: "ch_3StillPack0001",
      customerId: CUSTOMER,
      amount: 4500,
      amountRefunded: 4500,
      currency: "usd",
      refunded: true,
      dispute: null,
      metadata: { uid: UID, purchaseId: PURCHASE_ID, kind: "credit_pack", itemId: "five-classes" },
    });
    expect(expands(0)).toEqual(["payment_intent"]);
  });

  it("re-reads a dispute with its charge: open while it runs, then lost or won", async () => {
    server.queue(
      { method: "GET", path: /^\/v1\/disputes\/dp_1StillPack0001$/, file: "dispute-needs-response" },
      { method: "GET", path: /^\/v1\/disputes\/dp_1StillPack0001$/, file: "dispute-lost" },
      { method: "GET", path: /^\/v1\/disputes\/dp_1StillPack0001$/, file: "dispute-won" },
      { method: "GET", path: /^\/v1\/disputes\/dp_missing$/, status: 404, file: "error-resource-missing" },
    );
    const open = await adapter().getPaymentStanding("dp_1StillPack0001");
    expect(open).toMatchObject({
      chargeId: "ch_3StillPack0001",
      customerId: CUSTOMER,
      refunded: false,
      dispute: "open",
      metadata: { purchaseId: PURCHASE_ID },
    });
    expect(expands(0)).toEqual(["charge", "payment_intent"]);
    expect((await adapter().getPaymentStanding("dp_1StillPack0001"))!.dispute).toBe("lost");
    expect((await adapter().getPaymentStanding("dp_1StillPack0001"))!.dispute).toBe("won");
    expect(await adapter().getPaymentStanding("dp_missing")).toBeNull();
  });

  it("moves a refunded gift's deferred charge back with an earlier trial end, no proration, and the caller's key", async () => {
    server.queue({ method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" });
    const to = Math.floor(Date.now() / 1000) + 10 * 86_400;
    await adapter().restoreNextCharge("sub_1StillMonthly", to, "gift-reversed-pur_x");
    expect(server.calls[0].body.get("trial_end")).toBe(String(to));
    expect(server.calls[0].body.get("proration_behavior")).toBe("none");
    expect(server.calls[0].headers["idempotency-key"]).toBe("gift-reversed-pur_x");
    server.queue({ method: "POST", path: /^\/v1\/subscriptions\/sub_1StillMonthly$/, file: "subscription-trialing" });
    await adapter().restoreNextCharge("sub_1StillMonthly", 1000, "k");
    expect(server.calls[1].body.get("trial_end")).toBe("now");
  });
});

describe("the webhook on the Stripe adapter", () => {
  beforeAll(async () => {
    for (const pack of demoCreditPacks) await getStore().createIfAbsent(credits.CREDIT_PACKS, pack.id, { ...pack });
    await savePrivateUser(UID, { firstName: "Pia", lastName: "Lovelace", email: "pia@example.com" });
    await getStore().set(PAYMENT_CUSTOMERS, CUSTOMER, { uid: UID, provider: "stripe", createdAt: Date.now() });
    const paidAt = Date.now();
    await getStore().set(PURCHASES, PURCHASE_ID, {
      uid: UID,
      kind: "credit_pack",
      itemId: "five-classes",
      name: "Five live classes",
      amount: 4500,
      currency: "usd",
      metadata: {},
      status: "paid",
      provider: "stripe",
      sessionId: "cs_test_pack",
      createdAt: paidAt,
      paidAt,
      reversal: null,
    });
    const granted = await credits.grantCreditPack({
      purchaseId: PURCHASE_ID,
      uid: UID,
      kind: "credit_pack",
      itemId: "five-classes",
      amount: 4500,
      currency: "usd",
      metadata: {},
      paidAt,
    });
    expect(granted.ok).toBe(true);
  });

  it("charge.refunded takes a refunded pack's unspent credits with one ledger line; its replay is a duplicate", async () => {
    setPaymentProviderForTests(adapter());
    expect((await credits.creditSummary(UID, new Date())).balance).toBe(5);
    server.queue(
      { method: "GET", path: /^\/v1\/charges\/ch_3StillPack0001$/, file: "charge-refunded" },
      { method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list-empty" },
    );
    const { payload, signature } = delivery("event-charge-refunded");
    expect(await receivePaymentWebhook(payload, signature)).toEqual({ status: 200, outcome: "synced" });
    expect(await receivePaymentWebhook(payload, signature)).toEqual({ status: 200, outcome: "duplicate" });
    const ledger = await credits.readLedger(getStore(), UID);
    expect(ledger.entries.filter((e) => e.kind === "revoked").map((e) => e.amount)).toEqual([-5]);
    expect((await credits.creditSummary(UID, new Date())).balance).toBe(0);
    expect(await getPurchase(PURCHASE_ID)).toMatchObject({ status: "refunded", reversal: "refunded" });
  });

  it("a dispute opened and then lost on the same payment takes nothing more", async () => {
    setPaymentProviderForTests(adapter());
    server.queue(
      { method: "GET", path: /^\/v1\/disputes\/dp_1StillPack0001$/, file: "dispute-needs-response" },
      { method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list-empty" },
      { method: "GET", path: /^\/v1\/disputes\/dp_1StillPack0001$/, file: "dispute-lost" },
      { method: "GET", path: /^\/v1\/subscriptions$/, file: "subscription-list-empty" },
    );
    for (const name of ["event-charge-dispute-created", "event-charge-dispute-closed"]) {
      const { payload, signature } = delivery(name);
      expect(await receivePaymentWebhook(payload, signature)).toEqual({ status: 200, outcome: "synced" });
    }
    const events = await getStore().get(PAYMENT_EVENTS, "evt_1StillPackDisputeLost", z.object({ uid: z.string() }).passthrough());
    expect(events).toMatchObject({ uid: UID, outcome: "synced" });
    const ledger = await credits.readLedger(getStore(), UID);
    expect(ledger.entries.filter((e) => e.kind === "revoked")).toHaveLength(1);
  });
});
