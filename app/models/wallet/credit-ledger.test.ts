import { describe, expect, it } from "vitest";
import { prng } from "../../../bench/prng.js";
import {
  creditsHeldBy,
  isWellSigned,
  ledgerProblems,
  ledgerTotals,
  planExpiry,
  planRefund,
  planReturn,
  planRevoke,
  planSpend,
  packsExpiringSoon,
  packsWithCredits,
  spendOrder,
  spendableBalance,
  type CreditPackHolding,
  type LedgerEntry,
} from "./credit-ledger";

const DAY = 86_400_000;
const pack = (id: string, credits: number, purchasedAt: number, days: number): CreditPackHolding => ({
  id,
  credits,
  purchasedAt,
  expiresAt: purchasedAt + days * DAY,
});
const bought = (p: CreditPackHolding): LedgerEntry => ({ packId: p.id, kind: "purchase", amount: p.credits, at: p.purchasedAt });

describe("spending credits", () => {
  const old = pack("old", 5, 0, 90);
  const soon = pack("soon", 3, 10 * DAY, 30); // bought later, expires first
  const entries = [bought(old), bought(soon)];

  it("takes from the pack expiring soonest first, then the next", () => {
    expect(spendOrder([old, soon]).map((p) => p.id)).toEqual(["soon", "old"]);
    const plan = planSpend([old, soon], entries, 4, 20 * DAY, "b1");
    expect(plan).toEqual({
      ok: true,
      entries: [
        { packId: "soon", kind: "spend", amount: -3, at: 20 * DAY, bookingId: "b1" },
        { packId: "old", kind: "spend", amount: -1, at: 20 * DAY, bookingId: "b1" },
      ],
    });
  });

  it("refuses to spend more than is held, or a nonsense amount, and says how many are left", () => {
    expect(planSpend([old, soon], entries, 9, 20 * DAY, "b")).toEqual({ ok: false, reason: "not_enough_credits", available: 8 });
    for (const amount of [0, -1, 1.5, Number.NaN])
      expect(planSpend([old, soon], entries, amount, 20 * DAY, "b")).toMatchObject({ ok: false, reason: "invalid_amount" });
  });

  it("never spends from an expired pack", () => {
    expect(spendableBalance([old, soon], entries, 45 * DAY)).toBe(5);
    const plan = planSpend([old, soon], entries, 1, 45 * DAY, "b2");
    expect(plan.ok && plan.entries.map((e) => e.packId)).toEqual(["old"]);
  });
});

describe("refunds and expiry", () => {
  it("a cancelled booking gets its credits back to the packs they came from, once", () => {
    const a = pack("a", 1, 0, 30);
    const b = pack("b", 5, 0, 60);
    const spend = planSpend([a, b], [bought(a), bought(b)], 2, DAY, "class-1");
    if (!spend.ok) throw new Error("plan failed");
    const ledger = [bought(a), bought(b), ...spend.entries];
    const refund = planRefund(ledger, "class-1", 2 * DAY);
    expect(refund.map((e) => [e.packId, e.amount])).toEqual([
      ["a", 1],
      ["b", 1],
    ]);
    expect(planRefund([...ledger, ...refund], "class-1", 3 * DAY)).toEqual([]);
    expect(planRefund(ledger, "never-booked", 3 * DAY)).toEqual([]);
  });

  it("expires what is left in a pack at its expiry date, and nothing twice", () => {
    const a = pack("a", 4, 0, 30);
    const ledger: LedgerEntry[] = [bought(a), { packId: "a", kind: "spend", amount: -1, at: DAY, bookingId: "x" }];
    expect(planExpiry([a], ledger, 29 * DAY)).toEqual([]);
    const expiry = planExpiry([a], ledger, 31 * DAY);
    expect(expiry).toEqual([{ packId: "a", kind: "expiry", amount: -3, at: 31 * DAY }]);
    expect(planExpiry([a], [...ledger, ...expiry], 40 * DAY)).toEqual([]);
  });

  it("checks signs: a spend that adds or a fractional credit is flagged", () => {
    expect(isWellSigned({ packId: "a", kind: "spend", amount: 2, at: 0 })).toBe(false);
    expect(isWellSigned({ packId: "a", kind: "refund", amount: 0.5, at: 0 })).toBe(false);
    expect(isWellSigned({ packId: "a", kind: "adjustment", amount: -2, at: 0 })).toBe(true);
  });
});

