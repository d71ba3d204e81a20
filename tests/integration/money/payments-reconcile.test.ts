import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GOOD_CARD, all, demo, getStore, intentId, newMember, seedPlans } from "../../support/payments";

const { MEMBERSHIPS, PAYMENT_EVENTS, getMembership, startSubscriptionCheckout, syncCheckoutSession, promotionFailureFor } =
  await import("../../../app/models/billing/membership.server");
const { reconcilePayments, deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const { getPrivateUser } = await import("../../../app/models/identity/user.server");
const { PROMOTION_CODES } = await import("../../../app/models/billing/promotion-code.server");
const { ANALYTICS_EVENTS } = await import("../../../app/platform/analytics-event.server");

beforeAll(seedPlans);
afterEach(() => vi.restoreAllMocks());

async function checkout(uid: string, discount: Parameters<typeof startSubscriptionCheckout>[0]["discount"] = null) {
  const started = await startSubscriptionCheckout({ uid, planId: "monthly", discount, intentId: intentId() });
  if (!started.ok) throw new Error(started.reason);
  const paid = await demo().pay(started.sessionId, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  return { sessionId: started.sessionId, deliveries: paid.deliveries };
}

describe("npm run payments:reconcile", () => {
  it("replays events whose delivery never arrived, once, and re-syncs every customer", async () => {
    const uid = await newMember("Odile");
    const { deliveries } = await checkout(uid);
    // Nothing was delivered: the member paid but the site does not know yet.
    expect((await getPrivateUser(uid))!.subscriptionStatus).toBeNull();

    const first = await reconcilePayments({ sinceDays: 1 });
    expect(first).toMatchObject({ provider: "demo", failed: 0 });
    expect(first.eventsReplayed).toBeGreaterThanOrEqual(deliveries.length);
    expect((await getPrivateUser(uid))!.subscriptionStatus).toBe("trialing");
    const recorded = await all(PAYMENT_EVENTS);
    for (const delivery of deliveries) expect(recorded[delivery.eventId]).toMatchObject({ uid, outcome: "synced" });

    // A second run, and the late deliveries themselves, change nothing more.
    const before = { events: await all(PAYMENT_EVENTS), user: await getPrivateUser(uid) };
    const second = await reconcilePayments({ sinceDays: 1 });
    expect(second.eventsReplayed).toBe(0);
    expect(second.synced).toBe(second.customers);
    await deliverSignedEvents(deliveries);
    expect(await all(PAYMENT_EVENTS)).toEqual(before.events);
    expect({ ...(await getPrivateUser(uid)), updatedAt: 0 }).toEqual({ ...before.user, updatedAt: 0 });
  });

  it("puts back a membership record that went missing", async () => {
    const uid = await newMember("Petra");
    const { sessionId } = await checkout(uid);
    expect((await syncCheckoutSession(sessionId, uid)).ok).toBe(true);
    await getStore().delete(MEMBERSHIPS, uid);
    await reconcilePayments({ sinceDays: 1 });
    expect(await getMembership(uid)).toMatchObject({ uid, status: "trialing", planId: "monthly" });
  });
});

describe("a promotion code is counted when the purchase is fulfilled", () => {
  const seat = (code: string, maxRedemptions: number | null) => ({
    code,
    active: true,
    benefit: { kind: "percent", percentOff: 50, duration: { kind: "once" } },
    planIds: null,
    newMembersOnly: false,
    maxRedemptions,
    redemptionCount: 0,
    oncePerPerson: true,
    validFrom: null,
    expiresAt: null,
    stripeCouponId: null,
    stripePromotionCodeId: null,
  });
  const discountFor = (code: string) => ({
    promotionCodeId: code,
    code,
    benefit: { kind: "percent", percentOff: 50, duration: { kind: "once" } } as const,
    stripeCouponId: null,
    stripePromotionCodeId: null,
  });

  it("counts it once however often the purchase is synced, and records Succeeded", async () => {
    await getStore().set(PROMOTION_CODES, "HALFSEAT", seat("HALFSEAT", 5));
    const uid = await newMember("Quill");
    const { sessionId, deliveries } = await checkout(uid, discountFor("HALFSEAT"));
    await deliverSignedEvents([...deliveries, ...deliveries]);
    await syncCheckoutSession(sessionId, uid);
    await syncCheckoutSession(sessionId, uid);
    expect(
      (await getStore().get(PROMOTION_CODES, "HALFSEAT", (await import("../../../app/models/billing/promotion-code")).PromotionCodeSchema))!
        .redemptionCount,
    ).toBe(1);
    const events = Object.values(await all(ANALYTICS_EVENTS)).filter((e) => e.uid === uid);
    expect(events.map((e) => e.name)).toEqual(["Promotion_Code_Succeeded"]);
    expect((await getMembership(uid))!.discount).toMatchObject({ promotionCodeId: "HALFSEAT", percentOff: 50 });
  });

  it("a single-use code in two paid checkouts: the second is told why, records Failed and loses the discount", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await getStore().set(PROMOTION_CODES, "LASTSEAT", seat("LASTSEAT", 1));
    const first = await newMember("Rhea");
    const second = await newMember("Sunniva");
    const one = await checkout(first, discountFor("LASTSEAT"));
    const two = await checkout(second, discountFor("LASTSEAT"));
    await Promise.all([syncCheckoutSession(one.sessionId, first), syncCheckoutSession(two.sessionId, second)]);

    const outcomes = await Promise.all([
      promotionFailureFor((await getMembership(first))!.subscriptionId!, first),
      promotionFailureFor((await getMembership(second))!.subscriptionId!, second),
    ]);
    expect(outcomes.filter((o) => o === null)).toHaveLength(1);
    expect(outcomes.filter((o) => o === "cap_reached")).toHaveLength(1);
    const loser = outcomes[0] === "cap_reached" ? first : second;
    expect((await getMembership(loser))!.discount).toBeNull();
    const names = Object.values(await all(ANALYTICS_EVENTS))
      .filter((e) => e.uid === first || e.uid === second)
      .map((e) => e.name)
      .sort();
    expect(names).toEqual(["Promotion_Code_Failed", "Promotion_Code_Succeeded"]);
  });
});

describe("§8 failure events", () => {
  it("a failed renewal records Card_Payment_Failed once, however often the event is delivered", async () => {
    const { signPayload } = await import("../../../app/services/payments/events.server");
    const { DEMO_SECRET } = await import("../../support/payments");
    const { receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
    const uid = await newMember("Tove");
    const { sessionId } = await checkout(uid);
    await syncCheckoutSession(sessionId, uid);
    const membership = (await getMembership(uid))!;
    const payload = JSON.stringify({
      id: `evt_failed_${uid}`,
      object: "event",
      created: Math.floor(Date.now() / 1000),
      type: "invoice.payment_failed",
      data: { object: { id: `in_${uid}`, object: "invoice", customer: membership.customerId, subscription: membership.subscriptionId } },
    });
    for (let i = 0; i < 3; i++) expect((await receivePaymentWebhook(payload, signPayload(payload, DEMO_SECRET!))).status).toBe(200);
    const failures = Object.values(await all(ANALYTICS_EVENTS)).filter((e) => e.uid === uid && e.name === "Card_Payment_Failed");
    expect(failures).toEqual([
      expect.objectContaining({ properties: { subscriptionId: membership.subscriptionId, reason: "renewal_declined" } }),
    ]);
  });
});
