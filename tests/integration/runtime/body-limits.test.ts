import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { createTestBuild } from "../app-build";
import { answerStatus, routeArgs } from "../../support/route-call";

/**
 * Issue 23, item 1, with the actions called directly (as a script or a test would, no front door):
 * each reads its body within its cap as it streams in, so a 50 MB body with no length is refused at
 * the cap and the rest is never pulled. The built server's own probe is tests/e2e/body-limits.spec.ts.
 */

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.LOG_REQUESTS = "false";

const { getStore } = await import("../../../app/services/store/index.server");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const privacyChoices = await import("~/routes/privacy_.choices/route");
const emailLink = await import("~/routes/auth.email-link/route");
const ebook = await import("~/routes/mental-detox-ebook/route");
const webhook = await import("~/routes/api.payments.webhook/route");
const onboarding = await import("~/routes/onboarding/route");
const membership = await import("~/routes/settings_.membership/route");
const sessionRoute = await import("~/routes/api.session/route");
const { collectUpload } = await import("../../../app/routes/api.analytics/collector.server");
const entry = await import("~/entry.server");

const SITE = "http://localhost:3000";
const KB = 1024;
const MB = 1024 * KB;
const CHUNK = 64 * KB;
let address = 0;

/** A 50 MB body made as it is pulled, with no Content-Length; `pulled()` says how much was read. */
function hugeRequest(path: string, headers: Record<string, string> = {}) {
  let pulled = 0;
  const piece = new Uint8Array(CHUNK).fill("x".charCodeAt(0));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= 50 * MB) return controller.close();
      pulled += CHUNK;
      controller.enqueue(piece);
    },
  });
  const request = new Request(`${SITE}${path}`, {
    method: "POST",
    body,
    duplex: "half",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": `10.23.1.${++address}`, Origin: SITE, ...headers },
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const args = (request: Request) => routeArgs(request);

beforeAll(() => getStore());

describe("actions read a body with no length only up to their cap", () => {
  it.each([
    ["/privacy/choices", 16 * KB, (request: Request) => privacyChoices.action(args(request))],
    ["/auth/email-link?oobCode=abcdefghijklmnopqrstuvwxyz", 16 * KB, (request: Request) => emailLink.action(args(request))],
    ["/mental-detox-ebook", 16 * KB, (request: Request) => ebook.action(args(request))],
    ["/api/payments/webhook", 512 * KB, (request: Request) => webhook.action(args(request))],
    ["/api/analytics", 64 * KB, async (request: Request) => Response.json({}, { status: (await collectUpload(request)).status })],
  ] as const)("%s answers 413 after at most its cap", async (path, cap, action) => {
    const { request, pulled } = hugeRequest(
      path,
      path.startsWith("/api/payments") ? { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=00" } : {},
    );
    expect(await answerStatus(() => action(request))).toBe(413);
    expect(pulled()).toBeLessThanOrEqual(cap + 2 * CHUNK);
  });

  describe.skipIf(!haveEmulator)("a signed-in member's forms", () => {
    async function memberCookie(phone: string) {
      const { idToken } = await signInWithPhone(phone);
      const response = (await sessionRoute.action(
        args(
          new Request(`${SITE}/api/session`, {
            method: "POST",
            headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.23.2.${++address}` },
          }),
        ),
      )) as Response;
      return response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    }

    it("onboarding and the membership panel answer 413 after at most 16 KB", async () => {
      const cookie = await memberCookie("+15550123101");
      const first = hugeRequest("/onboarding", { Cookie: cookie });
      expect(await answerStatus(() => onboarding.action(args(first.request)))).toBe(413);
      expect(first.pulled()).toBeLessThanOrEqual(16 * KB + 2 * CHUNK);

      const named = new Request(`${SITE}/onboarding`, {
        method: "POST",
        body: new URLSearchParams({ firstName: "Cap", lastName: "Tested" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      expect(await answerStatus(() => onboarding.action(args(named)))).toBe(302);
      const second = hugeRequest("/settings/membership", { Cookie: cookie });
      expect(await answerStatus(() => membership.action(args(second.request)))).toBe(413);
      expect(second.pulled()).toBeLessThanOrEqual(16 * KB + 2 * CHUNK);
    });
  });
});

describe("the front door's cap", () => {
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    // A route that reads its body the careless way, as a new one might: the cap still holds.
    const careless = {
      action: async ({ request }: { request: Request }) => {
        const form = await request.formData();
        return Response.json({ fields: [...form.keys()].length });
      },
    };
    const routes = [
      { id: "root", path: "", module: await import("~/root") },
      { id: "routes/test.careless", parentId: "root", path: "test/careless", module: careless },
    ];
    server = createFrontDoor(createTestBuild(routes, entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) }).server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A chunked POST of `size` bytes; resolves with the status and how much had been written by then. */
  function chunked(path: string, size: number): Promise<{ status: number; sentWhenAnswered: number }> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      const request = http.request(
        `${base}${path}`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, agent: false },
        (response) => {
          const status = response.statusCode ?? 0;
          const sentWhenAnswered = sent;
          response.resume();
          response.on("end", () => resolve({ status, sentWhenAnswered }));
        },
      );
      request.on("error", reject);
      const piece = Buffer.alloc(16 * KB, "x".charCodeAt(0));
      const pump = () => {
        while (sent < size) {
          sent += piece.length;
          if (!request.write(piece)) return void request.once("drain", pump);
        }
        request.end();
      };
      pump();
    });
  }

  it("answers a body over the cap with 413, never the 500 of a route that read it carelessly", async () => {
    const failures = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await chunked("/test/careless", 8 * KB)).status).toBe(200);
    const answer = await chunked("/test/careless", 2 * MB);
    expect(answer.status).toBe(413);
    failures.mockRestore();
  });
});
