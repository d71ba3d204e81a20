import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { demoStudios, demoWaivers } = await import("../../app/demo/studios");
const tickets = await import("../../app/models/studios/in-person-tickets.server");
const { bookInPerson, cancelTicket, getTicket, paymentOptions } = tickets;
const { IN_PERSON_SEATS, IN_PERSON_TICKETS, STUDIOS, STUDIO_TRANSACTIONS } = await import("../../app/models/studios/studio-records");
const { signWaiver, publishWaiver, getSignature, WAIVERS, WAIVER_HEADS, WAIVER_SIGNATURES, textHash } =
  await import("../../app/models/studios/waiver.server");
const { checkIn, undoCheckIn, markNoShows, markEndedNoShows, checkInRecords, CHECK_IN_INFO } =
  await import("../../app/models/studios/check-in.server");
const { fulfilStudioPurchase } = await import("../../app/models/studios/studio-purchases.server");
const { sendTicketConfirmation } = await import("../../app/models/studios/ticket-mail.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { createOutboxMailer } = await import("../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../app/services/mail/index.server");
const { mkdtempSync } = await import("node:fs");
const { tmpdir } = await import("node:os");
const { join } = await import("node:path");
const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "studio-mail-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});

const NOW = new Date("2026-11-23T12:00:00Z");
const anyDoc = z.record(z.unknown());
let counter = 0;

beforeAll(async () => {
  setMailerForTests(outbox);
  const store = getStore();
  for (const studio of demoStudios) await store.set(STUDIOS, studio.id, { ...studio });
  for (const waiver of demoWaivers) {
    await store.set(WAIVERS, waiver.id, { ...waiver });
    await store.set(WAIVER_HEADS, waiver.studioId, { studioId: waiver.studioId, version: waiver.version });
  }
});

/** An in-person class at `studioId`, starting at `startsAt` (a week after NOW by default). */
async function newClass(studioId: string, capacity: number, startsAt = "2026-11-30T17:30:00.000Z") {
  counter += 1;
  const id = `studio-race-${counter}`;
  await getStore().set("classes", id, {
    id,
    title: "Test Studio Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt,
    durationMinutes: 45,
    description: "",
    capacity,
    timeZone: "America/New_York",
    studioId,
    roomId: "sun-room",
  });
  return id;
}

const signer = (name: string) => ({
  fullName: name,
  email: `${name.toLowerCase().replace(/\s/g, ".")}@example.com`,
  phoneNumber: null,
  birthday: "1990-01-01",
  minor: false,
});
const sign = (uid: string, studioId = "lantern-yard", version = 1, now = NOW) =>
  signWaiver({ uid, studioId, version, now, signer: signer(`Member ${uid}`), guardian: null });

let purchaseCounter = 0;
async function grantMembership(uid: string, studioId: string, paidAt = NOW.getTime() - 1000) {
  purchaseCounter += 1;
  const purchaseId = `pur_${String(purchaseCounter).padStart(24, "0")}`;
  await fulfilStudioPurchase({
    purchaseId,
    uid,
    kind: "studio_membership",
    itemId: "lantern-unlimited-monthly",
    amount: 14900,
    currency: "usd",
    metadata: { studioId, days: "30" },
    paidAt,
  });
  return { method: "membership" as const, reference: purchaseId };
}

describe("the waiver before booking", () => {
  it("blocks a booking posted without the current waiver, writes nothing, and allows it once signed", async () => {
    const classId = await newClass("lantern-yard", 5);
    const payment = await grantMembership("waiver-1", "lantern-yard");
    const refused = await bookInPerson({ uid: "waiver-1", classId, payment, now: NOW });
    expect(refused).toMatchObject({ ok: false, problem: "waiver_needed" });
    expect(await getTicket(classId, "waiver-1")).toBeNull();
    expect(await getStore().get(IN_PERSON_SEATS, classId, anyDoc)).toBeNull();

    const signed = await sign("waiver-1");
    expect(signed).toMatchObject({ ok: true, already: false });
    const waiver = demoWaivers.find((w) => w.studioId === "lantern-yard")!;
    expect(signed.ok && signed.signature.textHash).toBe(textHash(waiver.text));
    expect(await bookInPerson({ uid: "waiver-1", classId, payment, now: NOW })).toMatchObject({ ok: true, status: "booked" });
  });

  it("the live-class booking path refuses an in-person class, so the waiver can't be skipped that way", async () => {
    const { bookClass } = await import("../../app/models/classes/booking.server");
    const classId = await newClass("lantern-yard", 5);
    expect(await bookClass({ uid: "sneaky", classId, now: NOW, isMember: true })).toMatchObject({ ok: false, problem: "not_found" });
    expect(await getTicket(classId, "sneaky")).toBeNull();
  });

  it("a forged or superseded version is refused and records nothing; a new version needs signing again", async () => {
    expect(await sign("waiver-2", "lantern-yard", 7)).toEqual({ ok: false, reason: "stale_version" });
    expect(await getSignature("waiver-2", "lantern-yard", 7)).toBeNull();
    await sign("waiver-2", "wren-canal", 1);
    const classId = await newClass("wren-canal", 5);
    const payment = await grantMembership("waiver-2", "wren-canal");

    const v2 = await publishWaiver({
      studioId: "wren-canal",
      title: "Wren Canal waiver",
      text: "Version two, with a new paragraph.",
      now: NOW,
    });
    expect(v2.version).toBe(2);
    // Version 1 is untouched (immutable); signing it now is refused as stale.
    expect((await getStore().get(WAIVERS, "wren-canal-v1", anyDoc))?.text).toBe(demoWaivers.find((w) => w.studioId === "wren-canal")!.text);
    expect(await sign("waiver-2", "wren-canal", 1)).toEqual({ ok: false, reason: "stale_version" });
    expect(await bookInPerson({ uid: "waiver-2", classId, payment, now: NOW })).toMatchObject({ ok: false, problem: "waiver_needed" });
    expect(await sign("waiver-2", "wren-canal", 2)).toMatchObject({ ok: true });
    expect(await bookInPerson({ uid: "waiver-2", classId, payment, now: NOW })).toMatchObject({ ok: true, status: "booked" });
  });

  it("two editors publishing at once make two versions, neither overwritten", async () => {
    const [a, b] = await Promise.all([
      publishWaiver({ studioId: "race-studio", title: "A", text: "a", now: NOW }),
      publishWaiver({ studioId: "race-studio", title: "B", text: "b", now: NOW }),
    ]);
    expect([a.version, b.version].sort()).toEqual([1, 2]);
  });

  it("signing twice at once keeps one signature", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => sign("waiver-3")));
    expect(results.filter((r) => r.ok && !r.already)).toHaveLength(1);
    const { docs } = await getStore().query(WAIVER_SIGNATURES, anyDoc, { where: [{ field: "uid", op: "==", value: "waiver-3" }] });
    expect(docs).toHaveLength(1);
  });
});

