import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_CARD, all, demo, getStore, intentId, newMember, seedPlans } from "../../support/payments";

// Refunds and disputes (issue 23 item 6; docs/decisions/036-refunds-and-disputes.md), driven through
// the webhook with the demo provider's signed events in Stripe's shapes: each is applied once, whatever
// the replays, with the member told once.
const gifts = await import("../../../app/models/wallet/gifts.server");
const credits = await import("../../../app/models/wallet/credits.server");
const { ledgerProblems } = await import("../../../app/models/wallet/credit-ledger");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { demoGiftTypes } = await import("../../../app/demo/gifts");
const { demoStudios, demoWaivers } = await import("../../../app/demo/studios");
const { startPurchase, getPurchase } = await import("../../../app/models/billing/purchases.server");
const { startSubscriptionCheckout, MEMBERSHIPS } = await import("../../../app/models/billing/membership.server");
const { deliverSignedEvents, receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { getPrivateUser } = await import("../../../app/models/identity/user.server");
const { GIFTED_MEMBERSHIPS } = await import("../../../app/models/billing/gifted-time.server");
const { SENT_MAIL } = await import("../../../app/platform/mail.server");
const { ERRORS } = await import("../../../app/lib/errors");
const { getTicket } = await import("../../../app/models/studios/in-person-tickets.server");
const { IN_PERSON_SEATS, STUDIOS, STUDIO_TRANSACTIONS } = await import("../../../app/models/studios/studio-records");
const { signWaiver, WAIVERS, WAIVER_HEADS } = await import("../../../app/models/studios/waiver.server");

const ZONE = "Europe/London";
const DAY = 86_400;

beforeAll(async () => {
  await seedPlans();
  const store = getStore();
  for (const type of demoGiftTypes) await store.createIfAbsent(gifts.GIFT_TYPES, type.id, { ...type });
  for (const pack of demoCreditPacks) await store.createIfAbsent(credits.CREDIT_PACKS, pack.id, { ...pack });
  for (const studio of demoStudios) await store.set(STUDIOS, studio.id, { ...studio });
  for (const waiver of demoWaivers) {
    await store.set(WAIVERS, waiver.id, { ...waiver });
    await store.set(WAIVER_HEADS, waiver.studioId, { studioId: waiver.studioId, version: waiver.version });
  }
});

type Delivery = { eventId: string; payload: string; signature: string };

/** Every delivery `times` over: half one after another, half two at once. */
async function replay(deliveries: readonly Delivery[], times = 4) {
  const results = [];
  for (let i = 0; i < times / 2; i++) {
    for (const d of deliveries) results.push(await receivePaymentWebhook(d.payload, d.signature));
    results.push(
      ...(await Promise.all(
        deliveries.flatMap((d) => [receivePaymentWebhook(d.payload, d.signature), receivePaymentWebhook(d.payload, d.signature)]),
      )),
    );
  }
  return results;
}

async function mailsKeyed(prefix: string) {
  return Object.values(await all(SENT_MAIL)).filter((m) => String(m.key).startsWith(prefix));
}

async function paySession(url: string) {
  const sessionId = new URL(url).pathname.split("/").pop()!;
  const paid = await demo().pay(sessionId, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  await deliverSignedEvents(paid.deliveries);
  return sessionId;
}

async function chargeOfSession(sessionId: string) {
  const chargeId = await demo().chargeOf({ sessionId });
  if (!chargeId) throw new Error("no charge");
  return chargeId;
}

async function refund(chargeId: string, options?: { cancelSubscription?: boolean }) {
  const refunded = await demo().refundCharge(chargeId, options);
  if (!refunded.ok) throw new Error("not refunded");
  return refunded.deliveries;
}

async function dispute(chargeId: string, step: "open" | "won" | "lost") {
  const disputed = await demo().disputeCharge(chargeId, step);
  if (!disputed.ok) throw new Error("not disputed");
  return disputed.deliveries;
}

async function paidGift(typeId = "three-months") {
  const buyer = await newMember("Buyer");
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
      message: "",
      deliverAt: null,
      forSelf: false,
      intentId: intentId(),
    },
  });
  if (!started.ok) throw new Error(started.message);
  const sessionId = await paySession(started.url);
  return { buyer, giftId: started.purchaseId, sessionId };
}

