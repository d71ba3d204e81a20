import { describe, expect, it } from "vitest";
import { responseOf, routeArgs } from "../../support/route-call";

/**
 * Issue 23 (Low): Secure follows configuration, not the scheme a request arrives with. Behind a
 * proxy that terminates TLS the app sees plain HTTP (and, forwarded without its Host, this machine's
 * own name), yet the browser is on https://: every cookie must still be Secure, and HSTS still sent.
 */
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PUBLIC_SITE_URL = "https://www.example.test";
process.env.LOG_REQUESTS = "false";

const { getVisitor } = await import("../../../app/server/visitor.server");
const privacyChoices = await import("../../../app/routes/privacy_.choices/route");
const tokenRoute = await import("../../../app/routes/$token/route");
const { ensureReferralCode } = await import("../../../app/models/wallet/referrals.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { baseSecurityHeaders } = await import("../../../app/server/http/security-headers.server");

const args = (request: Request, params: Record<string, string> = {}) => routeArgs(request, params);

// As the app sees a request a TLS-terminating proxy forwarded: plain HTTP, to an internal name or to this machine.
const ARRIVALS = ["http://internal-host", "http://10.0.0.5:8080", "http://127.0.0.1:3000", "http://localhost:3000"];

describe("with PUBLIC_SITE_URL=https://www.example.test, a request arriving over plain HTTP", () => {
  it.each(ARRIVALS)("from %s gets a Secure session cookie", async (origin) => {
    const visitor = await getVisitor(new Request(`${origin}/`));
    expect(visitor.setCookie).toMatch(/^__session=/);
    expect(visitor.setCookie).toMatch(/;\s*Secure/i);
  });

  it.each(ARRIVALS)("from %s gets a Secure privacy-choice cookie", async (origin) => {
    const response = await responseOf(
      privacyChoices.action(
        args(
          new Request(`${origin}/privacy/choices`, {
            method: "POST",
            body: new URLSearchParams({ choice: "opt-out" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          }),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/;\s*Secure/i);
  });

  it.each(ARRIVALS)("from %s gets a Secure invitation cookie", async (origin) => {
    const uid = `inviter-${Math.random().toString(36).slice(2, 10)}`;
    await savePrivateUser(uid, { firstName: "Ines", lastName: "Okafor" });
    const code = await ensureReferralCode(uid);
    const response = await responseOf(tokenRoute.loader(args(new Request(`${origin}/${code}`), { token: code })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Set-Cookie")).toMatch(/^stillhour_ref=.*;\s*Secure/i);
  });

  it.each(ARRIVALS)("from %s gets HSTS", (origin) => {
    expect(baseSecurityHeaders(new URL(`${origin}/`))["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});
