import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

/**
 * Studio (in-person) tickets paid with class credits (ADR 023, "Tickets, payment and check-in"): the
 * spend is written in the ticket's own transaction, the refund in the cancelling one, both through
 * the credit ledger of ADR 022, on SQLite where transactions are real.
 */

const { getStore } = await import("../../../app/services/store/index.server");
const { demoStudios, demoWaivers } = await import("../../../app/demo/studios");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");
const { bookInPerson, cancelTicket, getTicket } = await import("../../../app/models/studios/in-person-tickets.server");
const { STUDIOS } = await import("../../../app/models/studios/studio-records");
const { markNoShows } = await import("../../../app/models/studios/check-in.server");
const { signWaiver, WAIVERS, WAIVER_HEADS } = await import("../../../app/models/studios/waiver.server");
const { grantCreditPack, creditSummary, readLedger, CREDIT_PACKS } = await import("../../../app/models/wallet/credits.server");
const { ledgerProblems } = await import("../../../app/models/wallet/credit-ledger");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");

const DAY = 86_400_000;
const NOW = new Date("2026-11-23T12:00:00Z");
const CREDITS = { method: "credits" as const, reference: "account" };

beforeAll(async () => {
  const store = getStore();
  for (const studio of demoStudios) await store.set(STUDIOS, studio.id, { ...studio });
  for (const waiver of demoWaivers) {
    await store.set(WAIVERS, waiver.id, { ...waiver });
    await store.set(WAIVER_HEADS, waiver.studioId, { studioId: waiver.studioId, version: waiver.version });
  }
  for (const pack of demoCreditPacks) await store.set(CREDIT_PACKS, pack.id, { ...pack });
  await store.set(CREDIT_PACKS, "single", {
    ...demoCreditPacks[0],
    id: "single",
    name: "One class",
    credits: 1,
    validDays: 30,
    amount: 1500,
  });
});

let n = 0;
/** A signed-up person who has signed Lantern Yard's waiver and holds no studio membership. */
async function person(name: string) {
  n += 1;
  const uid = `studio-credit-${name}-${n}`;
  await savePrivateUser(uid, { firstName: name, lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: "America/New_York" });
  const signed = await signWaiver({
    uid,
    studioId: "lantern-yard",
    version: 1,
    now: NOW,
    signer: { fullName: `${name} Test`, email: `${uid}@example.com`, phoneNumber: null, birthday: "1990-01-01", minor: false },
    guardian: null,
  });
  expect(signed.ok).toBe(true);
  return uid;
}

