import { beforeAll, describe, expect, it } from "vitest";
import "../support/in-memory-site";

/**
 * Issue 36, item 2: who may enter a class's room is decided in the classes domain from plain inputs
 * (the class, the person or nobody, the time), with no Request: reached here without a session.
 */

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { bookClass } = await import("../../app/models/classes/booking.server");
const { classInviteFor, demoRoom, joinClass, roomName } = await import("../../app/models/classes/class-join.server");

let n = 0;

beforeAll(async () => {
  await seedDemoContent(getStore());
});

/** A class of this test's own, starting `minutes` from now. */
async function classIn(minutes: number) {
  n += 1;
  const id = `class-join-${n}-${Date.now()}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: `Harbour Sit ${n}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity: 10,
    timeZone: "Europe/London",
  });
  return id;
}

const member = (uid: string) => ({ uid, firstName: "Rosa", lastName: "Lind" });

describe("joining a class, decided from plain inputs", () => {
  it("sends a visitor to sign in, an unbooked member back to the page, and nobody anywhere for an unknown class", async () => {
    const classId = await classIn(5);
    const now = new Date();
    expect(await joinClass({ idOrSlug: "no-such-class", member: null, now })).toEqual({ location: "/classes", entered: null });
    expect(await joinClass({ idOrSlug: classId, member: null, now })).toEqual({
      location: `/sign-in?next=${encodeURIComponent(`/classes/${classId}`)}`,
      entered: null,
    });
    expect(await joinClass({ idOrSlug: classId, member: member(`join-unbooked-${n}`), now })).toEqual({
      location: `/classes/${classId}?booking=not-booked`,
      entered: null,
    });
  });

  it("lets a booked member into the room inside the window only, and the room opens for them alone", async () => {
    const uid = `join-booked-${Date.now()}`;
    const soon = await classIn(5);
    const later = await classIn(60);
    const now = new Date();
    for (const classId of [soon, later]) expect(await bookClass({ uid, classId, now, isMember: true })).toMatchObject({ ok: true });

    expect(await joinClass({ idOrSlug: later, member: member(uid), now })).toEqual({
      location: `/classes/${later}?booking=not-open`,
      entered: null,
    });
    const inside = await joinClass({ idOrSlug: soon, member: member(uid), now });
    expect(inside.entered?.id).toBe(soon);
    const room = new URL(inside.location, "http://localhost:3000");
    expect(room.pathname).toBe(`/demo/room/${soon}`);

    const token = room.searchParams.get("t") ?? "";
    expect(await demoRoom({ classId: soon, token, viewerUid: uid, now })).toMatchObject({ title: expect.any(String), asCohost: false });
    expect(await demoRoom({ classId: soon, token, viewerUid: "someone-else", now })).toBeNull();
    expect(await demoRoom({ classId: soon, token, viewerUid: null, now })).toBeNull();
  });

  it("puts the join page in a booked member's invite only", async () => {
    const uid = `join-invite-${Date.now()}`;
    const classId = await classIn(90);
    await bookClass({ uid, classId, now: new Date(), isMember: true });
    expect(await classInviteFor({ idOrSlug: classId, uid: null })).toMatchObject({ personal: false });
    expect(await classInviteFor({ idOrSlug: classId, uid })).toMatchObject({ personal: true, filename: `${classId}.ics` });
    expect(await classInviteFor({ idOrSlug: "no-such-class", uid })).toBeNull();
  });

  it("names a member in the room by first name and last initial", () => {
    expect(roomName({ firstName: "Rosa", lastName: "Lind" })).toBe("Rosa L.");
    expect(roomName({ firstName: null, lastName: null })).toBe("Member");
  });
});
