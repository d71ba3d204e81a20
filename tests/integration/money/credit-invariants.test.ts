import { describe, expect, it } from "vitest";
import { prng } from "../../../bench/prng.js";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { setStoreForTests } = await import("../../../app/services/store/index.server");
const { createSqliteStore } = await import("../../../app/services/store/sqlite.server");
const { bookClass, cancelBooking, leaveWaitlist, CLASS_BOOKINGS, CLASS_SEATS } = await import("../../../app/models/classes/booking.server");
const { changeClass, returnCreditsOfCancelledClasses } = await import("../../../app/models/classes/class-changes.server");
const { grantCreditPack, expireCredits, readLedger, holdingsOf, CREDIT_PACKS } = await import("../../../app/models/wallet/credits.server");
const { ledgerProblems, ledgerTotals, spendableBalance } = await import("../../../app/models/wallet/credit-ledger");

/**
 * The ledger's invariants on the store (issue 11), over 1,000 seeded random histories: each round
 * sends purchases (some replayed), credit bookings, cancellations, staff cancelling classes and
 * expiry runs at once, on a fresh SQLite store. After every run, for every member:
 *   - no pack ever dipped below zero, in the order entries were committed, and none is spendable below zero;
 *   - purchased = spent - refunded + expired + balance (no adjustments here);
 *   - every booking occasion paid by credit has exactly one spend (one transaction's entries) and at
 *     most one refund; a live booking holds its cost, a cancelled one (or on a cancelled class) nothing;
 *   - each purchase id made one pack, and seat counts agree with the bookings.
 */

const DAY = 86_400_000;
const RUNS = Number(process.env.CREDIT_RUNS ?? 1_000);
const START = Date.parse("2026-11-23T12:00:00Z");
const anyDoc = z.record(z.unknown());

const PACKS = [
  { id: "pair", name: "Pair", credits: 2, validDays: 20, amount: 2000 },
  { id: "five", name: "Five", credits: 5, validDays: 60, amount: 4500 },
];

const seen = { spends: 0, refunds: 0, expiries: 0, promotedOnCredits: 0, classesCancelled: 0, replays: 0 };

