import { beforeAll, describe, expect, it } from "vitest";
import "../support/in-memory-site";
import { routeArgs } from "../support/route-call";

/**
 * Issue 34, item 4: member actions where they are needed. Join on /my-classes while a booked class's
 * room is open; the class page's words follow the window; a teacher's page stays the same for
 * everyone while a member's own follow arrives from a personal resource that also follows in place,
 * the count kept right. Loaders and actions with real Requests, on SQLite and the Auth emulator.
 */

const { haveEmulator } = await import("../support/auth-emulator");
const { signedInMember } = await import("../support/signed-in");
const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { bookClass } = await import("../../app/models/classes/booking.server");
const { myClasses } = await import("../../app/models/classes/class-listing.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { followerCount } = await import("../../app/models/engagement/following.server");
const { getTeachers } = await import("../../app/models/content/teacher.server");
const classRoute = await import("~/routes/classes.$classId/route");
const followApi = await import("~/routes/api.me.teachers.$teacherSlug.follow/route");
const teacherPage = await import("~/routes/teachers.$teacherSlug/route");

const SITE = "http://localhost:3000";
let n = 0;

beforeAll(async () => {
  await seedDemoContent(getStore());
});

/** A class of this test's own, starting `minutes` from now (negative: already running). */
async function classIn(minutes: number, capacity = 10) {
  n += 1;
  const id = `member-actions-${n}-${Date.now()}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: `Harbour Sit ${n}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity,
    timeZone: "Europe/London",
  });
  return id;
}

describe("Join on my classes", () => {
  it("offers Join for a booked class whose room is open, and not before, nor for a place in line", async () => {
    const uid = `member-actions-join-${Date.now()}`;
    const other = `member-actions-first-${Date.now()}`;
    const now = new Date();
    const open = await classIn(5);
    const running = await classIn(-10);
    const later = await classIn(60);
    const full = await classIn(4, 1);
    for (const classId of [open, later])
      expect(await bookClass({ uid, classId, now, isMember: true })).toMatchObject({ ok: true, status: "booked" });
    // Booked before it began (booking closes at the start): its room stays open until the end.
    expect(await bookClass({ uid, classId: running, now: new Date(now.getTime() - 20 * 60_000), isMember: true })).toMatchObject({
      ok: true,
      status: "booked",
    });
    await bookClass({ uid: other, classId: full, now, isMember: true });
    expect(await bookClass({ uid, classId: full, now, isMember: true })).toMatchObject({ ok: true, status: "waitlisted" });

    const { upcoming } = await myClasses(uid, "Europe/London", now);
    const joinOf = (id: string) => upcoming.find((item) => item.id === id)?.join;
    expect(joinOf(open)).toBe(`/classes/${open}/join`);
    expect(joinOf(running)).toBe(`/classes/${running}/join`);
    expect(joinOf(later)).toBeNull();
    expect(joinOf(full)).toBeNull();
  });
});

describe.skipIf(!haveEmulator)("the class page's words follow the join window", () => {
  async function page(classId: string, cookie: string, query = "") {
    const request = new Request(`${SITE}/classes/${classId}${query}`, { headers: { Cookie: cookie } });
    const answer = (await classRoute.loader(routeArgs(request, { classId }))) as unknown as {
      data: { notice: { text: string } | null; booking: { join?: boolean; joinOpensAt?: string | null } };
    };
    return answer.data;
  }

  it("says the room is open, never that joining opens later, once Join is live", async () => {
    const { uid, cookie } = await signedInMember(SITE);
    await savePrivateUser(uid, { firstName: "Tam", lastName: "Window", email: `${uid}@example.com` });
    const now = new Date();
    const open = await classIn(5);
    const later = await classIn(60);
    for (const classId of [open, later]) await bookClass({ uid, classId, now, isMember: true });

    const inside = await page(open, cookie, "?booking=booked");
    expect(inside.booking).toMatchObject({ join: true, joinOpensAt: null });
    expect(inside.notice?.text).toBe("You're booked, and the room is open now: join whenever you're ready.");
    expect((await page(open, cookie, "?booking=not-open")).notice).toBeNull();

    const outside = await page(later, cookie, "?booking=booked");
    expect(outside.booking).toMatchObject({ join: false, joinOpensAt: expect.any(String) });
    expect(outside.notice?.text).toContain("joining opens ten minutes before the start");
  });
});

describe.skipIf(!haveEmulator)("following a teacher in place", () => {
  let slug = "";
  beforeAll(async () => {
    slug = (await getTeachers()).find((t) => t.id === "teacher-priya")!.urlParam;
  });
  const args = (request: Request) => routeArgs(request, { teacherSlug: slug });
  const state = async (cookie?: string) => {
    const answer = (await followApi.loader(
      args(new Request(`${SITE}/api/me/teachers/${slug}/follow`, { headers: cookie ? { Cookie: cookie } : {} })),
    )) as Response;
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    return (await answer.json()) as { signedIn: boolean; following: boolean; followers: number };
  };
  const post = async (fields: Record<string, string>, cookie?: string) => {
    const request = new Request(`${SITE}/api/me/teachers/${slug}/follow`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
    });
    const answer = (await followApi.action(args(request))) as Response;
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    return { status: answer.status, data: (await answer.json()) as Record<string, unknown> };
  };

  it("tells a member whether they follow, follows and stops in place with the count right, and keeps the public page the same for everyone", async () => {
    const { uid, cookie } = await signedInMember(SITE);
    await savePrivateUser(uid, { firstName: "Ada", lastName: "Place", email: `${uid}@example.com` });
    const before = await followerCount("teacher-priya");

    expect(await state()).toEqual({ signedIn: false, following: false, emailOnSchedule: false, followers: before });
    expect(await state(cookie)).toEqual({ signedIn: true, following: false, emailOnSchedule: false, followers: before });

    const followed = await post({ intent: "follow" }, cookie);
    expect(followed.status).toBe(200);
    expect(followed.data).toEqual({ ok: true, signedIn: true, following: true, emailOnSchedule: false, followers: before + 1 });
    expect(await state(cookie)).toMatchObject({ following: true, followers: before + 1 });
    // Twice is still one follow.
    expect((await post({ intent: "follow" }, cookie)).data).toMatchObject({ following: true, followers: before + 1 });

    // The public page says nothing of who reads it: the same data with and without the cookie.
    const asVisitor = await teacherPage.loader(args(new Request(`${SITE}/teachers/${slug}`)));
    const asMember = await teacherPage.loader(args(new Request(`${SITE}/teachers/${slug}`, { headers: { Cookie: cookie } })));
    expect(JSON.stringify(asMember)).toBe(JSON.stringify(asVisitor));
    expect(JSON.stringify(asMember)).not.toContain(uid);

    expect((await post({ intent: "unfollow" }, cookie)).data).toMatchObject({ ok: true, following: false, followers: before });
    expect(await followerCount("teacher-priya")).toBe(before);
  });

  it("refuses a visitor with 401 and a made-up intent with 400, changing nothing", async () => {
    const before = await followerCount("teacher-priya");
    expect((await post({ intent: "follow" })).status).toBe(401);
    const { cookie } = await signedInMember(SITE);
    expect((await post({ intent: "dance" }, cookie)).status).toBe(400);
    expect(await followerCount("teacher-priya")).toBe(before);
  });
});