describe("a refunded or disputed gift", () => {
  it("a refund makes the gift unredeemable, says so, and tells the buyer once, however often and however concurrently it arrives", async () => {
    const { giftId, sessionId } = await paidGift();
    expect((await gifts.getGift(giftId))!.state).toBe("paid");
    const deliveries = await refund(await chargeOfSession(sessionId));
    expect(deliveries.map((d) => d.type)).toEqual(["charge.refunded"]);
    const results = await replay(deliveries);
    expect(results.every((r) => r.status === 200)).toBe(true);

    expect((await gifts.getGift(giftId))!.state).toBe("refunded");
    expect((await getPurchase(giftId))!.status).toBe("refunded");
    const recipient = await newMember("Recipient");
    const tried = await gifts.redeemGift({ giftId, uid: recipient, zone: ZONE });
    expect(tried).toMatchObject({ ok: false, reason: "refunded", message: ERRORS.gift_refunded.message, status: 400 });
    expect(await getStore().get(GIFTED_MEMBERSHIPS, recipient, z.object({}).passthrough())).toBeNull();
    expect(await mailsKeyed(`gift-reversed:${giftId}:`)).toHaveLength(1);
  });

  it("a dispute opened blocks the gift at once; the dispute lost afterwards changes nothing more and tells no one twice", async () => {
    const { giftId, sessionId } = await paidGift("one-month");
    const chargeId = await chargeOfSession(sessionId);
    const opened = await dispute(chargeId, "open");
    expect(opened.map((d) => d.type)).toEqual(["charge.dispute.created"]);
    await replay(opened);
    expect((await gifts.getGift(giftId))!.state).toBe("refunded");
    const recipient = await newMember("Recipient");
    expect(await gifts.redeemGift({ giftId, uid: recipient, zone: ZONE })).toMatchObject({ ok: false, reason: "refunded" });

    const lost = await dispute(chargeId, "lost");
    expect(lost.map((d) => d.type)).toEqual(["charge.dispute.closed"]);
    await replay(lost);
    expect((await gifts.getGift(giftId))!.state).toBe("refunded");
    expect(await mailsKeyed(`gift-reversed:${giftId}:`)).toHaveLength(1);
  });

  it("a gift already redeemed, refunded afterwards: the recipient's gifted time it gave is taken back, and both people are told once", async () => {
    const { giftId, sessionId } = await paidGift("three-months");
    const recipient = await newMember("Recipient");
    const redeemed = await gifts.redeemGift({ giftId, uid: recipient, zone: ZONE });
    if (!redeemed.ok || redeemed.redemption.kind !== "start") throw new Error("expected a fresh gifted membership");
    const { startsAt, endsAt } = redeemed.redemption;
    expect((await getPrivateUser(recipient))!).toMatchObject({ subscriptionStatus: "gifted", subscriptionExpirationDate: endsAt });

    await replay(await refund(await chargeOfSession(sessionId)));

    const gift = (await gifts.getGift(giftId))!;
    expect(gift.state).toBe("refunded");
    expect(gift.redeemedBy).toBe(recipient);
    const time = (await getStore().get(GIFTED_MEMBERSHIPS, recipient, z.object({ endsAt: z.number() }).passthrough()))!;
    expect(time.endsAt).toBe(startsAt);
    expect((await getPrivateUser(recipient))!.subscriptionExpirationDate).toBe(startsAt);
    expect(await mailsKeyed(`gift-reversed:${giftId}:buyer`)).toHaveLength(1);
    expect(await mailsKeyed(`gift-reversed:${giftId}:recipient`)).toHaveLength(1);
  });
});

