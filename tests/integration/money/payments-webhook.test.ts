import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  DEMO_SECRET,
  GOOD_CARD,
  ORIGIN,
  all,
  count,
  demo,
  getStore,
  intentId,
  newMember,
  seedPlans,
  shuffle,
} from "../../support/payments";
import { createTestBuild } from "../app-build";
import { routeArgs } from "../../support/route-call";

const { PAYMENT_EVENTS, MEMBERSHIPS, MEMBERSHIP_FULFILMENTS, startSubscriptionCheckout } =
  await import("../../../app/models/billing/membership.server");
const { receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { getPrivateUser } = await import("../../../app/models/identity/user.server");
const { signPayload } = await import("../../../app/services/payments/events.server");
const webhookRoute = await import("~/routes/api.payments.webhook/route");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const entry = await import("~/entry.server");

beforeAll(seedPlans);
afterEach(() => vi.restoreAllMocks());

/** A member who paid with 4242; the demo's deliveries are returned undelivered. */
async function paidMember(planId = "monthly") {
  const uid = await newMember();
  const started = await startSubscriptionCheckout({ uid, planId, discount: null, intentId: intentId() });
  if (!started.ok) throw new Error(started.reason);
  const paid = await demo().pay(started.sessionId, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  return { uid, sessionId: started.sessionId, deliveries: paid.deliveries };
}

async function snapshot(uid: string) {
  return {
    events: await all(PAYMENT_EVENTS),
    user: await getPrivateUser(uid),
    memberships: await all(MEMBERSHIPS),
    fulfilments: await all(MEMBERSHIP_FULFILMENTS),
  };
}

function post(body: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature) headers["Stripe-Signature"] = signature;
  return new Request(`${ORIGIN}/api/payments/webhook`, { method: "POST", headers, body });
}

describe("the webhook refuses what is not genuine", () => {
  it.each([
    ["another secret", (payload: string) => ({ body: payload, signature: signPayload(payload, "whsec_someone_elses_secret_000") })],
    [
      "a stale timestamp",
      (payload: string) => ({ body: payload, signature: signPayload(payload, DEMO_SECRET!, Math.floor(Date.now() / 1000) - 600) }),
    ],
    [
      "a re-serialised body",
      (payload: string) => ({ body: JSON.stringify(JSON.parse(payload)), signature: signPayload(payload, DEMO_SECRET!) }),
    ],
    ["no signature", (payload: string) => ({ body: payload, signature: null })],
    ["a garbled signature", (payload: string) => ({ body: payload, signature: "t=1,v1=nonsense" })],
  ])("answers 400 to %s and writes nothing", async (_label, forge) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { uid, deliveries } = await paidMember();
    const before = await snapshot(uid);
    for (const delivery of deliveries) {
      const { body, signature } = forge(delivery.payload);
      const response = (await webhookRoute.action(routeArgs(post(body, signature)))) as Response;
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ received: false, outcome: "bad_signature" });
    }
    expect(await snapshot(uid)).toEqual(before);
    expect((await getPrivateUser(uid))!.subscriptionStatus).toBeNull();
  });

  it("answers 405 to anything but POST", async () => {
    const response = (await webhookRoute.loader()) as Response;
    expect(response.status).toBe(405);
  });
});

