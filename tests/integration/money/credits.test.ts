import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const { createOutboxMailer } = await import("../../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { bookClass, cancelBooking, leaveWaitlist, bookingFor, CLASS_BOOKINGS, CLASS_SEATS } =
  await import("../../../app/models/classes/booking.server");
const { changeClass, returnCreditsOfCancelledClass } = await import("../../../app/models/classes/class-changes.server");
const credits = await import("../../../app/models/wallet/credits.server");
const { ledgerProblems, ledgerTotals } = await import("../../../app/models/wallet/credit-ledger");
const { demoCreditPacks } = await import("../../../app/demo/credit-packs");

const {
  grantCreditPack,
  creditSummary,
  expireCredits,
  sendExpiryReminders,
  adjustCredits,
  readLedger,
  holdingsOf,
  CREDIT_PACKS,
  CLASS_CREDITS,
} = credits;

const DAY = 86_400_000;
const NOW = new Date("2026-11-23T12:00:00Z");
const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "credits-mail-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});
const anyDoc = z.record(z.unknown());

beforeAll(async () => {
  setMailerForTests(outbox);
  for (const pack of demoCreditPacks) await getStore().set(CREDIT_PACKS, pack.id, { ...pack });
  await getStore().set(CREDIT_PACKS, "short", {
    ...demoCreditPacks[0],
    id: "short",
    name: "Two-week pair",
    credits: 2,
    validDays: 14,
    amount: 2000,
  });
});

let n = 0;
async function person(name: string) {
  n += 1;
  const uid = `credit-${name.toLowerCase()}-${n}`;
  await savePrivateUser(uid, { firstName: name, lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: "Europe/Berlin" });
  return uid;
}

async function creditClass(capacity: number, creditCost: number | null = 1) {
  n += 1;
  const id = `credit-class-${n}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: `Credit Sit ${n}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
    durationMinutes: 30,
    capacity,
    timeZone: "Europe/Berlin",
    creditCost,
  });
  return id;
}

let purchases = 0;
function purchase(uid: string, itemId = "five-classes", paidAt = NOW.getTime()) {
  purchases += 1;
  const pack = demoCreditPacks.find((p) => p.id === itemId);
  return {
    purchaseId: `pur_${purchases}_${uid}`,
    uid,
    kind: "credit_pack" as const,
    itemId,
    amount: pack?.amount ?? 2000,
    currency: "usd",
    metadata: {},
    paidAt,
  };
}

async function ledgerOf(uid: string) {
  return readLedger(getStore(), uid);
}

async function bookingsOf(classId: string) {
  const { docs } = await getStore().query(CLASS_BOOKINGS, anyDoc, { where: [{ field: "classId", op: "==", value: classId }] });
  return docs.map((doc) => doc.data as { uid: string; status: string; creditRef: string | null; payment: string });
}

describe("granting a pack", () => {
  it("a purchase replayed five times, one after another and all at once, makes one pack with one purchase entry", async () => {
    const uid = await person("Ada");
    const paid = purchase(uid);
    const sequential = [];
    for (let i = 0; i < 5; i += 1) sequential.push(await grantCreditPack(paid));
    expect(sequential.map((r) => r.ok && r.status)).toEqual([
      "granted",
      "already_granted",
      "already_granted",
      "already_granted",
      "already_granted",
    ]);
    const second = purchase(uid, "ten-classes");
    const together = await Promise.all(Array.from({ length: 5 }, () => grantCreditPack(second)));
    expect(together.filter((r) => r.ok && r.status === "granted")).toHaveLength(1);
    const ledger = await ledgerOf(uid);
    expect(ledger.packs.map((p) => p.credits).sort()).toEqual([10, 5]);
    expect(ledger.entries.map((e) => [e.seq, e.kind, e.amount])).toEqual([
      [1, "purchase", 5],
      [2, "purchase", 10],
    ]);
    expect((await creditSummary(uid, NOW)).balance).toBe(15);
    // Validity comes from the catalogue, counted from the payment.
    expect(ledger.packs.find((p) => p.creditPackId === "five-classes")!.expiresAt).toBe(NOW.getTime() + 90 * DAY);
  });

  it("refuses a purchase of something else, an unknown pack, forged fields and another member's purchase id, writing nothing", async () => {
    const uid = await person("Bo");
    const good = purchase(uid);
    const refused = [
      { ...good, kind: "gift" },
      { ...good, itemId: "no-such-pack" },
      { ...good, amount: -4500 },
      { ...good, amount: 45.5 },
      { ...good, purchaseId: "../../etc" },
      { ...good, uid: "" },
      { ...good, paidAt: Number.NaN },
    ];
    for (const bad of refused) expect((await grantCreditPack(bad as never)).ok, JSON.stringify(bad)).toBe(false);
    expect((await ledgerOf(uid)).entries).toEqual([]);
    expect(await grantCreditPack(good)).toMatchObject({ ok: true, status: "granted" });
    expect(await grantCreditPack({ ...good, uid: "someone-else" })).toEqual({ ok: false, reason: "other_member" });
    expect((await ledgerOf("someone-else")).entries).toEqual([]);
  });
});

