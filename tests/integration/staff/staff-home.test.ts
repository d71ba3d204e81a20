import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 26, item 1: /staff shows each staff member what their roles let them do and nothing else; a
 * visitor is sent to sign in, a member without a staff role gets 403. Real Requests on SQLite, roles
 * from the Auth emulator's claims.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const home = await import("~/routes/staff._index/route");
const identity = await import("../../../app/services/identity/index.server");
const SITE = "http://localhost:3000";

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const open = (cookie: string | null) =>
  answerOf(() => home.loader(routeArgs(new Request(`${SITE}/staff`, { headers: cookie ? { Cookie: cookie } : {} }))));
const areasOf = (data: unknown) => (data as { areas: Array<{ id: string }> }).areas.map((a) => a.id);

describe.skipIf(!haveEmulator)("the staff home", () => {
  it("sends a visitor to sign in and back, and answers a member without a role 403", async () => {
    const visitor = await open(null);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/sign-in?next=%2Fstaff");
    const member = await staffSession({});
    expect((await open(member.cookie)).status).toBe(403);
  });

  it("lists exactly the areas each role opens", async () => {
    const expected: Record<string, string[]> = {
      admin: [
        "classes",
        "frontDesk",
        "people",
        "codes",
        "audit",
        "articles",
        "press",
        "learn",
        "teachers",
        "templates",
        "catalogue",
        "site",
        "dashboard",
        "surveys",
      ],
      facilitator: ["classes", "profile"],
      studioStaff: ["frontDesk"],
      blogEditor: ["articles", "press", "learn"],
      cohost: ["cohost"],
    };
    for (const [role, areas] of Object.entries(expected)) {
      const person = await staffSession({ [role]: true });
      const answer = await open(person.cookie);
      expect(answer.status, role).toBe(200);
      expect(areasOf(answer.data), role).toEqual(areas);
    }
  });

  it("takes a removed role away on the very next request, a read included", async () => {
    const person = await staffSession({ facilitator: true, studioStaff: true });
    expect(areasOf((await open(person.cookie)).data)).toEqual(["classes", "frontDesk", "profile"]);
    await identity.setClaims(person.uid, { studioStaff: true });
    expect(areasOf((await open(person.cookie)).data)).toEqual(["frontDesk"]);
    await identity.setClaims(person.uid, {});
    expect((await open(person.cookie)).status).toBe(403);
  });
});
