import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { bookClass, cancelBooking, leaveWaitlist, bookingFor, seatsLeft, CLASS_BOOKINGS, CLASS_SEATS, USER_ACTIONS } =
  await import("../../app/models/classes/booking.server");

const NOW = new Date("2026-11-23T12:00:00Z");
let counter = 0;

async function newClass(capacity: number, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `race-${counter}-2026-11-30`;
  await getStore().set("classes", id, {
    id,
    title: "Race Test Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: "2026-11-30T15:00:00.000Z",
    durationMinutes: 30,
    description: "",
    capacity,
    ...overrides,
  });
  return id;
}

const uids = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(2, "0")}`);
const anyDoc = z.record(z.unknown());

async function bookingsOf(classId: string) {
  const { docs } = await getStore().query(CLASS_BOOKINGS, anyDoc, { where: [{ field: "classId", op: "==", value: classId }] });
  return docs.map((doc) => doc.data as { uid: string; status: string; promoted?: boolean });
}

async function seats(classId: string) {
  return (await getStore().get(CLASS_SEATS, classId, anyDoc)) as { booked: number; waitlist: { uid: string }[] } | null;
}

describe("the last seat", () => {
  beforeEach(() => undefined);

  it("goes to exactly one of 30 members booking at once; the other 29 are waitlisted 1st to 29th", async () => {
    const classId = await newClass(1);
    const people = uids(30, "racer");
    const results = await Promise.all(people.map((uid) => bookClass({ uid, classId, now: NOW, isMember: true })));
    const booked = results.filter((r) => r.ok && r.status === "booked");
    const waitlisted = results.filter((r): r is { ok: true; status: "waitlisted"; position: number } => r.ok && r.status === "waitlisted");
    expect(booked).toHaveLength(1);
    expect(waitlisted.map((r) => r.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 29 }, (_, i) => i + 1));
    expect((await seats(classId))!.booked).toBe(1);
    expect((await bookingsOf(classId)).filter((b) => b.status === "booked")).toHaveLength(1);
    expect(await seatsLeft(classId, 1)).toBe(0);
  });

  it("with four of five seats taken, 30 at once still give one booking", async () => {
    const classId = await newClass(5);
    for (const uid of uids(4, "early")) await bookClass({ uid, classId, now: NOW, isMember: true });
    const results = await Promise.all(uids(30, "late").map((uid) => bookClass({ uid, classId, now: NOW, isMember: true })));
    expect(results.filter((r) => r.ok && r.status === "booked")).toHaveLength(1);
    expect((await seats(classId))!.booked).toBe(5);
    expect((await seats(classId))!.waitlist).toHaveLength(29);
  });
});

describe("a freed seat", () => {
  it("goes to the first in line exactly once, even when the same cancellation arrives twice at once", async () => {
    const classId = await newClass(1);
    await bookClass({ uid: "holder", classId, now: NOW, isMember: true });
    await bookClass({ uid: "first-in-line", classId, now: new Date(NOW.getTime() + 1), isMember: true });
    await bookClass({ uid: "second-in-line", classId, now: new Date(NOW.getTime() + 2), isMember: true });
    expect(await bookingFor("second-in-line", classId)).toEqual({ status: "waitlisted", position: 2 });

    const [a, b] = await Promise.all([
      cancelBooking({ uid: "holder", classId, now: NOW }),
      cancelBooking({ uid: "holder", classId, now: NOW }),
    ]);
    const promoted = [a, b].filter((r) => r.ok && r.promotedUid).map((r) => (r as { promotedUid: string }).promotedUid);
    expect(promoted).toEqual(["first-in-line"]);
    expect([a, b].filter((r) => !r.ok)).toEqual([expect.objectContaining({ problem: "not_booked" })]);
    expect(await bookingFor("first-in-line", classId)).toEqual({ status: "booked" });
    expect(await bookingFor("second-in-line", classId)).toEqual({ status: "waitlisted", position: 1 });
    expect((await seats(classId))!.booked).toBe(1);
    const { docs } = await getStore().query(USER_ACTIONS, anyDoc, { where: [{ field: "uid", op: "==", value: "first-in-line" }] });
    expect(docs.map((doc) => doc.data.kind).sort()).toEqual(["class_waitlisted", "waitlist_promoted"]);
  });

  it("keeps counts right through concurrent cancellations, leaves and bookings", async () => {
    const classId = await newClass(5);
    const first = uids(5, "seat");
    const queue = uids(5, "queue");
    for (const uid of first) await bookClass({ uid, classId, now: NOW, isMember: true });
    for (const uid of queue) await bookClass({ uid, classId, now: NOW, isMember: true });
    await Promise.all([
      ...first.slice(0, 3).map((uid) => cancelBooking({ uid, classId, now: NOW })),
      ...queue.slice(3).map((uid) => leaveWaitlist({ uid, classId, now: NOW })),
      ...uids(4, "newcomer").map((uid) => bookClass({ uid, classId, now: NOW, isMember: true })),
    ]);
    const all = await bookingsOf(classId);
    const booked = all.filter((b) => b.status === "booked");
    expect(booked).toHaveLength(5);
    expect((await seats(classId))!.booked).toBe(5);
    const waiting = (await seats(classId))!.waitlist.map((w) => w.uid).sort();
    expect(waiting).toEqual(
      all
        .filter((b) => b.status === "waitlisted")
        .map((b) => b.uid)
        .sort(),
    );
  });
});

describe("what cannot be booked", () => {
  it("refuses a visitor, a cancelled class, a class that started and an unknown class, writing nothing", async () => {
    const open = await newClass(3);
    const cancelled = await newClass(3, { status: "cancelled" });
    const started = await newClass(3, { startsAt: "2026-11-23T11:50:00.000Z" });
    expect(await bookClass({ uid: "visitor", classId: open, now: NOW, isMember: false })).toMatchObject({
      ok: false,
      problem: "not_member",
      status: 403,
    });
    expect(await bookClass({ uid: "m", classId: cancelled, now: NOW, isMember: true })).toMatchObject({
      ok: false,
      problem: "class_cancelled",
    });
    expect(await bookClass({ uid: "m", classId: started, now: NOW, isMember: true })).toMatchObject({
      ok: false,
      problem: "class_started",
    });
    expect(await bookClass({ uid: "m", classId: "no-such-class", now: NOW, isMember: true })).toMatchObject({
      ok: false,
      problem: "not_found",
      status: 404,
    });
    for (const id of [open, cancelled, started]) {
      expect(await bookingsOf(id)).toEqual([]);
      expect(await seats(id)).toBeNull();
    }
  });

  it("booking twice answers the same place and takes one seat", async () => {
    const classId = await newClass(3);
    expect(await bookClass({ uid: "twice", classId, now: NOW, isMember: true })).toEqual({ ok: true, status: "booked" });
    expect(await bookClass({ uid: "twice", classId, now: NOW, isMember: true })).toEqual({ ok: true, status: "booked" });
    expect(await seatsLeft(classId, 3)).toBe(2);
  });
});