describe("booking with credits", () => {
  it("spends from the pack expiring soonest, in the booking's own transaction; a member spends nothing", async () => {
    const uid = await person("Cyd");
    await grantCreditPack(purchase(uid, "ten-classes"));
    await grantCreditPack(purchase(uid, "short"));
    const classId = await creditClass(5);
    expect(await bookClass({ uid, classId, now: NOW, isMember: false })).toEqual({ ok: true, status: "booked" });
    const ledger = await ledgerOf(uid);
    const spend = ledger.entries.filter((e) => e.kind === "spend");
    expect(spend).toHaveLength(1);
    expect(ledger.packs.find((p) => p.id === spend[0].packId)!.creditPackId).toBe("short");
    expect(spend[0]).toMatchObject({ amount: -1, classId });
    const [booking] = await bookingsOf(classId);
    expect(booking).toMatchObject({ payment: "credits", creditRef: spend[0].bookingId });
    // Booking again answers the same place and spends nothing more.
    expect(await bookClass({ uid, classId, now: NOW, isMember: false })).toEqual({ ok: true, status: "booked" });
    expect((await ledgerOf(uid)).entries).toHaveLength(3);

    const member = await person("Dee");
    await grantCreditPack(purchase(member));
    expect(await bookClass({ uid: member, classId, now: NOW, isMember: true })).toEqual({ ok: true, status: "booked" });
    expect((await creditSummary(member, NOW)).balance).toBe(5);
  });

  it("refuses more than is held, a members-only class, and a visitor with no packs, with nothing written", async () => {
    const uid = await person("Eli");
    await grantCreditPack(purchase(uid, "short"));
    const dear = await creditClass(5, 3);
    const membersOnly = await creditClass(5, null);
    const refused = await bookClass({ uid, classId: dear, now: NOW, isMember: false });
    expect(refused).toMatchObject({ ok: false, problem: "not_enough_credits", status: 409 });
    expect(refused.ok === false && refused.message).toBe(
      "This class takes 3 credits and you have 2 credits left. A class pack or a membership will let you book.",
    );
    expect(await bookClass({ uid, classId: membersOnly, now: NOW, isMember: false })).toMatchObject({ ok: false, problem: "not_member" });
    const nobody = await person("Fen");
    expect(await bookClass({ uid: nobody, classId: dear, now: NOW, isMember: false })).toMatchObject({
      ok: false,
      problem: "not_enough_credits",
    });
    for (const id of [dear, membersOnly]) {
      expect(await bookingsOf(id)).toEqual([]);
      expect(await getStore().get(CLASS_SEATS, id, anyDoc)).toBeNull();
    }
    expect((await ledgerOf(uid)).entries).toHaveLength(1);
    expect((await ledgerOf(nobody)).entries).toEqual([]);
  });

  it("30 people with one credit each racing for 3 seats: 3 spends, 27 in line with nothing spent", async () => {
    const classId = await creditClass(3);
    const people = await Promise.all(Array.from({ length: 30 }, (_, i) => person(`Racer${i}`)));
    await Promise.all(people.map((uid) => grantCreditPack(purchase(uid, "short"))));
    const results = await Promise.all(people.map((uid) => bookClass({ uid, classId, now: NOW, isMember: false })));
    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(3);
    expect(results.filter((r) => r.ok && r.status === "waitlisted")).toHaveLength(27);
    const spends = (await Promise.all(people.map(ledgerOf))).flatMap((l) => l.entries.filter((e) => e.kind === "spend"));
    expect(spends).toHaveLength(3);
  });

  it("negative and fractional adjustments are refused; a correction never takes a pack below zero", async () => {
    const uid = await person("Gil");
    const granted = await grantCreditPack(purchase(uid, "short"));
    if (!granted.ok) throw new Error("not granted");
    for (const amount of [0, 0.5, -1.5, Number.NaN, 5000])
      expect(await adjustCredits({ uid, packId: granted.pack.id, amount, reason: "test", now: NOW })).toEqual({
        ok: false,
        reason: "invalid_amount",
      });
    expect(await adjustCredits({ uid, packId: granted.pack.id, amount: -3, reason: "test", now: NOW })).toEqual({
      ok: false,
      reason: "not_enough_credits",
    });
    expect(await adjustCredits({ uid, packId: "not-theirs", amount: 1, reason: "test", now: NOW })).toEqual({
      ok: false,
      reason: "unknown_pack",
    });
    expect(await adjustCredits({ uid, packId: granted.pack.id, amount: 1, reason: "goodwill", now: NOW })).toEqual({ ok: true });
    expect((await creditSummary(uid, NOW)).balance).toBe(3);
  });
});