describe("a gift redeemed onto a paid plan", () => {
  it("refunded afterwards: the plan's next charge moves back to where it was, once, and the recipient is told", async () => {
    const recipient = await newMember("Recipient");
    const checkout = await startSubscriptionCheckout({ uid: recipient, planId: "monthly-no-trial", discount: null, intentId: intentId() });
    if (!checkout.ok) throw new Error(checkout.reason);
    const paid = await demo().pay(checkout.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    const customerId = (await getPrivateUser(recipient))!.stripeCustomerId!;
    const [before] = await demo().listSubscriptions(customerId);

    const { giftId, sessionId } = await paidGift("three-months");
    const redeemed = await gifts.redeemGift({ giftId, uid: recipient, zone: ZONE });
    if (!redeemed.ok || redeemed.redemption.kind !== "defer_charge") throw new Error("expected the charge to move");
    expect((await demo().listSubscriptions(customerId))[0].currentPeriodEnd).toBe(redeemed.redemption.to);

    await replay(await refund(await chargeOfSession(sessionId)));

    const [after] = await demo().listSubscriptions(customerId);
    expect(after.currentPeriodEnd).toBe(before.currentPeriodEnd);
    expect((await getPrivateUser(recipient))!.subscriptionExpirationDate).toBe(before.currentPeriodEnd);
    expect(await getStore().get(GIFTED_MEMBERSHIPS, recipient, z.object({ deferredTo: z.number() }).passthrough())).toMatchObject({
      deferredTo: before.currentPeriodEnd,
    });
    expect(await gifts.getGift(giftId)).toMatchObject({ state: "refunded", chargeRestoreAt: null });
    expect(await mailsKeyed(`gift-reversed:${giftId}:recipient`)).toHaveLength(1);
  });
});

/** Opens the payment page for the five-class pack for `uid` (not yet paid). */
async function startFivePack(uid: string) {
  const pack = (await credits.getCreditPack("five-classes"))!;
  const started = await startPurchase({
    uid,
    item: { kind: "credit_pack", itemId: pack.id, name: pack.name, amount: pack.amount, currency: pack.currency },
    intentId: intentId(),
    successPath: "/credits",
    cancelPath: "/credits",
  });
  if (!started.ok) throw new Error(started.message);
  return started;
}

describe("a refunded class pack", () => {
  it("its unspent credits expire with one ledger line, once under concurrent replays, and the member is told once", async () => {
    const uid = await newMember("Pia");
    const started = await startFivePack(uid);
    const sessionId = await paySession(started.url);
    expect((await credits.creditSummary(uid, new Date())).balance).toBe(5);
    // Two credits used (by hand here; a booking spends the same way).
    expect(await credits.adjustCredits({ uid, packId: started.purchaseId, amount: -2, reason: "used", now: new Date() })).toEqual({
      ok: true,
    });

    const deliveries = await refund(await chargeOfSession(sessionId));
    const results = await Promise.all(
      [...deliveries, ...deliveries, ...deliveries].map((d) => receivePaymentWebhook(d.payload, d.signature)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await replay(deliveries);

    const ledger = await credits.readLedger(getStore(), uid);
    const revoked = ledger.entries.filter((e) => e.kind === "revoked");
    expect(revoked.map((e) => [e.packId, e.amount])).toEqual([[started.purchaseId, -3]]);
    expect((await credits.creditSummary(uid, new Date())).balance).toBe(0);
    expect(ledgerProblems(credits.holdingsOf(ledger), ledger.entries)).toEqual([]);
    expect((await getPurchase(started.purchaseId))!.status).toBe("refunded");
    expect(await mailsKeyed(`credits-revoked:${started.purchaseId}`)).toHaveLength(1);
  });
});

describe("a disputed class pack", () => {
  it("a dispute the bank decided for us takes nothing back, whichever of its events comes first", async () => {
    const uid = await newMember("Pia");
    const started = await startFivePack(uid);
    const chargeId = await chargeOfSession(await paySession(started.url));
    const opened = await dispute(chargeId, "open");
    const won = await dispute(chargeId, "won");
    // The close arrives first; the opening, late, is read as the dispute now stands: won.
    await replay([...won, ...opened]);
    expect((await credits.creditSummary(uid, new Date())).balance).toBe(5);
    expect((await getPurchase(started.purchaseId))!.status).toBe("paid");
    expect(await mailsKeyed(`credits-revoked:${started.purchaseId}`)).toHaveLength(0);
  });
});

describe("a refunded studio drop-in", () => {
  it("releases its ticket and its seat, the first in line takes the seat, once, and the member is told once", async () => {
    const studio = demoStudios.find((s) => s.id === "lantern-yard")!;
    const classId = `refund-class-${intentId()}`;
    await getStore().set("classes", classId, {
      id: classId,
      title: "Refund Sit",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(Date.now() + 10 * DAY * 1000).toISOString(),
      durationMinutes: 45,
      description: "",
      capacity: 1,
      timeZone: studio.timeZone,
      studioId: studio.id,
      roomId: "sun-room",
    });
    const [payer, waiting] = [await newMember("Payer"), await newMember("Waiting")];
    for (const uid of [payer, waiting]) {
      const head = demoWaivers.find((w) => w.studioId === studio.id)!;
      await signWaiver({
        uid,
        studioId: studio.id,
        version: head.version,
        now: new Date(),
        signer: { fullName: `Member ${uid}`, email: `${uid}@example.com`, phoneNumber: null, birthday: "1990-01-01", minor: false },
        guardian: null,
      });
    }
    const started = await startPurchase({
      uid: payer,
      item: {
        kind: "studio_ticket",
        itemId: `drop-in:${classId}`,
        name: "Drop-in",
        amount: studio.dropIn.amount,
        currency: studio.dropIn.currency,
        metadata: { studioId: studio.id, classId },
      },
      intentId: intentId(),
      successPath: "/studios",
      cancelPath: "/studios",
    });
    if (!started.ok) throw new Error(started.message);
    const sessionId = await paySession(started.url);
    expect(await getTicket(classId, payer)).toMatchObject({ status: "booked" });
    // The second person pays their own drop-in and waits for the one seat.
    const second = await startPurchase({
      uid: waiting,
      item: {
        kind: "studio_ticket",
        itemId: `drop-in:${classId}`,
        name: "Drop-in",
        amount: studio.dropIn.amount,
        currency: studio.dropIn.currency,
        metadata: { studioId: studio.id, classId },
      },
      intentId: intentId(),
      successPath: "/studios",
      cancelPath: "/studios",
    });
    if (!second.ok) throw new Error(second.message);
    await paySession(second.url);
    expect(await getTicket(classId, waiting)).toMatchObject({ status: "waitlisted" });

    const deliveries = await refund(await chargeOfSession(sessionId));
    await Promise.all([...deliveries, ...deliveries].map((d) => receivePaymentWebhook(d.payload, d.signature)));
    await replay(deliveries);

    expect(await getTicket(classId, payer)).toMatchObject({ status: "cancelled" });
    expect(await getTicket(classId, waiting)).toMatchObject({ status: "booked", promoted: true });
    expect(await getStore().get(IN_PERSON_SEATS, classId, z.object({}).passthrough())).toMatchObject({ booked: 1, waitlist: [] });
    expect(await getStore().get(STUDIO_TRANSACTIONS, started.purchaseId, z.object({}).passthrough())).toMatchObject({ status: "refunded" });
    expect((await getPurchase(started.purchaseId))!.status).toBe("refunded");
    expect(await mailsKeyed(`studio-refund:${started.purchaseId}`)).toHaveLength(1);
  });
});

describe("a refunded membership payment", () => {
  it("follows the provider: a refund that ended the plan leaves the member no longer marked paid", async () => {
    const uid = await newMember();
    const checkout = await startSubscriptionCheckout({ uid, planId: "monthly-no-trial", discount: null, intentId: intentId() });
    if (!checkout.ok) throw new Error(checkout.reason);
    const paid = await demo().pay(checkout.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    expect((await getPrivateUser(uid))!.subscriptionStatus).toBe("active");

    const deliveries = await refund(await chargeOfSession(checkout.sessionId), { cancelSubscription: true });
    expect(deliveries.map((d) => d.type)).toEqual(["charge.refunded", "customer.subscription.deleted"]);
    // Only the refund arrives (the other delivery is lost): it alone must bring the record in line.
    const [refunded] = deliveries;
    await replay([refunded]);
    expect((await getPrivateUser(uid))!.subscriptionStatus).toBe("canceled");
    expect((await all(MEMBERSHIPS))[uid]).toMatchObject({ status: "canceled" });
  });
});
