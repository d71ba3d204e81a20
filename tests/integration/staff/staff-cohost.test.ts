import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffGet, staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 26, cohost: the classes that name a cohost, each roster with first names and first-class
 * marks, and Join into the room with cohost rights (the demo room's signed link says so); other
 * roles 403, a visitor to sign in, and a class that does not name them is refused. Real Requests on SQLite.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidatePrefix } = await import("../../../app/lib/cache.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const cohostRoute = await import("~/routes/staff.cohost/route");
const roomRoute = await import("~/routes/demo.room.$classId/route");

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

async function liveClass(id: string, startsInMinutes: number, cohostUids: string[]) {
  await getStore().set("classes", id, {
    id,
    title: `Cohost Sit ${id.slice(-4)}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + startsInMinutes * 60_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity: 5,
    timeZone: "UTC",
    cohostUids,
  });
  invalidatePrefix("schedule:");
  invalidatePrefix("class");
}

describe.skipIf(!haveEmulator)("the cohost's classes", () => {
  it("shows the roster of each class they cohost, first classes marked, and joins the room as cohost", async () => {
    const cohost = await staffSession({ cohost: true }, undefined, "Priya");
    const regular = await staffSession({}, undefined, "Noor");
    const newcomer = await staffSession({}, undefined, "Ada");
    const stamp = Date.now();
    const earlier = `cohost-earlier-${stamp}`;
    const mine = `cohost-mine-${stamp}`;
    const notMine = `cohost-other-${stamp}`;
    await liveClass(earlier, 3, []);
    await liveClass(mine, 5, [cohost.uid]);
    await liveClass(notMine, 6, []);
    for (const [uid, classId] of [
      [regular.uid, earlier],
      [regular.uid, mine],
      [newcomer.uid, mine],
    ]) {
      expect(await bookClass({ uid, classId, now: new Date(), isMember: true })).toMatchObject({ ok: true, status: "booked" });
    }
    const page = await staffGet(cohostRoute, "/staff/cohost", cohost.cookie);
    expect(page.status).toBe(200);
    const classes = (page.data as { classes: Array<{ id: string; roster: Array<{ firstName: string; firstClass: boolean }> }> }).classes;
    expect(classes.map((c) => c.id)).toEqual([mine]);
    expect(classes[0].roster).toEqual([
      { firstName: "Ada", firstClass: true },
      { firstName: "Noor", firstClass: false },
    ]);

    const joined = await staffPost(cohostRoute, "/staff/cohost", cohost.cookie, { classId: mine });
    expect(joined.status).toBe(302);
    expect(joined.location).toMatch(new RegExp(`^/demo/room/${mine}\\?t=`));
    const room = await answerOf(async () =>
      roomRoute.loader(
        routeArgs(new Request(`http://localhost:3000${joined.location}`, { headers: { Cookie: cohost.cookie } }), { classId: mine }),
      ),
    );
    expect(room.data).toMatchObject({ asCohost: true });

    const refused = await staffPost(cohostRoute, "/staff/cohost", cohost.cookie, { classId: notMine });
    expect(refused).toMatchObject({ status: 409, data: { errors: { form: "You are not a cohost of that class." } } });
  }, 60_000);

  it("lets only cohosts in: other roles 403, a visitor to sign in", async () => {
    for (const claims of [{ admin: true }, { blogEditor: true }, {}] as Array<Record<string, boolean>>) {
      const who = await staffSession(claims);
      expect((await staffGet(cohostRoute, "/staff/cohost", who.cookie)).status).toBe(403);
    }
    expect(await staffGet(cohostRoute, "/staff/cohost", null)).toMatchObject({ status: 302, location: "/sign-in?next=%2Fstaff%2Fcohost" });
  }, 60_000);
});
