import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, demo, intentId, newMember, seedPlans } from "../../support/payments";

const referrals = await import("../../../app/models/wallet/referrals.server");
const membership = await import("../../../app/models/billing/membership.server");
const { getPlan } = await import("../../../app/models/billing/plan.server");
const { deliverSignedEvents, receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");
const { getPrivateUser, savePrivateUser } = await import("../../../app/models/identity/user.server");
const { getStore } = await import("../../../app/services/store/index.server");
const { GIFTS, GiftSchema } = await import("../../../app/models/wallet/gifts.server");
const { FALLBACK_TIME_ZONE } = await import("../../../app/models/identity/user");

beforeAll(seedPlans);

/** The friend subscribes through the code with the offer, as /subscribe does. */
async function subscribeThrough(code: string, friend: string) {
  const plan = (await getPlan("monthly"))!;
  const referred = await referrals.recordReferral(code, friend);
  const started = await membership.startSubscriptionCheckout({
    uid: friend,
    planId: plan.id,
    discount: referred ? referrals.referralDiscount(code, plan.trialDays) : null,
    referralCode: referred ? code : null,
    intentId: intentId(),
  });
  if (!started.ok) throw new Error(started.reason);
  const paid = await demo().pay(started.sessionId, GOOD_CARD);
  if (!paid.ok) throw new Error(paid.reason);
  await deliverSignedEvents(paid.deliveries);
  return { referred, membership: (await membership.getMembership(friend))! };
}

/** The demo's clock: the trial ends and the first real payment is taken. */
async function firstPayment(friend: string) {
  const sub = (await membership.getMembership(friend))!;
  const charged = await demo().chargeNextPeriod(sub.subscriptionId!);
  if (!charged.ok) throw new Error("not charged");
  await deliverSignedEvents(charged.deliveries);
  return charged.deliveries;
}

describe("referrals", () => {
  it("give the friend a 30-day trial and the referrer one free month at the friend's first payment, once across five replays", async () => {
    const referrer = await newMember("Iris");
    const code = await referrals.ensureReferralCode(referrer);
    // Issue 23: 70 random bits and no name in a link that is passed around.
    expect(code).toMatch(/^[0-9a-z]{14}$/);
    expect(code).not.toContain("iris");
    expect(await Promise.all([referrals.ensureReferralCode(referrer), referrals.ensureReferralCode(referrer)])).toEqual([code, code]);

    const friend = await newMember("Moss");
    const { referred, membership: friendPlan } = await subscribeThrough(code, friend);
    expect(referred).toBe(true);
    expect(friendPlan.status).toBe("trialing");
    // The invitation rides as its own metadata, never as a promotion code to count.
    const sub = (await demo().getSubscription(friendPlan.subscriptionId!))!;
    expect(sub.metadata.referralCode).toBe(code);
    expect(sub.metadata.promotionCodeId).toBeUndefined();
    expect(friendPlan.trialEnd! - Math.floor(Date.now() / 1000)).toBeGreaterThan(29 * 86_400);
    // A trial is not a payment: nothing yet for the referrer.
    expect((await referrals.referralSummary(referrer)).invited).toEqual([{ firstName: "Moss", state: "joined" }]);
    expect((await getPrivateUser(referrer))!.subscriptionStatus).toBeNull();

    const deliveries = await firstPayment(friend);
    for (let i = 0; i < 5; i++) for (const d of deliveries) await receivePaymentWebhook(d.payload, d.signature);
    expect(await referrals.rewardReferrer(friend)).toBe("already");
    expect((await referrals.referralSummary(referrer)).invited).toEqual([{ firstName: "Moss", state: "rewarded" }]);
    const rewarded = (await getPrivateUser(referrer))!;
    expect(rewarded.subscriptionStatus).toBe("gifted");
    const month = rewarded.subscriptionExpirationDate! - Math.floor(Date.now() / 1000);
    expect(month).toBeGreaterThan(27 * 86_400);
    expect(month).toBeLessThan(32 * 86_400);
    expect((await referrals.referralSummary(friend)).invitedBy).toBe("Iris");
  });

  it("refuse self-referral, loops, a second referrer and people who already had a membership", async () => {
    const a = await newMember("Ash");
    const b = await newMember("Bay");
    const codeA = await referrals.ensureReferralCode(a);
    const codeB = await referrals.ensureReferralCode(b);
    expect(await referrals.checkOffer(codeA, a)).toEqual({ ok: false, reason: "self" });
    expect(await referrals.recordReferral(codeA, a)).toBe(false);
    expect(await referrals.recordReferral(codeA, b)).toBe(true);
    // B joined through A: A cannot then join through B.
    expect(await referrals.checkOffer(codeB, a)).toEqual({ ok: false, reason: "loop" });
    const c = await newMember("Cedar");
    const codeC = await referrals.ensureReferralCode(c);
    expect(await referrals.checkOffer(codeC, b)).toEqual({ ok: false, reason: "already_referred" });
    expect(await referrals.recordReferral(codeC, b)).toBe(false);
    expect((await referrals.referralSummary(c)).invited).toEqual([]);
    // Someone with a membership already is not new.
    const member = await newMember("Dune");
    await subscribeThrough(codeC, await newMember("Elm")); // unrelated friend, to have data around
    const plan = (await getPlan("monthly"))!;
    const started = await membership.startSubscriptionCheckout({ uid: member, planId: plan.id, discount: null, intentId: intentId() });
    if (!started.ok) throw new Error(started.reason);
    const paid = await demo().pay(started.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    expect(await referrals.checkOffer(codeA, member)).toEqual({ ok: false, reason: "not_new" });
    expect(await referrals.checkOffer("nobody-abcdef", member)).toEqual({ ok: false, reason: "unknown" });
  });

  it("rewards once when the same friend's payment is reported many times at once", async () => {
    const referrer = await newMember("Fern");
    const code = await referrals.ensureReferralCode(referrer);
    const friend = await newMember("Gale");
    await subscribeThrough(code, friend);
    await firstPayment(friend);
    const again = await Promise.all(Array.from({ length: 10 }, () => referrals.rewardReferrer(friend)));
    expect(again.filter((r) => r === "rewarded")).toHaveLength(0);
    const end = (await getPrivateUser(referrer))!.subscriptionExpirationDate!;
    const month = end - Math.floor(Date.now() / 1000);
    expect(month).toBeLessThan(32 * 86_400);
  });

  it("dates the referrer's free month in the fallback zone when the zone on their record is not a real one", async () => {
    const referrer = await newMember("Wren");
    await savePrivateUser(referrer, { mostRecentTimeZone: "Moon/Tranquility" });
    const code = await referrals.ensureReferralCode(referrer);
    const friend = await newMember("Heath");
    await subscribeThrough(code, friend);
    await firstPayment(friend);
    expect((await referrals.referralSummary(referrer)).invited).toEqual([{ firstName: "Heath", state: "rewarded" }]);
    expect((await getPrivateUser(referrer))!.subscriptionStatus).toBe("gifted");
    const reward = await getStore().get(GIFTS, referrals.rewardGiftId(friend), GiftSchema);
    expect(reward).toMatchObject({ giftTypeId: "referral-month", redeemedBy: referrer, buyerZone: FALLBACK_TIME_ZONE });
  });
});
