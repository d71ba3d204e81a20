import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";

/**
 * Found by the route fuzz (scripts/fuzz-routes.mjs, issue 23): a session cookie signed with the
 * server's own secret but holding what the server never writes (`auth: "admin"`) made every page
 * answer 500. The demo's secret is public, so anyone can sign such a cookie there. Each is now read
 * as no session of that kind: a visitor, never a member, never a failure.
 */

const SECRET = "integration-test-secret-long-enough-000000";
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = SECRET;

const { getVisitorFromCookie } = await import("../../../app/server/visitor.server");
const { getViewer } = await import("../../../app/server/viewer.server");
const { readSession, commitSession } = await import("../../../app/lib/session.server");

const SITE = new URL("http://localhost:3000/faq");
const signed = (data: unknown) => createCookie("__session", { secrets: [SECRET] }).serialize(data);

const HOSTILE: Array<[string, unknown]> = [
  ["auth as a string", { auth: "admin" }],
  ["auth with every field of the wrong type", { auth: { uid: { $gt: "" }, anonymous: "no", firebaseCookie: 7, expiresAt: "never" } }],
  ["auth with no expiry", { auth: { uid: "demo-admin", anonymous: false, firebaseCookie: "x.y.z" } }],
  [
    "auth expiring at infinity",
    { auth: { uid: "demo-admin", anonymous: false, firebaseCookie: "x.y.z", expiresAt: Number.POSITIVE_INFINITY } },
  ],
  ["experiments as a list", { experiments: ["a", "b"], experimentKey: 12 }],
  ["experiments with objects for variants", { experimentKey: "k".repeat(22), experiments: { checkout: { toString: 1 } } }],
  ["a time zone as a string", { timeZone: "UTC" }],
  ["a pending e-mail as a string", { pendingEmail: "x" }],
  ["null", null],
  ["a list", []],
  ["a string", "a string"],
];

describe("a session cookie with the right signature and the wrong contents", () => {
  it.each(HOSTILE)("%s is read as a visitor, without a failure", async (_label, data) => {
    const cookie = (await signed(data)).split(";")[0];
    const visitor = await getVisitorFromCookie(cookie, SITE);
    expect(visitor.member).toBe(false);
    expect(await getViewer(new Request(SITE, { headers: { Cookie: cookie } }))).toBeNull();
    // Whatever is kept can be written back.
    await expect(commitSession(await readSession(cookie), SITE)).resolves.toMatch(/^__session=/);
  });

  it("keeps the keys that have their shape", async () => {
    const cookie = (await signed({ auth: "admin", timeZone: { zone: "Europe/Berlin", source: "chosen" } })).split(";")[0];
    const session = await readSession(cookie);
    expect(session.has("auth")).toBe(false);
    expect(session.get("timeZone")).toEqual({ zone: "Europe/Berlin", source: "chosen" });
  });
});
