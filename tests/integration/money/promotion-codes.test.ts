import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { DocumentStore } from "../../../app/services/store/port.server";
import { createSqliteStore } from "../../../app/services/store/sqlite.server";
import { setStoreForTests } from "../../../app/services/store/index.server";
import { PromotionCodeSchema, type PromotionCode } from "../../../app/models/billing/promotion-code";
import {
  PROMOTION_CODES,
  PROMOTION_REDEMPTIONS,
  checkPromotionCode,
  findPromotionCode,
  hasPersonRedeemed,
  redeemPromotionCode,
  redeemPromotionCodeOnce,
} from "../../../app/models/billing/promotion-code.server";
import { ANALYTICS_EVENTS, recordEvent } from "../../../app/platform/analytics-event.server";
import { promotionCheckEvent } from "../../../app/models/billing/analytics-events";

const NOW = 1_800_000_000;
const anything = z.record(z.unknown());
const monthly = { id: "monthly", currency: "usd" };

let store: DocumentStore;

function stored(code: string, overrides: Partial<PromotionCode> = {}): PromotionCode {
  return PromotionCodeSchema.parse({
    code,
    benefit: { kind: "amount", amountOff: 1000, currency: "usd", duration: { kind: "once" } },
    planIds: null,
    newMembersOnly: false,
    maxRedemptions: null,
    redemptionCount: 0,
    oncePerPerson: false,
    validFrom: null,
    expiresAt: null,
    active: true,
    stripeCouponId: null,
    stripePromotionCodeId: null,
    ...overrides,
  });
}

async function put(code: PromotionCode) {
  await store.set(PROMOTION_CODES, code.code, code);
}

async function count(code: string): Promise<number> {
  return (await store.get(PROMOTION_CODES, code, PromotionCodeSchema))!.redemptionCount;
}

async function redemptionsOf(code: string): Promise<number> {
  const { docs } = await store.query(PROMOTION_REDEMPTIONS, anything, {
    where: [{ field: "promotionCodeId", op: "==", value: code }],
  });
  return docs.length;
}

beforeAll(() => {
  store = createSqliteStore(":memory:");
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store.close();
});