describe("the last seat of an in-person class", () => {
  it("goes to exactly one of 30 members at once; 29 are waitlisted 1st to 29th, honestly", async () => {
    const classId = await newClass("lantern-yard", 1);
    const people = Array.from({ length: 30 }, (_, i) => `seat-${i}`);
    const payments = new Map<string, { method: "membership"; reference: string }>();
    for (const uid of people) {
      await sign(uid);
      payments.set(uid, await grantMembership(uid, "lantern-yard"));
    }
    const results = await Promise.all(people.map((uid) => bookInPerson({ uid, classId, payment: payments.get(uid)!, now: NOW })));
    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(1);
    const positions = results.filter((r) => r.ok && r.status === "waitlisted").map((r) => (r.ok ? r.position : 0));
    expect(positions.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect(await getStore().get(IN_PERSON_SEATS, classId, anyDoc)).toMatchObject({ booked: 1 });

    // The holder cancels in time: the first in line takes the seat, exactly once.
    const holder = people[results.findIndex((r) => r.ok && r.status === "booked")];
    const [a, b] = await Promise.all([cancelTicket({ uid: holder, classId, now: NOW }), cancelTicket({ uid: holder, classId, now: NOW })]);
    expect([a, b].filter((r) => r.ok && r.promotedUid)).toHaveLength(1);
    expect([a, b].filter((r) => !r.ok)).toEqual([expect.objectContaining({ problem: "not_booked" })]);
  });
});

describe("studio memberships", () => {
  it("let their member book without payment at that studio, and not at another", async () => {
    const here = await newClass("lantern-yard", 5);
    const there = await newClass("wren-canal", 5);
    await sign("member-1");
    await sign("member-1", "wren-canal", 2);
    const payment = await grantMembership("member-1", "lantern-yard");
    expect((await paymentOptions("member-1", "lantern-yard", NOW)).membership?.id).toBe(payment.reference);
    expect((await paymentOptions("member-1", "wren-canal", NOW)).membership).toBeNull();
    expect(await bookInPerson({ uid: "member-1", classId: here, payment, now: NOW })).toMatchObject({ ok: true, status: "booked" });
    expect(await bookInPerson({ uid: "member-1", classId: there, payment, now: NOW })).toMatchObject({
      ok: false,
      problem: "payment_invalid",
    });
    expect(await getTicket(there, "member-1")).toBeNull();
  });

  it("someone else's membership, an expired one, or credits on a class that doesn't take them are refused", async () => {
    const classId = await newClass("lantern-yard", 5);
    await sign("member-2");
    const others = await grantMembership("member-3", "lantern-yard");
    expect(await bookInPerson({ uid: "member-2", classId, payment: others, now: NOW })).toMatchObject({
      ok: false,
      problem: "payment_invalid",
    });
    const expired = await grantMembership("member-2", "lantern-yard", NOW.getTime() - 40 * 86_400_000);
    expect(await bookInPerson({ uid: "member-2", classId, payment: expired, now: NOW })).toMatchObject({
      ok: false,
      problem: "payment_invalid",
    });
    expect(await bookInPerson({ uid: "member-2", classId, payment: { method: "credits", reference: "account" }, now: NOW })).toMatchObject({
      ok: false,
      problem: "credits_not_taken",
    });
  });

  it("fulfilment replayed five times at once makes one membership and one transaction", async () => {
    const purchase = {
      purchaseId: "pur_aaaaaaaaaaaaaaaaaaaaaaaa",
      uid: "replay-1",
      kind: "studio_membership" as const,
      itemId: "wren-unlimited-monthly",
      amount: 11000,
      currency: "gbp",
      metadata: { studioId: "wren-canal", days: "30" },
      paidAt: NOW.getTime(),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilStudioPurchase(purchase)));
    expect(results.filter((r) => r.kind === "membership" && r.created)).toHaveLength(1);
    const { docs } = await getStore().query(STUDIO_TRANSACTIONS, anyDoc, { where: [{ field: "uid", op: "==", value: "replay-1" }] });
    expect(docs).toHaveLength(1);
  });
});