async function run(seed: number) {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const store = createSqliteStore(":memory:");
  setStoreForTests(store);
  for (const pack of PACKS)
    await store.set(CREDIT_PACKS, pack.id, { ...pack, description: "", currency: "usd", stripePriceId: null, active: true, order: 0 });
  const members = ["m0", "m1", "m2", "m3"];
  const classes = ["c0", "c1", "c2"];
  for (const id of classes) {
    await store.set("classes", id, {
      id,
      title: `Class ${id}`,
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(START + 400 * DAY).toISOString(),
      durationMinutes: 30,
      capacity: 1 + Math.floor(random() * 3),
      creditCost: 1 + Math.floor(random() * 2),
    });
  }
  const purchaseIds = new Map<string, string>();
  let now = START;
  for (let round = 0; round < 8; round += 1) {
    now += Math.floor(random() * 25 * DAY);
    const at = new Date(now);
    const ops: Array<() => Promise<unknown>> = [];
    const count = 3 + Math.floor(random() * 6);
    for (let i = 0; i < count; i += 1) {
      const roll = random();
      const uid = pick(members);
      const classId = pick(classes);
      if (roll < 0.25) {
        const replay = purchaseIds.size > 0 && random() < 0.3;
        if (replay) seen.replays += 1;
        const purchaseId = replay ? pick([...purchaseIds.keys()]) : `p${seed}x${round}x${i}`;
        const owner = replay ? purchaseIds.get(purchaseId)! : uid;
        purchaseIds.set(purchaseId, owner);
        const pack = pick(PACKS);
        ops.push(() =>
          grantCreditPack({
            purchaseId,
            uid: owner,
            kind: "credit_pack",
            itemId: pack.id,
            amount: pack.amount,
            currency: "usd",
            metadata: {},
            paidAt: now,
          }),
        );
      } else if (roll < 0.6) ops.push(() => bookClass({ uid, classId, now: at, isMember: false }));
      else if (roll < 0.8) ops.push(() => cancelBooking({ uid, classId, now: at }));
      else if (roll < 0.87) ops.push(() => leaveWaitlist({ uid, classId, now: at }));
      else if (roll < 0.9) ops.push(() => changeClass({ intent: "cancel", classId }, at));
      else ops.push(() => expireCredits(at));
    }
    await Promise.all(ops.map((op) => op()));
  }
  // The sweep catches up, then everything left expires.
  await returnCreditsOfCancelledClasses(new Date(now));
  const end = now + 400 * DAY;

  const problems: string[] = [];
  const say = (text: string) => problems.push(`seed ${seed}: ${text}`);
  const bookings = (await store.query(CLASS_BOOKINGS, anyDoc)).docs.map(
    (doc) => doc.data as { uid: string; classId: string; status: string; creditRef: string | null; creditCost: number; payment: string },
  );
  const classDocs = new Map((await store.query("classes", anyDoc)).docs.map((doc) => [doc.id, doc.data as { status?: string }]));

  seen.classesCancelled += [...classDocs.values()].filter((c) => c.status === "cancelled").length;
  seen.promotedOnCredits += bookings.filter((b) => (b as { promoted?: boolean }).promoted && b.payment === "credits").length;
  for (const uid of members) {
    const ledger = await readLedger(store, uid);
    const holdings = holdingsOf(ledger);
    for (const entry of ledger.entries) {
      if (entry.kind === "spend") seen.spends += 1;
      if (entry.kind === "refund") seen.refunds += 1;
      if (entry.kind === "expiry") seen.expiries += 1;
    }
    // In commit order (the sequence), no pack ever goes below zero.
    const running = new Map<string, number>();
    for (const entry of ledger.entries) {
      const next = (running.get(entry.packId) ?? 0) + entry.amount;
      running.set(entry.packId, next);
      if (next < 0) say(`${uid}: pack ${entry.packId} below zero at entry ${entry.seq}`);
    }
    for (const problem of ledgerProblems(holdings, ledger.entries)) say(`${uid}: ${problem}`);
    if (spendableBalance(holdings, ledger.entries, now) < 0) say(`${uid}: negative spendable balance`);
    const totals = ledgerTotals(ledger.entries);
    if (totals.purchased !== totals.spent - totals.refunded + totals.expired + totals.balance)
      say(`${uid}: totals do not add up ${JSON.stringify(totals)}`);
    const owned = [...purchaseIds]
      .filter(([, owner]) => owner === uid)
      .map(([id]) => id)
      .sort();
    if (JSON.stringify(ledger.packs.map((p) => p.purchaseId).sort()) !== JSON.stringify(owned))
      say(`${uid}: packs ${ledger.packs.length} for ${owned.length} purchases`);

    // Every booking occasion: one spend transaction, refunds at most what it spent.
    const occasions = new Map<string, typeof ledger.entries>();
    for (const entry of ledger.entries)
      if (entry.bookingId) occasions.set(entry.bookingId, [...(occasions.get(entry.bookingId) ?? []), entry]);
    for (const [ref, entries] of occasions) {
      const spends = entries.filter((e) => e.kind === "spend");
      const refunds = entries.filter((e) => e.kind === "refund");
      const seqs = spends.map((e) => e.seq);
      if (spends.length === 0) say(`${ref}: refunded without a spend`);
      if (new Set(spends.map((e) => e.at)).size !== 1 || seqs.some((s, i) => i > 0 && s !== seqs[i - 1] + 1))
        say(`${ref}: more than one spend`);
      if (new Set(spends.map((e) => e.packId)).size !== spends.length) say(`${ref}: one pack spent twice`);
      if (new Set(refunds.map((e) => e.at)).size > 1) say(`${ref}: refunded more than once`);
      const spent = -spends.reduce((sum, e) => sum + e.amount, 0);
      const refunded = refunds.reduce((sum, e) => sum + e.amount, 0);
      if (refunded !== 0 && refunded !== spent) say(`${ref}: spent ${spent}, refunded ${refunded}`);
      const booking = bookings.find((b) => b.creditRef === ref);
      if (!booking) {
        // An earlier occasion of a booking made again since: it must have been given back in full.
        if (!bookings.some((b) => ref.startsWith(`${b.classId}:${b.uid}:`)) || refunded !== spent)
          say(`${ref}: an old spend not given back`);
        continue;
      }
      if (spent !== booking.creditCost) say(`${ref}: spent ${spent} for a cost of ${booking.creditCost}`);
      const live = booking.status === "booked" && classDocs.get(booking.classId)?.status !== "cancelled";
      if (live && refunded !== 0) say(`${ref}: a live booking was refunded`);
      if (!live && refunded === 0) say(`${ref}: a cancelled booking kept its credits`);
    }
  }
  for (const booking of bookings) {
    if (booking.payment === "credits" && booking.status === "booked" && !booking.creditRef)
      say(`${booking.classId}:${booking.uid}: booked on credits without a spend`);
  }
  for (const classId of classes) {
    const seats = (await store.get(CLASS_SEATS, classId, anyDoc)) as { booked: number; waitlist: { uid: string }[] } | null;
    const booked = bookings.filter((b) => b.classId === classId && b.status === "booked").length;
    if ((seats?.booked ?? 0) !== booked) say(`${classId}: seats say ${seats?.booked}, bookings say ${booked}`);
  }

  // Finally everything expires: balances end at zero and the identity still holds.
  await expireCredits(new Date(end));
  for (const uid of members) {
    const ledger = await readLedger(store, uid);
    const totals = ledgerTotals(ledger.entries);
    if (totals.balance !== 0) say(`${uid}: ${totals.balance} left after everything expired`);
    if (totals.purchased !== totals.spent - totals.refunded + totals.expired) say(`${uid}: final totals ${JSON.stringify(totals)}`);
  }
  await store.close();
  return problems;
}

describe("the credit ledger on SQLite", () => {
  it("keeps its invariants over 1,000 random histories of concurrent purchases, bookings, cancellations and expiries", async () => {
    const problems: string[] = [];
    let credited = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const found = await run(seed);
      problems.push(...found);
      if (problems.length > 20) break;
      credited += 1;
    }
    setStoreForTests(undefined);
    expect(problems).toEqual([]);
    expect(credited).toBe(RUNS);
    // The histories did exercise every movement (checked before the final expiry).
    console.log(JSON.stringify({ runs: RUNS, ...seen }));
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(RUNS / 50);
  }, 600_000);
});
