import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, count, demo, getStore, intentId, newMember } from "../../support/payments";

const { CREDIT_PACKS, USER_CREDIT_PACKS, creditSummary, getCreditPack } = await import("../../../app/models/wallet/credits.server");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { startPurchase, getPurchase } = await import("../../../app/models/billing/purchases.server");
const { deliverSignedEvents, receivePaymentWebhook } = await import("../../../app/models/checkout/payment-webhook.server");

beforeAll(async () => {
  for (const pack of demoCreditPacks) await getStore().createIfAbsent(CREDIT_PACKS, pack.id, { ...pack });
});

describe("buying a class pack", () => {
  it("grants one pack though the webhook's events arrive five times over", async () => {
    const uid = await newMember("Pia");
    const pack = (await getCreditPack("five-classes"))!;
    const started = await startPurchase({
      uid,
      item: { kind: "credit_pack", itemId: pack.id, name: pack.name, amount: pack.amount, currency: pack.currency },
      intentId: intentId(),
      successPath: "/credits",
      cancelPath: "/credits",
    });
    if (!started.ok) throw new Error(started.message);
    const paid = await demo().pay(new URL(started.url).pathname.split("/").pop()!, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);
    for (let i = 0; i < 5; i++) await Promise.all(paid.deliveries.map((d) => receivePaymentWebhook(d.payload, d.signature)));
    expect(await count(USER_CREDIT_PACKS, { field: "uid", value: uid })).toBe(1);
    expect((await creditSummary(uid, new Date())).balance).toBe(pack.credits);
    expect((await getPurchase(started.purchaseId))!.status).toBe("paid");
  });
});