describe("the webhook applies each event once, whatever the order", () => {
  it("a genuine delivery makes the member trialing, with §3 fields in unix seconds", async () => {
    const { uid, deliveries } = await paidMember();
    for (const delivery of deliveries) {
      const response = (await webhookRoute.action(routeArgs(post(delivery.payload, delivery.signature)))) as Response;
      expect(response.status).toBe(200);
    }
    const user = await getPrivateUser(uid);
    const [subscription] = await demo().listSubscriptions(user!.stripeCustomerId!);
    expect(user).toMatchObject({
      subscriptionStatus: "trialing",
      subscriptionSource: "demo",
      subscriptionExpirationDate: subscription.currentPeriodEnd,
      defaultCard: { brand: "visa", last4: "4242" },
    });
    expect(user!.subscriptionExpirationDate! < 10_000_000_000).toBe(true);
    expect((await all(MEMBERSHIPS))[uid]).toMatchObject({
      planId: "monthly",
      amount: 1499,
      currency: "usd",
      interval: "month",
      status: "trialing",
      subscriptionId: subscription.id,
    });
  });

  it("every event replayed five times in shuffled order, some at once, ends in one state with each effect once", async () => {
    const { uid, deliveries } = await paidMember("monthly-no-trial");
    const customerId = (await getPrivateUser(uid))!.stripeCustomerId!;
    // The member cancels before any event arrives: the events' own copies are all stale.
    const [subscription] = await demo().listSubscriptions(customerId);
    await demo().setCancelAtPeriodEnd(subscription.id, true, "cancel");

    const replays = shuffle(deliveries.flatMap((d) => Array.from({ length: 5 }, () => d)));
    const statuses: number[] = [];
    for (let i = 0; i < replays.length; i += 3) {
      const batch = replays.slice(i, i + 3);
      const results = await Promise.all(batch.map((d) => receivePaymentWebhook(d.payload, d.signature)));
      statuses.push(...results.map((r) => r.status));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);

    const events = Object.entries(await all(PAYMENT_EVENTS)).filter(([, e]) => e.uid === uid);
    expect(events.map(([id]) => id).sort()).toEqual(deliveries.map((d) => d.eventId).sort());
    expect(await count(MEMBERSHIP_FULFILMENTS, { field: "uid", value: uid })).toBe(1);
    const user = await getPrivateUser(uid);
    expect(user).toMatchObject({ subscriptionStatus: "active", subscriptionExpirationDate: subscription.currentPeriodEnd });
    expect((await all(MEMBERSHIPS))[uid]).toMatchObject({ status: "active", cancelAtPeriodEnd: true });

    // And one more replay of everything changes nothing at all.
    const before = await snapshot(uid);
    for (const d of deliveries) expect(await receivePaymentWebhook(d.payload, d.signature)).toEqual({ status: 200, outcome: "duplicate" });
    expect(await snapshot(uid)).toEqual(before);
  });

  it("answers 200 to an event type it does not handle, and logs it", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const payload = JSON.stringify({
      id: `evt_${intentId()}`,
      object: "event",
      type: "charge.refund.updated",
      created: 1,
      data: { object: { id: "re_1", object: "refund" } },
    });
    const result = await receivePaymentWebhook(payload, signPayload(payload, DEMO_SECRET!));
    expect(result).toEqual({ status: 200, outcome: "ignored" });
    expect(log.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ msg: "payment webhook ignored: event type not handled", type: "charge.refund.updated" }),
    );
  });

  it("answers 200 to an unknown customer, logs it, and changes no member", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const before = await all(MEMBERSHIPS);
    const payload = JSON.stringify({
      id: `evt_${intentId()}`,
      object: "event",
      type: "invoice.paid",
      created: 1,
      data: { object: { id: "in_1", object: "invoice", customer: "cus_nobody_we_know" } },
    });
    expect(await receivePaymentWebhook(payload, signPayload(payload, DEMO_SECRET!))).toEqual({ status: 200, outcome: "unknown_customer" });
    expect(await all(MEMBERSHIPS)).toEqual(before);
    expect(warn.mock.calls.map(([line]) => JSON.parse(String(line)))).toContainEqual(
      expect.objectContaining({ msg: "payment sync for an unknown customer", customerId: "cus_nobody_we_know" }),
    );
  });
});

describe("through the front door", () => {
  let server: ReturnType<typeof createFrontDoor>["server"];
  let base = "";
  beforeAll(async () => {
    const routes = [
      { id: "root", path: "", module: await import("~/root") },
      { id: "routes/api.payments.webhook", parentId: "root", path: "api/payments/webhook", module: webhookRoute },
    ];
    server = createFrontDoor(createTestBuild(routes, entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) }).server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("lets a signed event through the cross-site check with its body untouched", async () => {
    const { uid, deliveries } = await paidMember();
    const [first] = deliveries;
    const response = await fetch(`${base}/api/payments/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": first.signature, Origin: "https://hooks.example" },
      body: first.payload,
    });
    expect(response.status).toBe(200);
    expect((await all(PAYMENT_EVENTS))[first.eventId]).toMatchObject({ uid, outcome: "synced" });
  });

  it("still refuses a cross-site POST to any other path", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await fetch(`${base}/api/payments/webhook-not`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
      body: "x",
    });
    expect(response.status).toBe(403);
  });
});

void getStore;