/** An in-person class at Lantern Yard (12-hour late-cancel window), a week away unless told. */
async function studioClass(options: { capacity?: number; creditCost?: number | null; startsAt?: string } = {}) {
  n += 1;
  const id = `studio-credit-class-${n}`;
  await getStore().set("classes", id, {
    id,
    title: `Credit Studio Sit ${n}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: options.startsAt ?? "2026-11-30T17:30:00.000Z",
    durationMinutes: 45,
    description: "",
    capacity: options.capacity ?? 10,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
    roomId: "sun-room",
    creditCost: options.creditCost === undefined ? 1 : options.creditCost,
  });
  return id;
}

let purchases = 0;
async function buyPack(uid: string, itemId: string, paidAt = NOW.getTime() - DAY) {
  purchases += 1;
  const pack = itemId === "single" ? { amount: 1500 } : demoCreditPacks.find((p) => p.id === itemId)!;
  const granted = await grantCreditPack({
    purchaseId: `pur_studio_${purchases}`,
    uid,
    kind: "credit_pack",
    itemId,
    amount: pack.amount,
    currency: "usd",
    metadata: {},
    paidAt,
  });
  expect(granted).toMatchObject({ ok: true, status: "granted" });
  return granted.ok ? granted.pack : null!;
}

const balance = async (uid: string) => (await creditSummary(uid, NOW)).balance;
async function entriesOf(uid: string) {
  const ledger = await readLedger(getStore(), uid);
  expect(
    ledgerProblems(
      ledger.packs.map(({ id, credits, purchasedAt, expiresAt }) => ({ id, credits, purchasedAt, expiresAt })),
      ledger.entries,
    ),
  ).toEqual([]);
  return ledger.entries;
}

describe("booking a studio class with credits", () => {
  it("spends one credit, from the pack expiring soonest, in the ticket's transaction", async () => {
    const uid = await person("ada");
    const later = await buyPack(uid, demoCreditPacks[0].id);
    const sooner = await buyPack(uid, "single");
    expect(sooner.expiresAt).toBeLessThan(later.expiresAt);
    const before = await balance(uid);
    const classId = await studioClass();

    expect(await bookInPerson({ uid, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, status: "booked", already: false });
    expect(await balance(uid)).toBe(before - 1);
    const spends = (await entriesOf(uid)).filter((entry) => entry.kind === "spend");
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ packId: sooner.id, amount: -1, classId });
    const ticket = await getTicket(classId, uid);
    expect(ticket).toMatchObject({ status: "booked", payment: { method: "credits" } });
    // The ticket names its occasion in the ledger, and the spend carries the same name.
    expect(spends[0].bookingId).toBe(ticket?.payment.reference);

    // Asking again answers the place already held and spends nothing.
    expect(await bookInPerson({ uid, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, already: true });
    expect(await balance(uid)).toBe(before - 1);
  });

  it("20 bookings at once by one person with one credit make one ticket and one spend", async () => {
    const uid = await person("bea");
    await buyPack(uid, "single");
    const classId = await studioClass();
    const results = await Promise.all(Array.from({ length: 20 }, () => bookInPerson({ uid, classId, payment: CREDITS, now: NOW })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && r.startedNew)).toHaveLength(1);
    expect((await entriesOf(uid)).filter((e) => e.kind === "spend")).toHaveLength(1);
    expect(await balance(uid)).toBe(0);
  });

  it("one credit and five classes booked at once: one ticket, four refused, nothing written for them", async () => {
    const uid = await person("cal");
    await buyPack(uid, "single");
    const classes = await Promise.all(Array.from({ length: 5 }, () => studioClass()));
    const results = await Promise.all(classes.map((classId) => bookInPerson({ uid, classId, payment: CREDITS, now: NOW })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.problem === "not_enough_credits")).toHaveLength(4);
    const tickets = await Promise.all(classes.map((classId) => getTicket(classId, uid)));
    expect(tickets.filter(Boolean)).toHaveLength(1);
    expect((await entriesOf(uid)).filter((e) => e.kind === "spend")).toHaveLength(1);
  });

  it("not enough credits is refused clearly, with no ticket, seat or entry written", async () => {
    const uid = await person("dev");
    const classId = await studioClass({ creditCost: 2 });
    await buyPack(uid, "single");
    const seq = (await readLedger(getStore(), uid)).seq;
    const refused = await bookInPerson({ uid, classId, payment: CREDITS, now: NOW });
    expect(refused).toMatchObject({ ok: false, problem: "not_enough_credits", status: 409 });
    expect(!refused.ok && refused.message).toContain("takes 2 credits and you have 1 credit left");
    expect(await getTicket(classId, uid)).toBeNull();
    expect(await getStore().get("inPersonSeats", classId, z.record(z.unknown()))).toBeNull();
    expect((await readLedger(getStore(), uid)).seq).toBe(seq);

    const nobody = await person("eve");
    expect(await bookInPerson({ uid: nobody, classId, payment: CREDITS, now: NOW })).toMatchObject({
      ok: false,
      problem: "not_enough_credits",
    });
    // A class without a creditCost doesn't take credits at all.
    const membersOnly = await studioClass({ creditCost: null });
    expect(await bookInPerson({ uid, classId: membersOnly, payment: CREDITS, now: NOW })).toMatchObject({
      ok: false,
      problem: "credits_not_taken",
    });
    expect((await readLedger(getStore(), uid)).seq).toBe(seq);
  });
});

describe("cancelling a studio ticket paid with credits", () => {
  it("in time, five cancellations at once refund the credit once; booking again spends afresh", async () => {
    const uid = await person("fay");
    await buyPack(uid, "single");
    const classId = await studioClass();
    expect(await bookInPerson({ uid, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, status: "booked" });
    expect(await balance(uid)).toBe(0);

    const results = await Promise.all(Array.from({ length: 5 }, () => cancelTicket({ uid, classId, now: NOW })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => r.ok)).toMatchObject({ late: false });
    expect(await balance(uid)).toBe(1);
    const entries = await entriesOf(uid);
    expect(entries.filter((e) => e.kind === "refund")).toHaveLength(1);
    expect(await getTicket(classId, uid)).toMatchObject({ status: "cancelled" });

    // A second occasion: its own spend, refunded on its own.
    expect(await bookInPerson({ uid, classId, payment: CREDITS, now: new Date(NOW.getTime() + 1000) })).toMatchObject({
      ok: true,
      status: "booked",
    });
    expect(await balance(uid)).toBe(0);
    expect((await entriesOf(uid)).filter((e) => e.kind === "spend")).toHaveLength(2);
  });

  it("late, the studio keeps the credit and the ticket says late-cancelled", async () => {
    const uid = await person("gus");
    await buyPack(uid, "single");
    // Lantern Yard's window is 12 hours: at 12:00 UTC for a 20:00 UTC class, it is late.
    const classId = await studioClass({ startsAt: "2026-11-23T20:00:00.000Z" });
    expect(await bookInPerson({ uid, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, status: "booked" });
    expect(await cancelTicket({ uid, classId, now: NOW })).toMatchObject({ ok: true, late: true });
    expect(await getTicket(classId, uid)).toMatchObject({ status: "late_cancelled" });
    expect(await balance(uid)).toBe(0);
    expect((await entriesOf(uid)).filter((e) => e.kind === "refund")).toHaveLength(0);
  });

  it("a waitlisted ticket holds its credit; leaving the line or the class ending without a seat gives it back", async () => {
    const classId = await studioClass({ capacity: 1 });
    const first = await person("hal");
    await buyPack(first, "single");
    expect(await bookInPerson({ uid: first, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, status: "booked" });

    const leaver = await person("ivy");
    await buyPack(leaver, "single");
    expect(await bookInPerson({ uid: leaver, classId, payment: CREDITS, now: NOW })).toMatchObject({
      ok: true,
      status: "waitlisted",
      position: 1,
    });
    expect(await balance(leaver)).toBe(0);
    expect(await cancelTicket({ uid: leaver, classId, now: NOW })).toMatchObject({ ok: true, was: "waitlisted" });
    expect(await balance(leaver)).toBe(1);

    const stayer = await person("jo");
    await buyPack(stayer, "single");
    expect(await bookInPerson({ uid: stayer, classId, payment: CREDITS, now: NOW })).toMatchObject({ ok: true, status: "waitlisted" });
    expect(await markNoShows({ studioId: "lantern-yard", classId, now: new Date("2026-12-01T00:00:00Z") })).toMatchObject({
      ok: true,
      released: 1,
      noShows: 1,
    });
    expect(await balance(stayer)).toBe(1);
    expect((await entriesOf(stayer)).filter((e) => e.kind === "refund")).toHaveLength(1);
    // The one who held the seat and didn't come: the studio keeps it.
    expect(await balance(first)).toBe(0);
  });
});