describe("drop-ins", () => {
  it("a paid drop-in books its class once, however often the payment is replayed; cancelled in time it comes back", async () => {
    const classId = await newClass("lantern-yard", 5, new Date(Date.now() + 7 * 86_400_000).toISOString());
    await sign("drop-1");
    const purchase = {
      purchaseId: "pur_bbbbbbbbbbbbbbbbbbbbbbbb",
      uid: "drop-1",
      kind: "studio_ticket" as const,
      itemId: `drop-in:${classId}`,
      amount: 2200,
      currency: "usd",
      metadata: { studioId: "lantern-yard", classId },
      paidAt: Date.now(),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilStudioPurchase(purchase)));
    expect(results.filter((r) => r.kind === "drop_in" && r.created)).toHaveLength(1);
    expect(await getTicket(classId, "drop-1")).toMatchObject({
      status: "booked",
      payment: { method: "drop_in", reference: purchase.purchaseId },
    });
    expect(await getStore().get(STUDIO_TRANSACTIONS, purchase.purchaseId, anyDoc)).toMatchObject({ status: "used" });

    expect(await cancelTicket({ uid: "drop-1", classId, now: new Date() })).toMatchObject({ ok: true, late: false });
    expect(await getStore().get(STUDIO_TRANSACTIONS, purchase.purchaseId, anyDoc)).toMatchObject({ status: "available", ticketId: null });
    // A replay after the cancellation does not book the class again.
    await fulfilStudioPurchase(purchase);
    expect(await getTicket(classId, "drop-1")).toMatchObject({ status: "cancelled" });
  });

  it("a late cancellation keeps the drop-in spent, and the ticket says late-cancelled", async () => {
    const classId = await newClass("lantern-yard", 5, "2026-11-23T20:00:00.000Z");
    await sign("drop-2");
    const purchase = {
      purchaseId: "pur_cccccccccccccccccccccccc",
      uid: "drop-2",
      kind: "studio_ticket" as const,
      itemId: "drop-in",
      amount: 2200,
      currency: "usd",
      metadata: { studioId: "lantern-yard" },
      paidAt: NOW.getTime(),
    };
    await fulfilStudioPurchase(purchase);
    const payment = { method: "drop_in" as const, reference: purchase.purchaseId };
    expect(await bookInPerson({ uid: "drop-2", classId, payment, now: NOW })).toMatchObject({ ok: true, status: "booked" });
    // Lantern Yard's window is 12 hours: at 12:00 UTC for a 20:00 UTC class, it is late.
    expect(await cancelTicket({ uid: "drop-2", classId, now: NOW })).toMatchObject({ ok: true, late: true });
    expect(await getTicket(classId, "drop-2")).toMatchObject({ status: "late_cancelled" });
    expect(await getStore().get(STUDIO_TRANSACTIONS, purchase.purchaseId, anyDoc)).toMatchObject({ status: "used" });
    // The same drop-in can't be used twice.
    const other = await newClass("lantern-yard", 5);
    expect(await bookInPerson({ uid: "drop-2", classId: other, payment, now: NOW })).toMatchObject({
      ok: false,
      problem: "payment_invalid",
    });
  });
});

