import { beforeAll, describe, expect, it } from "vitest";
import { forgeEmulatorToken, haveEmulator, signInWithPhone, signUpAnonymously } from "../../support/auth-emulator";
import { routeArgs } from "../../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const sessionRoute = await import("~/routes/api.session/route");
const { getViewer } = await import("../../../app/server/viewer.server");
const identity = await import("../../../app/services/identity/index.server");

const SITE = "http://localhost:3000";
let address = 0;

function sync(token: string | null, init: { origin?: string | null; cookie?: string; method?: string; site?: string } = {}) {
  const headers = new Headers({ "x-client-ip": `10.1.0.${++address}` });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (init.origin !== null) headers.set("Origin", init.origin ?? SITE);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.site) headers.set("Sec-Fetch-Site", init.site);
  const request = new Request(`${SITE}/api/session`, { method: init.method ?? "POST", headers });
  return sessionRoute.action(routeArgs(request)) as Promise<Response>;
}

const cookieOf = (response: Response) => response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
const page = (cookie: string, method = "GET") => new Request(`${SITE}/settings`, { method, headers: { Cookie: cookie } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(() => getStore());

describe.skipIf(!haveEmulator)("token sync (§7) against the Auth emulator", () => {
  it("gives an anonymous visitor a session the server can read", async () => {
    const { uid, idToken } = await signUpAnonymously();
    const response = await sync(idToken);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true, uid, anonymous: true });
    const viewer = await getViewer(page(cookieOf(response)));
    expect(viewer).toMatchObject({ uid, anonymous: true, roles: [] });
  });

  it("keeps a member's session when a browser's anonymous sign-in lands after it, and still takes a member's token", async () => {
    const member = await signInWithPhone("+15550104002");
    const memberCookie = cookieOf(await sync(member.idToken));
    const late = await signUpAnonymously();
    const kept = await sync(late.idToken, { cookie: memberCookie });
    expect(kept.status).toBe(200);
    expect(await kept.json()).toMatchObject({ ok: true, kept: true });
    expect(kept.headers.get("Set-Cookie")).toBeNull();
    expect(await getViewer(page(memberCookie))).toMatchObject({ uid: member.uid, anonymous: false });
    // Another member's fresh token (a sign-in as someone else) still replaces it.
    const other = await signInWithPhone("+15550104003");
    const switched = await sync(other.idToken, { cookie: memberCookie });
    expect(switched.status).toBe(200);
    expect(await getViewer(page(cookieOf(switched)))).toMatchObject({ uid: other.uid, anonymous: false });
  });

  it("gives a member a session whose cookie lives as long as the Firebase session (14 days)", async () => {
    const { uid, idToken } = await signInWithPhone("+15550104001");
    const response = await sync(idToken);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(14 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(14 * 86_400);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(await getViewer(page(cookieOf(response)))).toMatchObject({ uid, anonymous: false });
  });

  it.each([
    ["another site's origin", { origin: "https://evil.example" }, 403],
    ["no origin at all", { origin: null }, 403],
    ["the literal null origin", { origin: "null" }, 403],
    ["a cross-site fetch", { site: "cross-site" }, 403],
  ])("refuses %s and sets nothing", async (_name, init, status) => {
    const { idToken } = await signUpAnonymously();
    const response = await sync(idToken, init);
    expect(response.status).toBe(status);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a missing, malformed or tampered token with 401", async () => {
    expect((await sync(null)).status).toBe(401);
    expect((await sync("not-a-token-at-all-but-long-enough")).status).toBe(401);
    const { idToken } = await signUpAnonymously();
    const [header, payload] = idToken.split(".");
    const tampered = `${header}.${payload.slice(0, -4)}AAAA.`;
    const response = await sync(tampered);
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("refuses a token made for another project (wrong audience)", async () => {
    const { uid } = await signInWithPhone("+15550104002");
    const response = await sync(forgeEmulatorToken({ sub: uid, aud: "demo-someone-else" }));
    expect(response.status).toBe(401);
  });

  it("refuses a sign-in over 300 s old, reading auth_time rather than a fresh iat", async () => {
    const { uid } = await signInWithPhone("+15550104003");
    const now = Math.floor(Date.now() / 1000);
    const stale = await sync(forgeEmulatorToken({ sub: uid, auth_time: now - 310, iat: now }));
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ reason: "stale_sign_in" });
    // Within the window (with the allowed skew) it is accepted.
    const fresh = await sync(forgeEmulatorToken({ sub: uid, auth_time: now - 290, iat: now }));
    expect(fresh.status).toBe(200);
  });

  it("refuses a revoked token", async () => {
    const { uid, idToken } = await signInWithPhone("+15550104004");
    await sleep(1100); // revocation is kept to the second
    await identity.revokeSessions(uid);
    const response = await sync(idToken);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ reason: "revoked" });
  });

  it("ends a revoked session on the next write, and on reads within the minute", async () => {
    const { uid, idToken } = await signInWithPhone("+15550104005");
    const cookie = cookieOf(await sync(idToken));
    expect(await getViewer(page(cookie))).toMatchObject({ uid });
    await sleep(1100);
    await identity.revokeSessions(uid);
    expect(await getViewer(page(cookie, "POST"))).toBeNull();
    // A write asked the provider, so reads know too.
    expect(await getViewer(page(cookie))).toBeNull();
  });

  it("takes roles from the account as it is now: a removed role is gone on the next write", async () => {
    const { uid, idToken } = await signInWithPhone("+15550104006");
    await identity.setClaims(uid, { admin: true, facilitator: true });
    const cookie = cookieOf(await sync(idToken));
    expect((await getViewer(page(cookie, "POST")))?.roles).toEqual(["admin", "facilitator"]);
    await identity.setClaims(uid, { facilitator: true });
    expect((await getViewer(page(cookie, "POST")))?.roles).toEqual(["facilitator"]);
  });

  it("signs out with DELETE: the session is gone and the member's tokens are revoked", async () => {
    const { uid, idToken } = await signInWithPhone("+15550104007");
    const cookie = cookieOf(await sync(idToken));
    await sleep(1100);
    const response = await sync(null, { method: "DELETE", cookie });
    expect(response.status).toBe(200);
    expect(await getViewer(page(cookieOf(response)))).toBeNull();
    // The old cookie, replayed, is revoked too.
    expect(await getViewer(page(cookie, "POST"))).toBeNull();
    const account = await identity.getAccount(uid);
    expect(account?.validAfter).toBeGreaterThan(0);
  });

  it("treats a forged session cookie as no session", async () => {
    expect(await getViewer(page("__session=eyJhdXRoIjp7InVpZCI6ImFkbWluIn19.forged"))).toBeNull();
  });

  it("answers GET with 405", async () => {
    const response = await sessionRoute.loader();
    expect(response.status).toBe(405);
  });
});
