import { beforeAll, describe, expect, it } from "vitest";
import "../support/in-memory-site";
import { routeArgs, settle } from "../support/route-call";

const { haveEmulator } = await import("../support/auth-emulator");
const { signedInMember } = await import("../support/signed-in");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { listPractice, recordPractice } = await import("../../app/models/engagement/practice.server");
const { recordOnDemandCompleted } = await import("../../app/models/engagement/practice-events.server");
const { listAchievements } = await import("../../app/models/engagement/achievements.server");
const { getChallenge, joinChallenge, listUserChallenges } = await import("../../app/models/engagement/challenges.server");
const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const route = await import("../../app/routes/challenges.$slug/route");
const list = await import("../../app/routes/challenges._index/route");

const ORIGIN = "http://localhost:3000";
const PATH = "/challenges/steady-month";
const args = (request: Request, slug = "steady-month") => routeArgs(request, { slug });
const get = (cookie?: string) => new Request(`${ORIGIN}${PATH}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (fields: Record<string, string>, cookie?: string, path = PATH) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });

type PageData = Awaited<ReturnType<typeof route.loader>> extends infer R ? (R extends { data: infer D } ? D : never) : never;
const pageOf = async (response: unknown) => ((response as { data?: PageData }).data ?? (await (response as Response).json())) as PageData;
const headerOf = (response: unknown) =>
  ((response as { init?: { headers?: Record<string, string> } }).init?.headers ?? {})["Cache-Control"];

const { z } = await import("zod");
const LA = "America/Los_Angeles";
const monthNow = (zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit" }).format(Date.now()).slice(0, 7);

describe.skipIf(!haveEmulator)("challenges", () => {
  let member: { uid: string; cookie: string };
  beforeAll(async () => {
    await seedDemoContent(getStore());
    member = await signedInMember(ORIGIN);
    await savePrivateUser(member.uid, { firstName: "Ana", lastName: "Rio", mostRecentTimeZone: LA });
  });

  it("lists the demo's challenges for everyone, shared-cacheable", async () => {
    const response = await list.loader(args(new Request(`${ORIGIN}/challenges`)));
    const { challenges } = (response as unknown as { data: { challenges: { slug: string; tiers: string }[] } }).data;
    expect(challenges.map((c) => c.slug)).toEqual(["steady-month", "breath-before-bed"]);
    expect(challenges[0].tiers).toBe("5, 10 or 15 classes a month");
    expect(headerOf(response)).toMatch(/^public/);
  });

  it("shows a visitor the splash from the shared cache, and sends their join to sign in and back", async () => {
    const response = await route.loader(args(get()));
    const page = await pageOf(response);
    expect(page).toMatchObject({ title: "The Steady Month", personal: false, mine: null, running: true });
    expect(page.teachers).toHaveLength(2);
    expect(headerOf(response)).toMatch(/^public/);
    const join = (await settle(route.action(args(post({ intent: "join" }))))) as Response;
    expect(join.status).toBe(302);
    expect(join.headers.get("Location")).toBe(`/sign-in?next=${encodeURIComponent(PATH)}`);
  });

  it("asks a member without a membership to subscribe first for a members' challenge, and come back", async () => {
    const join = (await settle(
      route.action(args(post({ intent: "join" }, member.cookie, "/challenges/breath-before-bed"), "breath-before-bed")),
    )) as Response;
    expect(join.status).toBe(302);
    expect(join.headers.get("Location")).toBe(`/subscribe?next=${encodeURIComponent("/challenges/breath-before-bed")}`);
    expect(await listUserChallenges(member.uid)).toEqual([]);
  });

  it("counts the month's earlier classes on joining, reads 'N of M', grants each tier once, and keeps the history after leaving", async () => {
    const now = Date.now();
    const month = monthNow(LA);
    // Three classes earlier this month on the member's calendar, and one from last month that must not count.
    for (let i = 0; i < 3; i += 1)
      await recordPractice({
        uid: member.uid,
        source: "on_demand",
        eventId: `before-${i}`,
        classRef: "settle-in",
        title: "Settle In",
        at: now - i * 60_000,
        zone: LA,
        minutes: 10,
      });
    const lastMonth = Date.parse(`${month}-01T12:00:00Z`) - 5 * 86_400_000;
    await recordPractice({
      uid: member.uid,
      source: "on_demand",
      eventId: "last-month",
      classRef: "settle-in",
      title: "Settle In",
      at: lastMonth,
      zone: LA,
      minutes: 10,
    });

    const join = (await settle(route.action(args(post({ intent: "join" }, member.cookie))))) as Response;
    expect(join.headers.get("Location")).toBe(`${PATH}?saved=joined`);
    const response = await route.loader(args(get(member.cookie)));
    expect(headerOf(response)).toBe("private, no-store");
    let page = await pageOf(response);
    expect(page.mine).toMatchObject({ month, progress: "3 of 5", reached: [] });
    expect(page.joined).toBe(1);

    // Two classes at once from two devices: the fifth reaches the first tier, granted once.
    const item = { slug: "settle-in", title: "Settle In", durationSeconds: 600, seriesId: null };
    await Promise.all([
      recordOnDemandCompleted(member.uid, item, "viewing-a", LA),
      recordOnDemandCompleted(member.uid, item, "viewing-b", LA),
      recordOnDemandCompleted(member.uid, item, "viewing-b", LA),
    ]);
    page = await pageOf(await route.loader(args(get(member.cookie))));
    expect(page.mine).toMatchObject({ progress: "5 of 10", reached: ["The Steady Month: 5 classes"] });
    const tierGrants = (await listAchievements(member.uid)).filter((a) => a.achievementId.startsWith("challenge-"));
    expect(tierGrants.map((a) => a.achievementId)).toEqual([`challenge-steady-month-${month}-5`]);
    const events = await getStore().query("userChallengeEvents", z.object({ uid: z.string(), kind: z.string() }), {
      where: [{ field: "uid", op: "==", value: member.uid }],
    });
    expect(events.docs.map((d) => d.data.kind).sort()).toEqual(["joined", "tier"]);

    // Leaving keeps the round, with its count.
    await settle(route.action(args(post({ intent: "leave", month }, member.cookie))));
    page = await pageOf(await route.loader(args(get(member.cookie))));
    expect(page.mine).toBeNull();
    expect(page.history).toEqual([{ month: expect.any(String), progress: "5 of 10", left: true, tiers: [5] }]);
    expect(page.joined).toBe(0);
    expect(await listUserChallenges(member.uid)).toHaveLength(1);
  });

  it("dates the round on the member's calendar: 23:30 in Los Angeles on 31 October is October, though it is November in UTC", async () => {
    const other = await signedInMember(ORIGIN);
    const challenge = (await getChallenge("steady-month"))!;
    const lateOctober = Date.parse("2026-11-01T06:30:00Z"); // 23:30 on 31 Oct in Los Angeles (PDT)
    await recordPractice({
      uid: other.uid,
      source: "live",
      eventId: "late-sit",
      classRef: "late-sit",
      title: "Late Sit",
      at: lateOctober,
      zone: LA,
      minutes: 20,
    });
    expect(await joinChallenge(other.uid, challenge, await listPractice(other.uid), LA, lateOctober + 60_000)).toEqual({
      ok: true,
      month: "2026-10",
    });
    expect(await joinChallenge(other.uid, challenge, await listPractice(other.uid), "UTC", lateOctober + 60_000)).toEqual({
      ok: true,
      month: "2026-11",
    });
    const rounds = await listUserChallenges(other.uid);
    expect(rounds.map((r) => r.month)).toEqual(["2026-11", "2026-10"]);
  });

  it("answers 404 for an unknown challenge and refuses a malformed form beside it", async () => {
    const missing = (await settle(route.loader(args(get(), "no-such-challenge")))) as Response;
    expect(missing.status).toBe(404);
    const bad = (await route.action(args(post({ intent: "dance" }, member.cookie)))) as unknown as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(bad.init.status).toBe(400);
    // The site's own sentence under `form` (ADR 060), never zod's wording.
    expect(bad.data.errors.form).toBe("That request could not be read. Please check it and try again.");
    const leave = (await route.action(args(post({ intent: "leave", month: "soon" }, member.cookie)))) as unknown as {
      data: { errors: Record<string, string> };
    };
    expect(leave.data.errors.month).toBe("That round is not one you can leave.");
  });
});