describe("check-in", () => {
  async function bookedTicket(uid: string, studioId = "lantern-yard", startsAt = "2026-11-23T17:30:00.000Z") {
    const classId = await newClass(studioId, 10, startsAt);
    await sign(uid, studioId, studioId === "wren-canal" ? 2 : 1);
    const payment = await grantMembership(uid, studioId);
    await bookInPerson({ uid, classId, payment, now: NOW });
    return (await getTicket(classId, uid))!;
  }

  it("twenty scans of one code at once check in once, with one record", async () => {
    const ticket = await bookedTicket("scan-1");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkIn({ staffUid: "desk", studioId: "lantern-yard", code: `STILLHOUR-CHECKIN:${ticket.code}`, method: "scan", now: NOW }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.already)).toHaveLength(1);
    expect(await checkInRecords(ticket.id)).toHaveLength(1);
    expect(await getTicket(ticket.classId, "scan-1")).toMatchObject({ status: "checked_in" });
    expect(await getStore().get(CHECK_IN_INFO, ticket.id, anyDoc)).toMatchObject({ checkedIn: true, records: 1 });
  });

  it("undo makes it booked again and appends to the record; checking in again appends once more", async () => {
    const ticket = await bookedTicket("scan-2");
    await checkIn({ staffUid: "desk", studioId: "lantern-yard", ticketId: ticket.id, method: "tap", now: NOW });
    expect(await undoCheckIn({ staffUid: "desk", studioId: "lantern-yard", ticketId: ticket.id, now: NOW })).toMatchObject({ ok: true });
    expect(await undoCheckIn({ staffUid: "desk", studioId: "lantern-yard", ticketId: ticket.id, now: NOW })).toMatchObject({
      ok: false,
      problem: "not_checked_in",
    });
    await checkIn({ staffUid: "desk", studioId: "lantern-yard", code: ticket.code, method: "code", now: NOW });
    expect((await checkInRecords(ticket.id)).map((r) => r.action)).toEqual(["check_in", "undo", "check_in"]);
  });

  it("refuses a code for another studio, another day, or one that isn't ours, changing nothing", async () => {
    const ticket = await bookedTicket("scan-3");
    expect(await checkIn({ staffUid: "desk", studioId: "wren-canal", code: ticket.code, method: "code", now: NOW })).toMatchObject({
      ok: false,
      problem: "wrong_studio",
    });
    expect(
      await checkIn({
        staffUid: "desk",
        studioId: "lantern-yard",
        code: ticket.code,
        method: "code",
        now: new Date("2026-11-25T12:00:00Z"),
      }),
    ).toMatchObject({ ok: false, problem: "wrong_day" });
    expect(await checkIn({ staffUid: "desk", studioId: "lantern-yard", code: "not a code", method: "code", now: NOW })).toMatchObject({
      ok: false,
      problem: "unknown_code",
    });
    expect(await getTicket(ticket.classId, "scan-3")).toMatchObject({ status: "booked" });
    expect(await checkInRecords(ticket.id)).toHaveLength(0);
  });

  it("after the class, those not checked in are no-shows; before it ends, nothing is marked", async () => {
    const came = await bookedTicket("show-1", "lantern-yard", "2026-11-23T13:00:00.000Z");
    const classId = came.classId;
    await sign("show-2");
    await bookInPerson({ uid: "show-2", classId, payment: await grantMembership("show-2", "lantern-yard"), now: NOW });
    await checkIn({ staffUid: "desk", studioId: "lantern-yard", ticketId: came.id, method: "tap", now: NOW });
    expect(await markNoShows({ studioId: "lantern-yard", classId, now: NOW })).toMatchObject({ ok: false });
    const after = new Date("2026-11-23T14:00:00Z");
    // The background sweep finds the ended class; running it (or the desk's button) again changes nothing.
    expect(await markEndedNoShows(after)).toMatchObject({ noShows: 1 });
    expect(await markNoShows({ studioId: "lantern-yard", classId, now: after })).toEqual({ ok: true, noShows: 0, released: 0 });
    expect(await getTicket(classId, "show-2")).toMatchObject({ status: "no_show" });
    expect(await getTicket(classId, "show-1")).toMatchObject({ status: "checked_in" });
    const { docs } = await getStore().query(IN_PERSON_TICKETS, anyDoc, { where: [{ field: "classId", op: "==", value: classId }] });
    expect(docs).toHaveLength(2);
  });
});