describe("the ledger's invariants over 1,000 random histories", () => {
  it("never goes below zero; purchased = spent - refunded + expired + balance; one spend per credit-paid booking", () => {
    for (let seed = 1; seed <= 1_000; seed += 1) {
      const random = prng(seed);
      const packs: CreditPackHolding[] = [];
      const ledger: LedgerEntry[] = [];
      const paidBookings = new Set<string>();
      let now = 0;
      for (let step = 0; step < 40; step += 1) {
        now += Math.floor(random() * 5 * DAY);
        const roll = random();
        if (roll < 0.2) {
          const p = pack(`p${packs.length}`, [5, 10][Math.floor(random() * 2)], now, [30, 90][Math.floor(random() * 2)]);
          packs.push(p);
          ledger.push(bought(p));
        } else if (roll < 0.6) {
          const bookingId = `b${step}`;
          const plan = planSpend(packs, ledger, 1 + Math.floor(random() * 3), now, bookingId);
          if (plan.ok) {
            ledger.push(...plan.entries);
            paidBookings.add(bookingId);
          }
        } else if (roll < 0.8 && paidBookings.size > 0) {
          const bookings = [...paidBookings];
          const bookingId = bookings[Math.floor(random() * bookings.length)];
          ledger.push(...planRefund(ledger, bookingId, now));
          if (random() < 0.3) ledger.push(...planRefund(ledger, bookingId, now)); // a repeated cancellation
        } else {
          ledger.push(...planExpiry(packs, ledger, now));
        }
        expect(spendableBalance(packs, ledger, now), `seed ${seed}`).toBeGreaterThanOrEqual(0);
      }
      ledger.push(...planExpiry(packs, ledger, now + 365 * DAY));
      expect(ledgerProblems(packs, ledger), `seed ${seed}`).toEqual([]);
      const totals = ledgerTotals(ledger);
      expect(totals.purchased, `seed ${seed}`).toBe(totals.spent - totals.refunded + totals.expired + totals.balance);
      expect(totals.balance, `seed ${seed}: everything has expired`).toBe(0);
      for (const bookingId of paidBookings) {
        const packsSpent = ledger.filter((e) => e.bookingId === bookingId && e.kind === "spend").map((e) => e.packId);
        expect(new Set(packsSpent).size, `seed ${seed} ${bookingId}`).toBe(packsSpent.length);
      }
    }
  });
});

describe("returning, holding and reminding", () => {
  it("a refund to a pack that has already expired is followed at once by its expiry; to a live pack it stays", () => {
    const live = pack("live", 2, 0, 90);
    const gone = pack("gone", 1, 0, 10);
    const spend = planSpend([live, gone], [bought(live), bought(gone)], 2, 5 * DAY, "b");
    if (!spend.ok) throw new Error("plan failed");
    const ledger = [bought(live), bought(gone), ...spend.entries];
    expect(spend.entries.map((e) => e.packId)).toEqual(["gone", "live"]);
    expect(creditsHeldBy(ledger, "b")).toBe(2);
    const back = planReturn([live, gone], ledger, "b", 20 * DAY);
    expect(back.map((e) => [e.kind, e.packId, e.amount])).toEqual([
      ["refund", "gone", 1],
      ["refund", "live", 1],
      ["expiry", "gone", -1],
    ]);
    const after = [...ledger, ...back];
    expect(creditsHeldBy(after, "b")).toBe(0);
    expect(spendableBalance([live, gone], after, 20 * DAY)).toBe(2);
    expect(planReturn([live, gone], after, "b", 21 * DAY)).toEqual([]);
    expect(ledgerProblems([live, gone], after)).toEqual([]);
  });

  it("lists packs with credits left, soonest first, and which of them expire within the reminder window", () => {
    const a = pack("a", 5, 0, 90);
    const b = pack("b", 3, 0, 30);
    const empty = pack("empty", 1, 0, 20);
    const ledger = [bought(a), bought(b), bought(empty), { packId: "empty", kind: "spend" as const, amount: -1, at: DAY, bookingId: "x" }];
    expect(packsWithCredits([a, b, empty], ledger, 2 * DAY).map((r) => [r.pack.id, r.left])).toEqual([
      ["b", 3],
      ["a", 5],
    ]);
    expect(packsExpiringSoon([a, b, empty], ledger, 22 * DAY, 7 * DAY).map((r) => r.pack.id)).toEqual([]);
    expect(packsExpiringSoon([a, b, empty], ledger, 23 * DAY, 7 * DAY).map((r) => r.pack.id)).toEqual(["b"]);
    expect(packsExpiringSoon([a, b, empty], ledger, 31 * DAY, 7 * DAY).map((r) => r.pack.id)).toEqual([]);
  });
});

describe("a refunded pack", () => {
  it("its unspent credits go with one revoked line, signed like an expiry; nothing left, no line", () => {
    const ledger: LedgerEntry[] = [
      { packId: "a", kind: "purchase", amount: 5, at: 0 },
      { packId: "a", kind: "spend", amount: -2, at: DAY, bookingId: "class-1" },
      { packId: "b", kind: "purchase", amount: 3, at: 0 },
    ];
    const revoke = planRevoke(ledger, "a", 2 * DAY);
    expect(revoke).toEqual([{ packId: "a", kind: "revoked", amount: -3, at: 2 * DAY }]);
    expect(isWellSigned(revoke[0])).toBe(true);
    expect(isWellSigned({ packId: "a", kind: "revoked", amount: 3, at: 0 })).toBe(false);
    expect(planRevoke([...ledger, ...revoke], "a", 3 * DAY)).toEqual([]);
    expect(ledgerTotals([...ledger, ...revoke])).toMatchObject({ purchased: 8, spent: 2, revoked: 3, balance: 3 });
  });
});
