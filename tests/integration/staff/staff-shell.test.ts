import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 34, item 7: the back office sits in its own quiet shell (app/routes/staff/route.tsx), with a way
 * between the staff pages a person's roles open, and without the site's navigation or its call to
 * join. The frame's loader lists the pages; the root leaves the site's shell out for it.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const frame = await import("~/routes/staff/route");
const { mergeRouteHandles } = await import("~/lib/route-handle");
const SITE = "http://localhost:3000";

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const navOf = async (cookie: string | null) => {
  const answer = await answerOf(() =>
    frame.loader(routeArgs(new Request(`${SITE}/staff/classes`, { headers: cookie ? { Cookie: cookie } : {} }))),
  );
  expect(answer.status).toBe(200);
  return answer.data as { nav: Array<{ href: string; label: string }>; name: string | null };
};

describe("the back office's shell", () => {
  it("is chosen by the staff frame's handle for every /staff page, and by no other page", () => {
    expect(mergeRouteHandles([{}, frame.handle, { name: "staff-classes", layout: "main" }]).shell).toBe("staff");
    expect(mergeRouteHandles([{ name: "home" }]).shell).toBe("site");
  });

  it("has no public navigation and no call to join in its markup", () => {
    const shell = readFileSync(new URL("../../../app/routes/staff/staff-shell.tsx", import.meta.url), "utf8");
    expect(shell).not.toMatch(/Start your free week|SiteShell|site-nav/);
    expect(shell).toContain('aria-label="Staff pages"');
  });
});

describe.skipIf(!haveEmulator)("the back office's navigation", () => {
  it("lists, the staff home first, exactly the pages each person's roles open", async () => {
    const expected: Record<string, string[]> = {
      facilitator: ["/staff", "/staff/classes", "/staff/profile"],
      studioStaff: ["/staff", "/staff/studio"],
      blogEditor: ["/staff", "/staff/articles", "/staff/press", "/staff/learn"],
      cohost: ["/staff", "/staff/cohost"],
    };
    for (const [role, hrefs] of Object.entries(expected)) {
      const person = await staffSession({ [role]: true }, SITE, "Robin");
      const { nav, name } = await navOf(person.cookie);
      expect(
        nav.map((item) => item.href),
        role,
      ).toEqual(hrefs);
      expect(name).toBe("Robin Person");
    }
    const admin = await staffSession({ admin: true });
    const adminNav = (await navOf(admin.cookie)).nav;
    expect(adminNav.map((item) => item.label)).toEqual(expect.arrayContaining(["Staff home", "Classes", "People", "Audit log", "Surveys"]));
    expect(adminNav.map((item) => item.href)).not.toContain("/staff/cohost");
  });

  it("draws no way in for a member without a role or a visitor (their page answers 403 or sends them to sign in)", async () => {
    const member = await staffSession({});
    expect((await navOf(member.cookie)).nav).toEqual([]);
    expect(await navOf(null)).toEqual({ nav: [], name: null });
  });
});