describe("the confirmation e-mail", () => {
  it("carries the check-in code as text and as a QR code, with the time on the studio's clock, once", async () => {
    const classId = await newClass("lantern-yard", 5, "2026-12-01T17:30:00.000Z");
    await savePrivateUser("mail-1", { firstName: "Wren", lastName: "Alder", email: "mail-1@example.com" });
    await sign("mail-1");
    await bookInPerson({ uid: "mail-1", classId, payment: await grantMembership("mail-1", "lantern-yard"), now: NOW });
    await Promise.all([sendTicketConfirmation(classId, "mail-1"), sendTicketConfirmation(classId, "mail-1")]);
    const mails = await outbox.read({ to: "mail-1@example.com" });
    expect(mails).toHaveLength(1);
    const ticket = (await getTicket(classId, "mail-1"))!;
    expect(mails[0].subject).toBe("Your ticket: Test Studio Sit");
    expect(mails[0].text).toContain(`Your check-in code: ${ticket.code}`);
    // The studio's clock, its zone named: this member's own zone is not known.
    expect(mails[0].text).toContain("Tuesday 1 December, 12:30 pm, New York time");
    expect(mails[0].attachments?.[0]).toMatchObject({ filename: "check-in-code.svg", contentType: "image/svg+xml" });
    expect(mails[0].attachments?.[0].content).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});
