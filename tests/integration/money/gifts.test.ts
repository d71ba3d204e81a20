import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, all, count, demo, getStore, intentId, newMember, seedPlans } from "../../support/payments";

const gifts = await import("../../../app/models/wallet/gifts.server");
const membership = await import("../../../app/models/billing/membership.server");
const { deliverSignedEvents, receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { PURCHASES, getPurchase } = await import("../../../app/models/billing/purchases.server");
const { settlePurchase } = await import("../../../app/models/checkout/purchase-fulfilment.server");
const { getPrivateUser } = await import("../../../app/models/identity/user.server");
const { isSubscribed } = await import("../../../app/models/identity/user");
const { demoGiftTypes } = await import("../../../app/demo/gifts");
const { GIFTED_MEMBERSHIPS } = await import("../../../app/models/billing/gifted-time.server");
const { SENT_MAIL } = await import("../../../app/platform/mail.server");
const { DEMO_SESSIONS } = await import("../../../app/services/payments/demo.server");

const ZONE = "Europe/London";
const DAY = 86_400;

beforeAll(async () => {
  await seedPlans();
  for (const type of demoGiftTypes) await getStore().createIfAbsent(gifts.GIFT_TYPES, type.id, { ...type });
});

async function order(buyer: string, overrides: Partial<Parameters<typeof gifts.orderGift>[0]["order"]> = {}, typeId = "three-months") {
  const giftType = (await gifts.getGiftType(typeId))!;
  const started = await gifts.orderGift({
    uid: buyer,
    buyerName: "Ada Lovelace",
    buyerZone: ZONE,
    order: {
      giftType,
      method: "link",
      recipientName: "",
      recipientEmail: null,
      message: "For quieter mornings.",
      deliverAt: null,
      forSelf: false,
      intentId: intentId(),
      ...overrides,
    },
  });
  if (!started.ok) throw new Error(started.message);
  return started;
}

/** Orders a gift and pays for it on the demo page, with the webhook's deliveries arriving. */
async function paidGift(buyer?: string, overrides: Parameters<typeof order>[1] = {}, typeId?: string) {
  const uid = buyer ?? (await newMember("Buyer"));
  const started = await order(uid, overrides, typeId);
  const sessionId = new URL(started.url).pathname.split("/").pop()!;
  const paid = await demo().pay(sessionId, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  await deliverSignedEvents(paid.deliveries);
  const gift = (await gifts.getGift(started.purchaseId))!;
  return { buyer: uid, giftId: started.purchaseId, gift, sessionId, deliveries: paid.deliveries };
}

describe("buying a gift", () => {
  it("records one gift and one purchase per form intent, however often it is posted", async () => {
    const buyer = await newMember();
    const giftType = (await gifts.getGiftType("one-month"))!;
    const key = intentId();
    const input = {
      uid: buyer,
      buyerName: "Ada",
      buyerZone: ZONE,
      order: {
        giftType,
        method: "link" as const,
        recipientName: "",
        recipientEmail: null,
        message: "",
        deliverAt: null,
        forSelf: false,
        intentId: key,
      },
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => gifts.orderGift(input)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => (r.ok ? r.url : "")))).toHaveProperty("size", 1);
    expect(await count(gifts.GIFTS, { field: "buyerUid", value: buyer })).toBe(1);
    expect(await count(PURCHASES, { field: "uid", value: buyer })).toBe(1);
  });

  it("is paid once though the webhook's events are delivered five times, and the receipt page settles the same way", async () => {
    const { giftId, deliveries, buyer } = await paidGift();
    for (let i = 0; i < 5; i++) for (const d of deliveries) expect((await receivePaymentWebhook(d.payload, d.signature)).status).toBe(200);
    const settled = await settlePurchase(giftId, buyer);
    expect(settled!.settlement).toBe("already");
    const gift = (await gifts.getGift(giftId))!;
    expect(gift.state).toBe("paid");
    expect((await getPurchase(giftId))!.status).toBe("paid");
    // One receipt to the buyer.
    expect(Object.values(await all(SENT_MAIL)).filter((m) => m.key === `gift-receipt:${giftId}`)).toHaveLength(1);
  });

  it("is settled by the receipt page alone when the webhook never arrives", async () => {
    const buyer = await newMember();
    const started = await order(buyer);
    const sessionId = new URL(started.url).pathname.split("/").pop()!;
    const paid = await demo().pay(sessionId, GOOD_CARD);
    expect(paid.ok).toBe(true);
    expect((await gifts.getGift(started.purchaseId))!.state).toBe("pending");
    const settled = await settlePurchase(started.purchaseId, buyer);
    expect(settled!.settlement).toBe("fulfilled");
    expect((await gifts.getGift(started.purchaseId))!.state).toBe("paid");
    // Another person's receipt settles nothing.
    expect(await settlePurchase(started.purchaseId, await newMember())).toBeNull();
  });

  it("is never fulfilled when the session charged another price", async () => {
    const buyer = await newMember();
    const started = await order(buyer);
    const sessionId = new URL(started.url).pathname.split("/").pop()!;
    // A tampered session: the amount changed after the purchase was recorded.
    const raw = (await all(DEMO_SESSIONS))[sessionId] as { item: { amount: number } };
    await getStore().update(DEMO_SESSIONS, sessionId, { item: { ...raw.item, amount: 1 } });
    const paid = await demo().pay(sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    expect((await gifts.getGift(started.purchaseId))!.state).toBe("pending");
    expect((await getPurchase(started.purchaseId))!.status).toBe("pending");
  });

  it("sends an e-mail gift on its day, once, and schedules one for later", async () => {
    const now = Date.now();
    const today = await paidGift(undefined, {
      method: "email",
      recipientName: "Grace",
      recipientEmail: "grace@example.com",
      deliverAt: now,
    });
    expect(today.gift.state).toBe("sent");
    const later = await paidGift(undefined, {
      method: "email",
      recipientName: "Alan",
      recipientEmail: "alan@example.com",
      deliverAt: now + 3 * DAY * 1000,
    });
    expect(later.gift.state).toBe("scheduled");
    expect((await gifts.deliverDueGifts(now)).sent).toBe(0);
    const run = await Promise.all([gifts.deliverDueGifts(now + 3 * DAY * 1000 + 1), gifts.deliverDueGifts(now + 3 * DAY * 1000 + 1)]);
    expect(run[0].sent + run[1].sent).toBeGreaterThanOrEqual(1);
    expect((await gifts.getGift(later.giftId))!.state).toBe("sent");
    const mails = Object.values(await all(SENT_MAIL)).filter((m) => m.key === `gift-delivery:${later.giftId}`);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("alan@example.com");
  });
});

describe("redeeming a gift", () => {
  it("gives one success and 49 clear 'already redeemed' answers to 50 people at once", async () => {
    const { giftId } = await paidGift();
    const people = await Promise.all(Array.from({ length: 50 }, (_, i) => newMember(`Racer${i}`)));
    const results = await Promise.all(people.map((uid) => gifts.redeemGift({ giftId, uid, zone: ZONE })));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    const losers = results.filter((r) => !r.ok);
    expect(losers).toHaveLength(49);
    for (const loser of losers) if (!loser.ok) expect(loser.message).toBe("This gift has already been redeemed.");
    const gift = (await gifts.getGift(giftId))!;
    expect(gift.state).toBe("redeemed");
    const winner = people[results.findIndex((r) => r.ok)];
    expect(gift.redeemedBy).toBe(winner);
    const gifted = await all(GIFTED_MEMBERSHIPS);
    expect(Object.keys(gifted).filter((uid) => people.includes(uid))).toEqual([winner]);
  });

  it("with no plan starts a membership for the gift's months, no card asked", async () => {
    const { giftId } = await paidGift();
    const uid = await newMember("Recipient");
    const now = Date.UTC(2027, 0, 31, 12);
    const result = await gifts.redeemGift({ giftId, uid, zone: ZONE, now });
    expect(result.ok && result.redemption.kind).toBe("start");
    const user = (await getPrivateUser(uid))!;
    // 31 January + 3 months = 30 April on the member's calendar.
    expect(new Date(user.subscriptionExpirationDate! * 1000).toISOString().slice(0, 10)).toBe("2027-04-30");
    expect(user.subscriptionStatus).toBe("gifted");
    expect(isSubscribed(user, new Date(now))).toBe(true);
    expect(result.ok && result.resultText).toContain("30 April 2027");
  });

  it("on gifted time stacks, and two gifts redeemed at once both count", async () => {
    const [a, b] = await Promise.all([paidGift(), paidGift(undefined, {}, "one-month")]);
    const uid = await newMember("Stacker");
    const now = Date.UTC(2027, 2, 1, 12);
    const results = await Promise.all([
      gifts.redeemGift({ giftId: a.giftId, uid, zone: ZONE, now }),
      gifts.redeemGift({ giftId: b.giftId, uid, zone: ZONE, now }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const user = (await getPrivateUser(uid))!;
    // 1 March + 3 + 1 months = 1 July, whichever went first.
    expect(new Date(user.subscriptionExpirationDate! * 1000).toISOString().slice(0, 10)).toBe("2027-07-01");
  });

  it("on a running paid plan pushes the next charge out, and the membership sync keeps it", async () => {
    const uid = await newMember("Payer");
    const started = await membership.startSubscriptionCheckout({ uid, planId: "monthly-no-trial", discount: null, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    const paid = await demo().pay(started.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    const before = (await membership.getMembership(uid))!;
    const { giftId } = await paidGift(undefined, {}, "one-month");
    const result = await gifts.redeemGift({ giftId, uid, zone: ZONE });
    expect(result.ok && result.redemption.kind).toBe("defer_charge");
    const after = (await membership.getMembership(uid))!;
    expect(after.currentPeriodEnd!).toBeGreaterThan(before.currentPeriodEnd! + 27 * DAY);
    expect((await gifts.getGift(giftId))!.applied).toBe(true);
    // A later sync (a webhook, the reconcile job) leaves the moved date where it is.
    await membership.syncCustomer(after.customerId);
    expect((await membership.getMembership(uid))!.currentPeriodEnd).toBe(after.currentPeriodEnd);
    expect(result.ok && result.resultText).toMatch(/next payment has moved/);
  });

  it("refuses the buyer's own gift unless it was bought for themselves", async () => {
    const buyer = await newMember("Giver");
    const { giftId } = await paidGift(buyer);
    const refused = await gifts.redeemGift({ giftId, uid: buyer, zone: ZONE });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toBe("own_gift");
    const mine = await paidGift(buyer, { forSelf: true });
    expect((await gifts.redeemGift({ giftId: mine.giftId, uid: buyer, zone: ZONE })).ok).toBe(true);
  });

  it("refuses an unpaid or refunded gift and says so, changing nothing", async () => {
    const buyer = await newMember();
    const unpaid = await order(buyer);
    const uid = await newMember();
    const before = await all(GIFTED_MEMBERSHIPS);
    const result = await gifts.redeemGift({ giftId: unpaid.purchaseId, uid, zone: ZONE });
    expect(!result.ok && result.message).toMatch(/hasn't been paid/);
    const { giftId } = await paidGift();
    await getStore().update(gifts.GIFTS, giftId, { state: "refunded" });
    const refunded = await gifts.redeemGift({ giftId, uid, zone: ZONE });
    expect(!refunded.ok && refunded.message).toMatch(/refunded/);
    expect(await all(GIFTED_MEMBERSHIPS)).toEqual(before);
    expect((await gifts.redeemGift({ giftId: "pur_000000000000000000000000", uid, zone: ZONE })).ok).toBe(false);
  });

  it("finds gifts by code and by nothing else", async () => {
    const { gift } = await paidGift();
    expect((await gifts.giftByCode(gift.code))!.gift.code).toBe(gift.code);
    expect(await gifts.giftByCode(gift.code.slice(0, 15) + (gift.code[15] === "0" ? "1" : "0"))).toBeNull();
  });
});
