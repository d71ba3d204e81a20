import { describe, expect, it } from "vitest";
import { z } from "zod";
import { routeArgs, settle } from "../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PUBLIC_SITE_URL = "http://localhost:3000";
process.env.LOG_REQUESTS = "false";

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { listAchievements, USER_ACHIEVEMENTS } = await import("../../app/models/engagement/achievements.server");
const { IN_PERSON_TICKETS } = await import("../../app/models/studios/studio-records");
const { frontDeskAction } = await import("../../app/routes/staff.studio/page.server");
const { getSitemapEntries } = await import("../../app/routes/sitemap[.]xml/sitemap.server");
const { haveEmulator } = await import("../support/auth-emulator");
const { signedInMember } = await import("../support/signed-in");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { recordPractice } = await import("../../app/models/engagement/practice.server");
const { COMPANION_INVITES, inviteCompanion, companionKey } = await import("../../app/models/engagement/companions.server");
const companions = await import("../../app/routes/practice_.companions/route");
const staffClasses = await import("../../app/routes/staff.classes/route");
const sessionRoute = await import("../../app/routes/api.session/route");
const identity = await import("../../app/services/identity/index.server");
const { signInWithPhone } = await import("../support/auth-emulator");
const { updatePracticeSettings } = await import("../../app/models/engagement/practice.server");
const { PracticeFormSchema, applyPracticeForm, defaultPracticeSettings } = await import("../../app/models/engagement/practice-settings");

await seedDemoContent(getStore());
const ORIGIN = "http://localhost:3000";
const anyDoc = z.record(z.unknown());
const desk = { viewer: { uid: "desk-admin", roles: ["admin"] }, user: {} } as never;
const deskPost = (fields: Record<string, string>) =>
  new Request(`${ORIGIN}/staff/studio`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });

/** A studio class starting now at Lantern Yard, and a booked ticket for `uid` (today on the studio's clock). */
async function bookedToday(uid: string, n: number) {
  const store = getStore();
  const startsAt = new Date().toISOString(); // now: the same day on the studio's clock as the desk's check-in
  const classId = `social-studio-${n}`;
  await store.set("classes", classId, {
    id: classId,
    slug: classId,
    title: "Lantern Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt,
    durationMinutes: 45,
    description: "",
    capacity: 10,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
  });
  const ticket = {
    id: `ticket-${uid}-${n}`,
    classId,
    studioId: "lantern-yard",
    uid,
    status: "booked",
    startsAt,
    durationMinutes: 45,
    code: `CODE${n}${uid}`.toUpperCase().slice(0, 10),
    payment: { method: "drop_in", reference: `ref-${uid}-${n}` },
    waiverVersion: 1,
    bookedAt: Date.now(),
    waitlistedAt: null,
    promoted: false,
    cancelledWithClass: false,
    updatedAt: Date.now(),
  };
  await store.set(IN_PERSON_TICKETS, ticket.id, ticket);
  return ticket;
}

describe("the first studio class, granted at the front desk", () => {
  it("a check-in grants the first studio class once, however often and however concurrently it is scanned", async () => {
    const ticket = await bookedToday("studio-ana", 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        frontDeskAction(deskPost({ intent: "check-in", studio: "lantern-yard", ticketId: ticket.id }), desk),
      ),
    );
    expect(results.every((r) => r.init?.status === 200)).toBe(true);
    const held = (await listAchievements("studio-ana")).map((a) => a.achievementId).sort();
    expect(held).toEqual(["classes-1", "first-studio"]);
    // A second studio class later grants nothing new of that kind, and the first is never granted twice.
    const second = await bookedToday("studio-ana", 2);
    await frontDeskAction(deskPost({ intent: "check-in", studio: "lantern-yard", ticketId: second.id }), desk);
    const docs = (await getStore().query(USER_ACHIEVEMENTS, anyDoc, { where: [{ field: "uid", op: "==", value: "studio-ana" }] })).docs;
    expect(docs.map((d) => d.id).filter((id) => id.endsWith("first-studio"))).toHaveLength(1);
  });
});