describe("giving credits back", () => {
  it("the member cancelling twice at once gets the credit back once, and one e-mail", async () => {
    const uid = await person("Hal");
    await grantCreditPack(purchase(uid));
    const classId = await creditClass(5);
    await bookClass({ uid, classId, now: NOW, isMember: false });
    expect((await creditSummary(uid, NOW)).balance).toBe(4);
    const [a, b] = await Promise.all([cancelBooking({ uid, classId, now: NOW }), cancelBooking({ uid, classId, now: NOW })]);
    const done = [a, b].filter((r) => r.ok);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ credits: { returned: 1, expired: 0 } });
    expect((await creditSummary(uid, NOW)).balance).toBe(5);
    expect((await ledgerOf(uid)).entries.filter((e) => e.kind === "refund")).toHaveLength(1);
    // Booking again is a new occasion with its own spend, refunded on its own.
    await bookClass({ uid, classId, now: new Date(NOW.getTime() + 1000), isMember: false });
    expect((await creditSummary(uid, NOW)).balance).toBe(4);
    const spends = (await ledgerOf(uid)).entries.filter((e) => e.kind === "spend");
    expect(new Set(spends.map((e) => e.bookingId)).size).toBe(2);
  });

  it("a class staff cancel returns every credit exactly once under 20 concurrent retries and the member cancelling at the same moment", async () => {
    const classId = await creditClass(10, 2);
    const people = await Promise.all(["Ivy", "Jem", "Kit", "Lou"].map(person));
    for (const uid of people) await grantCreditPack(purchase(uid));
    for (const uid of people) expect(await bookClass({ uid, classId, now: NOW, isMember: false })).toEqual({ ok: true, status: "booked" });
    const later = new Date(NOW.getTime() + DAY);
    await Promise.all([
      changeClass({ intent: "cancel", classId }, later),
      ...Array.from({ length: 10 }, () => changeClass({ intent: "cancel", classId }, later)),
      ...Array.from({ length: 10 }, () => returnCreditsOfCancelledClass(classId, later)),
      cancelBooking({ uid: people[0], classId, now: later }),
    ]);
    for (const uid of people) {
      const ledger = await ledgerOf(uid);
      expect(ledger.entries.map((e) => e.kind)).toEqual(["purchase", "spend", "refund"]);
      expect(ledger.entries[2].amount).toBe(2);
      expect((await creditSummary(uid, later)).balance).toBe(5);
      const mails = await outbox.read({ to: `${uid}@example.com` });
      expect(
        mails.filter((m) => m.subject.includes("credits are back")),
        uid,
      ).toHaveLength(1);
    }
    const mail = (await outbox.read({ to: `${people[1]}@example.com` })).find((m) => m.subject.includes("credits are back"))!;
    expect(mail.subject).toBe(`Your credits are back: Credit Sit ${classId.split("-").at(-1)}`);
    expect(mail.text).toContain("was cancelled, so the 2 credits it took are back in your account");
  });

  it("a credit spent from a pack that expired before the class was cancelled comes back and expires again, and the e-mail says so", async () => {
    const uid = await person("Max");
    await grantCreditPack(purchase(uid, "short"));
    const classId = await creditClass(5);
    await bookClass({ uid, classId, now: NOW, isMember: false });
    const afterExpiry = new Date(NOW.getTime() + 20 * DAY);
    await expireCredits(afterExpiry);
    expect((await ledgerOf(uid)).entries.map((e) => e.kind)).toEqual(["purchase", "spend", "expiry"]);
    await changeClass({ intent: "cancel", classId }, afterExpiry);
    const ledger = await ledgerOf(uid);
    expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
      ["purchase", 2],
      ["spend", -1],
      ["expiry", -1],
      ["refund", 1],
      ["expiry", -1],
    ]);
    expect(ledgerProblems(holdingsOf(ledger), ledger.entries)).toEqual([]);
    const mail = (await outbox.read({ to: `${uid}@example.com` })).find((m) => m.subject.startsWith("About your credits"));
    expect(mail?.text).toContain("but that pack has since expired, so it can't be used again");
  });
});

