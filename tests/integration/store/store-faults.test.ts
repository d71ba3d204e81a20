import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveEmulator } from "../../support/auth-emulator";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";

/**
 * Issue 24, faults (docs/decisions/041), against the production build: the store made to fail or stall
 * through STORE_FAULTS_FILE (adapters/store/faults.server.ts, a test setting production refuses).
 * Cached public pages keep being served with their stale copy; a member's page answers a calm 503
 * within 3 s; when the store is back, so is the page. Needs the Auth emulator for the member.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
const SECRET = randomBytes(32).toString("base64url");
const FILES = `./data/e2e-${PORT}-faults`;
const FAULTS = resolve(`${FILES}-faults.json`);

process.env.SQLITE_PATH = resolve(`${FILES}.sqlite`);
process.env.SESSION_SECRET = SECRET;

let server: BuiltServer | undefined;
let member = { uid: "", cookie: "" };
const fault = (mode: "none" | "fail" | "stall") => writeFileSync(FAULTS, JSON.stringify({ mode }));

describe.skipIf(!haveEmulator)("the store failing or stalling", () => {
  beforeAll(async () => {
    fault("none");
    server = await startBuiltServer(
      PORT,
      "faults",
      {
        NODE_ENV: "production",
        APP_ENV: "demo",
        SESSION_SECRET: SECRET,
        STORE_FAULTS_FILE: FAULTS,
        PAGE_CACHE_SECONDS: "1",
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "",
      },
      { cleanEnv: true },
    );
    const { signedInMember } = await import("../../support/signed-in");
    member = await signedInMember(server.base);
    const { savePrivateUser } = await import("../../../app/models/identity/user.server");
    await savePrivateUser(member.uid, { firstName: "Ada", lastName: "Test", email: `${member.uid}@example.com` });
  }, 90_000);

  afterAll(async () => {
    const { getStore } = await import("../../../app/services/store/index.server");
    await getStore().close();
    await server?.stop();
    rmSync(FAULTS, { force: true });
  }, 30_000);

  const get = async (path: string, cookie = "") => {
    const started = Date.now();
    const response = await fetch(`${server!.base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const body = await response.text();
    return {
      status: response.status,
      body,
      ms: Date.now() - started,
      retryAfter: response.headers.get("retry-after"),
      location: response.headers.get("location"),
    };
  };

  it("serves cached public pages stale, answers a member's page with a calm 503 within 3 s, and recovers", async () => {
    const warm = await get("/teachers");
    expect(warm.status).toBe(200);
    expect((await get("/teachers")).status).toBe(200);
    const settings = await get("/settings", member.cookie);
    expect(settings.status, `${settings.location} ${server!.output.join("\n")}`).toBe(200);

    fault("fail");
    // Past the page's 1 s of freshness: served stale while a refresh (which fails) is tried.
    await new Promise((ok) => setTimeout(ok, 1_500));
    for (let i = 0; i < 3; i++) {
      const stale = await get("/teachers");
      expect(stale.status).toBe(200);
      expect(stale.body.length).toBeGreaterThan(warm.body.length * 0.9);
    }
    const failing = await get("/settings", member.cookie);
    expect(failing.status, failing.body.slice(0, 300)).toBe(503);
    expect(failing.body).toContain("We can't reach your account just now");
    expect(failing.retryAfter).toBe("30");
    expect(failing.ms).toBeLessThan(3_000);

    // A form: the sentence beside it, and what was typed still in its fields.
    await get("/mental-detox-ebook");
    const email = `faults-${randomBytes(3).toString("hex")}@example.com`;
    const posted = await fetch(`${server!.base}/mental-detox-ebook`, {
      method: "POST",
      headers: { Origin: server!.base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, firstName: "Ada", website: "" }),
      redirect: "manual",
    });
    const form = await posted.text();
    expect(posted.status, form.slice(0, 300)).toBe(503);
    expect(form).toContain("We couldn&#x27;t save that just now");
    expect(form).toContain(`value="${email}"`);

    // Any member form sent without JavaScript: a page that says so, with everything sent kept in a form
    // that posts it again to the same address (server/http-server.server.ts, sendFormAgainPage).
    const profile = { intent: "profile", firstName: "Adaline", lastName: "O'Test-Vale", email: `${member.uid}@example.com`, birthday: "" };
    const sendProfile = (fields: Record<string, string>) =>
      fetch(`${server!.base}/settings`, {
        method: "POST",
        headers: { Origin: server!.base, "Content-Type": "application/x-www-form-urlencoded", cookie: member.cookie },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const refused = await sendProfile(profile);
    const again = await refused.text();
    expect(refused.status, again.slice(0, 300)).toBe(503);
    expect(again).toContain("We couldn't save that just now");
    expect(again).toContain('<form method="post" action="/settings">');
    expect(again).toContain('name="lastName" value="O&#39;Test-Vale"');
    const kept = Object.fromEntries(
      [...again.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [
        name,
        value.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    expect(kept).toEqual(profile);

    fault("stall");
    const stalled = await get("/settings", member.cookie);
    console.log(JSON.stringify({ figures: "store faults", failMs: failing.ms, stallMs: stalled.ms }));
    expect(stalled.status).toBe(503);
    expect(stalled.ms).toBeLessThan(3_000);
    expect((await get("/teachers")).status).toBe(200);

    fault("none");
    expect((await get("/settings", member.cookie)).status).toBe(200);
    // "Try again" sends what the page kept, and it is saved.
    const retried = await sendProfile(kept);
    expect(retried.status).toBeLessThan(400);
    const { getPrivateUser } = await import("../../../app/models/identity/user.server");
    expect(await getPrivateUser(member.uid)).toMatchObject({ firstName: "Adaline", lastName: "O'Test-Vale" });
  }, 60_000);
});