describe("challenges in the sitemap", () => {
  it("lists /challenges and every challenge that has begun", async () => {
    const paths = (await getSitemapEntries()).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(["/challenges", "/challenges/steady-month", "/challenges/breath-before-bed"]));
  });
});

type CompanionsData = {
  optedOut: boolean;
  count: number;
  companions: { key: string; label: string; state: string; name: string | null }[];
  incoming: { key: string; label: string }[];
};

describe.skipIf(!haveEmulator)("practice companions", () => {
  const args = (request: Request) => routeArgs(request);
  const page = async (cookie: string) => {
    const result = (await companions.loader(
      args(new Request(`${ORIGIN}/practice/companions`, { headers: { Cookie: cookie } })),
    )) as unknown as { data: CompanionsData; init: { headers: Record<string, string> } };
    expect(result.init.headers["Cache-Control"]).toBe("private, no-store");
    return result.data;
  };
  const post = async (cookie: string, fields: Record<string, string>) =>
    (await settle(
      companions.action(
        args(
          new Request(`${ORIGIN}/practice/companions`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          }),
        ),
      ),
    )) as Response;
  /** `uids` all joined `n` live classes together (Tuesdays at 7 am in New York). */
  const shareClasses = async (tag: string, uids: string[], n: number) => {
    for (let i = 0; i < n; i += 1) {
      const at = Date.parse("2026-11-03T12:00:00Z") + i * 7 * 86_400_000 + 60_000;
      for (const uid of uids)
        await recordPractice({
          uid,
          source: "live",
          eventId: `${tag}-${i}`,
          classRef: `${tag}-${i}`,
          title: "Morning Breath",
          at,
          zone: "America/New_York",
          minutes: 20,
        });
    }
  };

  it("counts and lists people without a name, names both only after one invites and the other accepts, and never puts another member's data in a page", async () => {
    const [ada, bea, cyr, dov, eli] = await Promise.all(Array.from({ length: 5 }, () => signedInMember(ORIGIN)));
    const names = { [ada.uid]: "Adaline", [bea.uid]: "Beatrix", [cyr.uid]: "Cyrilla", [dov.uid]: "Dovetta", [eli.uid]: "Elodie" };
    for (const [uid, firstName] of Object.entries(names))
      await savePrivateUser(uid, { firstName, lastName: "Zed", email: `${uid}@example.com` });
    await shareClasses("ab", [ada.uid, bea.uid], 3);
    await shareClasses("ac", [ada.uid, cyr.uid], 2);
    await shareClasses("ad", [ada.uid, dov.uid], 1); // once is not often
    await shareClasses("ae", [ada.uid, eli.uid], 3);
    // Elodie steps off the list before anyone looks: never counted for anyone.
    expect((await post(eli.cookie, { intent: "visibility", companionsOff: "on" })).headers.get("Location")).toBe(
      "/practice/companions?done=off",
    );

    const adas = await page(ada.cookie);
    expect(adas.count).toBe(2);
    expect(adas.companions.map((c) => c.label)).toEqual([
      "someone from Tuesday's 7:01 am Morning Breath",
      "someone from Tuesday's 7:01 am Morning Breath (2)",
    ]);
    expect(adas.companions.every((c) => c.state === "none" && c.name === null)).toBe(true);
    const leaks = (data: unknown, except: string) =>
      Object.entries(names).filter(
        ([uid, name]) => uid !== except && (JSON.stringify(data).includes(uid) || JSON.stringify(data).includes(name)),
      );
    expect(leaks(adas, ada.uid)).toEqual([]);

    // Ada invites the one she shared three classes with; Bea sees an anonymous invitation, no name either way yet.
    const beaKey = adas.companions[0].key;
    expect(beaKey).toBe(companionKey(ada.uid, bea.uid));
    expect((await post(ada.cookie, { intent: "invite", key: beaKey })).headers.get("Location")).toBe("/practice/companions?done=invited");
    expect((await page(ada.cookie)).companions[0]).toMatchObject({ state: "invited", name: null });
    const beas = await page(bea.cookie);
    expect(beas.incoming).toHaveLength(1);
    expect(beas.incoming[0].label).toMatch(/^someone from Tuesday's/);
    expect(leaks(beas, bea.uid)).toEqual([]);
    // A made-up key is refused beside nothing it could name.
    const forged = (await post(bea.cookie, { intent: "accept", key: "AAAAAAAAAAAAAAAAAAAAAAAA" })) as unknown as {
      data: { errors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(forged.init.status).toBe(409);
    expect(forged.data.errors.key).toBe("That person is no longer on your list.");
    expect(forged.data.values).toEqual({ intent: "accept", key: "AAAAAAAAAAAAAAAAAAAAAAAA" });

    expect((await post(bea.cookie, { intent: "accept", key: beas.incoming[0].key })).headers.get("Location")).toBe(
      "/practice/companions?done=together",
    );
    const adaAfter = await page(ada.cookie);
    expect(adaAfter.companions.find((c) => c.state === "together")?.name).toBe("Beatrix");
    expect(JSON.stringify(adaAfter)).not.toContain(bea.uid);
    expect(JSON.stringify(adaAfter)).not.toContain("Cyrilla");
    expect((await page(bea.cookie)).companions.find((c) => c.state === "together")?.name).toBe("Adaline");

    // Bea steps off: gone from Ada's list and count at once, the companionship ended on both sides.
    await post(bea.cookie, { intent: "visibility", companionsOff: "on" });
    const adaWithout = await page(ada.cookie);
    expect(adaWithout.count).toBe(1);
    expect(JSON.stringify(adaWithout)).not.toContain("Beatrix");
    expect(await page(bea.cookie)).toMatchObject({ optedOut: true, count: 0, companions: [], incoming: [] });
    expect((await getStore().query(COMPANION_INVITES, anyDoc, { where: [{ field: "to", op: "==", value: bea.uid }] })).docs).toHaveLength(
      0,
    );
    // Nobody's cached scores still carry her id.
    const caches = (await getStore().query("friendshipScoreCache", anyDoc, { limit: 500 })).docs;
    expect(caches.filter((d) => JSON.stringify(d.data).includes(bea.uid))).toEqual([]);
    // Coming back on counts her again, but names nobody until both say yes again.
    await post(bea.cookie, { intent: "visibility" });
    expect((await page(ada.cookie)).companions.every((c) => c.name === null)).toBe(true);
  });

  it("two invitations crossing at once make one companionship", async () => {
    const [fay, gus] = await Promise.all([signedInMember(ORIGIN), signedInMember(ORIGIN)]);
    await shareClasses("fg", [fay.uid, gus.uid], 2);
    const results = await Promise.all([
      inviteCompanion(fay.uid, companionKey(fay.uid, gus.uid)),
      inviteCompanion(gus.uid, companionKey(gus.uid, fay.uid)),
    ]);
    expect(results.map((r) => (r.ok ? r.done : r.message)).sort()).toEqual(["invited", "together"]);
    const docs = (await getStore().query(COMPANION_INVITES, anyDoc, { where: [{ field: "from", op: "==", value: fay.uid }] })).docs.concat(
      (await getStore().query(COMPANION_INVITES, anyDoc, { where: [{ field: "from", op: "==", value: gus.uid }] })).docs,
    );
    expect(docs).toHaveLength(1);
    expect(docs[0].data).toMatchObject({ status: "accepted" });
  });
});

describe.skipIf(!haveEmulator)("shout-outs on the facilitator's class page", () => {
  async function staffCookie(claims: Record<string, boolean | string>): Promise<string> {
    const { uid, idToken } = await signInWithPhone(`+1555024${String(Date.now() % 10_000).padStart(4, "0")}`);
    await identity.setClaims(uid, claims);
    await savePrivateUser(uid, { firstName: "Staff", lastName: "Person", email: `${uid}@example.com` });
    const response = (await sessionRoute.action(
      routeArgs(
        new Request(`${ORIGIN}/api/session`, {
          method: "POST",
          headers: { Authorization: `Bearer ${idToken}`, Origin: ORIGIN, "x-client-ip": "10.9.7.1" },
        }),
      ),
    )) as Response;
    expect(response.status).toBe(200);
    return response.headers.get("Set-Cookie")!.split(";")[0];
  }

  it("marks members who reached a milestone in the class, only those who allow it, and only in the facilitator's own classes", async () => {
    const startsAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const mine = `shout-${Date.now()}`;
    const theirs = `${mine}-other`;
    for (const [id, teacherId] of [
      [mine, "teacher-jonah"],
      [theirs, "teacher-priya"],
    ]) {
      await getStore().set("classes", id, {
        id,
        slug: id,
        title: `Class ${id}`,
        teacherId,
        modality: "meditation",
        startsAt,
        durationMinutes: 45,
        description: "",
        capacity: 20,
        timeZone: "UTC",
        studioId: null,
      });
    }
    const members = {
      "shout-tomas": ["Tomas", true, 9],
      "shout-quiet": ["Quinn", false, 0],
      "shout-two": ["Ivy", true, 1],
      "shout-mira": ["Mira", true, 0],
    } as const;
    for (const [uid, [firstName, allows, earlier]] of Object.entries(members)) {
      await savePrivateUser(uid, { firstName, lastName: "Zed", email: `${uid}@example.com` });
      if (allows) await updatePracticeSettings(uid, (current) => ({ ...current, shoutOuts: true }));
      for (let i = 0; i < earlier; i += 1)
        await recordPractice({
          uid,
          source: "on_demand",
          eventId: `${uid}-v${i}`,
          classRef: "settle-in",
          title: "Settle In",
          at: Date.now() - (i + 2) * 86_400_000,
          zone: "UTC",
          minutes: 10,
        });
      for (const classId of [mine, theirs])
        await recordPractice({
          uid,
          source: "live",
          eventId: classId,
          classRef: classId,
          title: "Class",
          at: Date.now() - 20 * 60_000 + (classId === theirs ? 1 : 0),
          zone: "UTC",
          minutes: 45,
        });
    }
    const cookie = await staffCookie({ facilitator: true, teacherId: "teacher-jonah" });
    const result = (await staffClasses.loader(
      routeArgs(new Request(`${ORIGIN}/staff/classes`, { headers: { Cookie: cookie } })),
    )) as unknown as { data: { shoutOuts: { id: string; members: { firstName: string; milestone: number }[] }[] } };
    const ids = result.data.shoutOuts.map((c) => c.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    // Tomas's tenth class and Mira's first; Quinn has not allowed it, and Ivy's second is no milestone.
    expect(result.data.shoutOuts.find((c) => c.id === mine)?.members).toEqual([
      { firstName: "Mira", milestone: 1, title: "First class" },
      { firstName: "Tomas", milestone: 10, title: "10 classes" },
    ]);
    expect(JSON.stringify(result.data)).not.toContain("Quinn");
  });

  it("is off until the member turns it on from the practice page", () => {
    expect(defaultPracticeSettings("x").shoutOuts).toBe(false);
    const form = PracticeFormSchema.parse({ intent: "preferences", targetDays: "1", shoutOuts: "on" });
    expect(applyPracticeForm(defaultPracticeSettings("x"), form, "2026-11-26").shoutOuts).toBe(true);
    expect(
      applyPracticeForm(
        { ...defaultPracticeSettings("x"), shoutOuts: true },
        PracticeFormSchema.parse({ intent: "preferences", targetDays: "1" }),
        "2026-11-26",
      ).shoutOuts,
    ).toBe(false);
  });
});