describe("the waitlist with credits", () => {
  it("joins without spending; a freed seat spends in the promoting transaction, or passes someone with no credits left over", async () => {
    const classId = await creditClass(1);
    const holder = await person("Ned");
    const broke = await person("Oona");
    const next = await person("Pim");
    for (const uid of [holder, broke, next]) await grantCreditPack(purchase(uid, "short"));
    await bookClass({ uid: holder, classId, now: NOW, isMember: false });
    expect(await bookClass({ uid: broke, classId, now: new Date(NOW.getTime() + 1), isMember: false })).toEqual({
      ok: true,
      status: "waitlisted",
      position: 1,
    });
    expect(await bookClass({ uid: next, classId, now: new Date(NOW.getTime() + 2), isMember: false })).toEqual({
      ok: true,
      status: "waitlisted",
      position: 2,
    });
    expect((await creditSummary(broke, NOW)).balance).toBe(2);
    // Oona spends both her credits elsewhere while waiting.
    for (const other of [await creditClass(5), await creditClass(5)])
      await bookClass({ uid: broke, classId: other, now: NOW, isMember: false });
    expect((await creditSummary(broke, NOW)).balance).toBe(0);

    const result = await cancelBooking({ uid: holder, classId, now: NOW });
    expect(result).toMatchObject({ ok: true, promotedUid: next, passedOver: [broke], credits: { returned: 1 } });
    expect(await bookingFor(next, classId)).toEqual({ status: "booked" });
    expect(await bookingFor(broke, classId)).toBeNull();
    expect((await creditSummary(next, NOW)).balance).toBe(1);
    expect(await getStore().get(CLASS_SEATS, classId, anyDoc)).toMatchObject({ booked: 1, waitlist: [] });
    // Leaving the line costs nothing.
    const classB = await creditClass(1);
    await bookClass({ uid: holder, classId: classB, now: NOW, isMember: false });
    await bookClass({ uid: next, classId: classB, now: NOW, isMember: false });
    expect(await leaveWaitlist({ uid: next, classId: classB, now: NOW })).toEqual({ ok: true });
    expect((await creditSummary(next, NOW)).balance).toBe(1);
  });
});

describe("expiry and reminders", () => {
  it("expiry is written once however often the job runs, and each pack is reminded once, seven days before", async () => {
    const uid = await person("Quin");
    await grantCreditPack(purchase(uid, "short"));
    await grantCreditPack(purchase(uid, "five-classes"));
    await sendExpiryReminders(new Date(NOW.getTime() + 6 * DAY));
    expect(await outbox.read({ to: `${uid}@example.com` })).toEqual([]);
    const inWindow = new Date(NOW.getTime() + 8 * DAY);
    await Promise.all([
      sendExpiryReminders(inWindow),
      sendExpiryReminders(inWindow),
      sendExpiryReminders(new Date(inWindow.getTime() + DAY)),
    ]);
    const mails = await outbox.read({ to: `${uid}@example.com` });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toMatch(/^2 credits left, until \w+ \d+ December$/);

    const after = new Date(NOW.getTime() + 15 * DAY);
    await Promise.all([expireCredits(after), expireCredits(after), expireCredits(after)]);
    const ledger = await ledgerOf(uid);
    expect(ledger.entries.filter((e) => e.kind === "expiry").map((e) => e.amount)).toEqual([-2]);
    expect((await creditSummary(uid, after)).balance).toBe(5);
    expect(ledgerTotals(ledger.entries)).toMatchObject({ purchased: 7, expired: 2, balance: 5 });
    const { docs } = await getStore().query(CLASS_CREDITS, anyDoc, { where: [{ field: "uid", op: "==", value: uid }] });
    expect(docs).toHaveLength(3);
  });
});