describe("promotion codes in the store", () => {
  it("finds a code however it was typed, and only that code", async () => {
    await put(stored("STILL-TEN"));
    expect((await findPromotionCode("  still-ten "))?.code).toBe("STILL-TEN");
    expect((await findPromotionCode("ＳＴＩＬＬ-ＴＥＮ"))?.code).toBe("STILL-TEN");
    expect(await findPromotionCode("STILL-TЕN")).toBeNull(); // Cyrillic Е
    expect(await findPromotionCode("x".repeat(10_240))).toBeNull();
  });

  it("checks a typed code against the plan, the person and the clock", async () => {
    await put(stored("ANNUAL-ONLY-T", { planIds: ["annual"] }));
    await put(stored("LATER-T", { validFrom: NOW + 1 }));
    expect((await checkPromotionCode({ typed: "still-ten", plan: monthly, uid: null, isNewMember: true, now: NOW })).outcome).toBe(
      "accepted",
    );
    expect(await checkPromotionCode({ typed: "annual-only-t", plan: monthly, uid: null, isNewMember: true, now: NOW })).toEqual({
      outcome: "invalid",
      reason: "wrong_plan",
    });
    expect(await checkPromotionCode({ typed: "LATER-T", plan: monthly, uid: null, isNewMember: true, now: NOW })).toEqual({
      outcome: "not_valid_yet",
      validFrom: NOW + 1,
    });
    expect(await checkPromotionCode({ typed: "NOSUCHCODE", plan: monthly, uid: null, isNewMember: true, now: NOW })).toEqual({
      outcome: "invalid",
      reason: "unknown",
    });
  });

  it("answers error, not a throw, when the store fails", async () => {
    const broken = { ...store, get: () => Promise.reject(new Error("disk on fire")) } as DocumentStore;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setStoreForTests(broken);
    try {
      expect(await checkPromotionCode({ typed: "STILL-TEN", plan: monthly, uid: "u1", isNewMember: true, now: NOW })).toEqual({
        outcome: "error",
      });
    } finally {
      setStoreForTests(store);
      warn.mockRestore();
    }
  });

  it("a single-use code redeemed by 50 concurrent purchases succeeds exactly once", async () => {
    await put(stored("ONE-SEAT", { maxRedemptions: 1 }));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        redeemPromotionCodeOnce({ promotionCodeId: "ONE-SEAT", uid: `racer-${i}`, purchaseId: `cs_race_${i}`, now: NOW }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r).toEqual({ ok: false, reason: "cap_reached" });
    expect(await count("ONE-SEAT")).toBe(1);
    expect(await redemptionsOf("ONE-SEAT")).toBe(1);
  });

  it("the same purchase fulfilled 5 times at once counts once", async () => {
    await put(stored("FIVE-SEATS", { maxRedemptions: 5 }));
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        redeemPromotionCodeOnce({ promotionCodeId: "FIVE-SEATS", uid: "repeat-buyer", purchaseId: "cs_same", now: NOW }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(await count("FIVE-SEATS")).toBe(1);
    expect(await redemptionsOf("FIVE-SEATS")).toBe(1);
    // And again later, after the count moved on: still the same success, still one.
    expect(
      await redeemPromotionCodeOnce({ promotionCodeId: "FIVE-SEATS", uid: "repeat-buyer", purchaseId: "cs_same", now: NOW + 60 }),
    ).toEqual({ ok: true });
    expect(await count("FIVE-SEATS")).toBe(1);
  });

  it("once per person holds across two purchases; other people still redeem", async () => {
    await put(stored("JUST-ONCE", { oncePerPerson: true }));
    expect(await hasPersonRedeemed("person-a", "JUST-ONCE")).toBe(false);
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "JUST-ONCE", uid: "person-a", purchaseId: "cs_a1", now: NOW })).toEqual({
      ok: true,
    });
    expect(await hasPersonRedeemed("person-a", "JUST-ONCE")).toBe(true);
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "JUST-ONCE", uid: "person-a", purchaseId: "cs_a2", now: NOW })).toEqual({
      ok: false,
      reason: "already_used",
    });
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "JUST-ONCE", uid: "person-b", purchaseId: "cs_b1", now: NOW })).toEqual({
      ok: true,
    });
    expect(await count("JUST-ONCE")).toBe(2);
    expect(await checkPromotionCode({ typed: "just-once", plan: monthly, uid: "person-a", isNewMember: true, now: NOW })).toEqual({
      outcome: "invalid",
      reason: "already_used",
    });
  });

  it("a code without once-per-person can be used on two purchases by one person", async () => {
    await put(stored("TWICE-OK"));
    await redeemPromotionCodeOnce({ promotionCodeId: "TWICE-OK", uid: "person-c", purchaseId: "cs_c1", now: NOW });
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "TWICE-OK", uid: "person-c", purchaseId: "cs_c2", now: NOW })).toEqual({
      ok: true,
    });
    expect(await count("TWICE-OK")).toBe(2);
  });

  it("re-checks the window and the switch at fulfilment", async () => {
    await put(stored("WINDOW-T", { validFrom: NOW, expiresAt: NOW + 10 }));
    await put(stored("OFF-T", { active: false }));
    const at = (now: number, purchaseId: string) => redeemPromotionCodeOnce({ promotionCodeId: "WINDOW-T", uid: "w", purchaseId, now });
    expect(await at(NOW - 1, "cs_w0")).toEqual({ ok: false, reason: "not_valid_yet" });
    expect(await at(NOW + 10, "cs_w1")).toEqual({ ok: false, reason: "expired" });
    expect(await at(NOW + 9, "cs_w2")).toEqual({ ok: true });
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "OFF-T", uid: "w", purchaseId: "cs_off", now: NOW })).toEqual({
      ok: false,
      reason: "inactive",
    });
    expect(await redeemPromotionCodeOnce({ promotionCodeId: "GONE-T", uid: "w", purchaseId: "cs_gone", now: NOW })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(await count("WINDOW-T")).toBe(1);
  });

  it("commits with the caller's other writes, or not at all", async () => {
    await put(stored("ATOMIC-T"));
    await expect(
      store.transaction(async (tx) => {
        await redeemPromotionCode(tx, { promotionCodeId: "ATOMIC-T", uid: "z", purchaseId: "cs_z", now: NOW });
        throw new Error("fulfilment failed after the redemption");
      }),
    ).rejects.toThrow(/fulfilment failed/);
    expect(await count("ATOMIC-T")).toBe(0);
    expect(await redemptionsOf("ATOMIC-T")).toBe(0);
  });

  it("refuses a purchase id that cannot be part of a document id", async () => {
    await expect(redeemPromotionCodeOnce({ promotionCodeId: "STILL-TEN", uid: "u", purchaseId: "a/b", now: NOW })).rejects.toThrow();
  });
});

describe("analytics events", () => {
  beforeEach(() => setStoreForTests(store));

  it("appends an event, with the typed code cut short", async () => {
    const typed = "x".repeat(10_240);
    const event = promotionCheckEvent(typed, "monthly", { outcome: "invalid", reason: "malformed" });
    expect(await recordEvent(event, { uid: "evt-user", now: 1234 })).toBe(true);
    const { docs } = await store.query(ANALYTICS_EVENTS, anything, { where: [{ field: "uid", op: "==", value: "evt-user" }] });
    expect(docs).toHaveLength(1);
    expect(docs[0].data).toMatchObject({
      name: "Promotion_Code_Invalid",
      uid: "evt-user",
      at: 1234,
      properties: { typedCode: "x".repeat(64), normalizedCode: null, planId: "monthly", reason: "malformed" },
    });
  });

  it("never throws to the caller when the store fails", async () => {
    const broken = { ...store, createIfAbsent: () => Promise.reject(new Error("read-only")) } as DocumentStore;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    setStoreForTests(broken);
    try {
      const event = promotionCheckEvent("SLEEPWELL", "monthly", { outcome: "expired" });
      await expect(recordEvent(event, { uid: null })).resolves.toBe(false);
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      setStoreForTests(store);
      warn.mockRestore();
    }
  });
});
