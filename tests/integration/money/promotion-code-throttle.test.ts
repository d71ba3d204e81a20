import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, seedPlans } from "../../support/payments";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { routeArgs } from "../../support/route-call";

/**
 * Issue 23, item 5: promotion codes cannot be listed by trying. Code checks on /subscribe (a code in
 * the address, or Apply) are counted per address and per signed-in account; past the limit the page
 * answers 429 with the catalogue's sentence beside the field, the typed code and plan kept.
 */

const subscribe = await import("~/routes/subscribe/route");
const sessionRoute = await import("~/routes/api.session/route");

/** How many code checks one address or one account may make in the window (CODE_ATTEMPTS_PER_WINDOW). */
const LIMIT = 20;
const SENTENCE = /^That's a lot of codes in a short time\. Please wait (\d+ minutes|a minute) and try again\.$/;

type ActionResult = { data: { errors: Record<string, string>; values: Record<string, string> }; init: ResponseInit | null };
type LoaderResult = { data: { code: string; codeMessage: string | null; codeAccepted: boolean }; init: ResponseInit | null };

let sessionAddress = 0;

/** A member's session cookie, as the browser's token sync makes it. */
async function memberCookie(phone: string): Promise<string> {
  const { idToken } = await signInWithPhone(phone);
  const request = new Request(`${ORIGIN}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: ORIGIN, "x-client-ip": `10.40.0.${++sessionAddress}` },
  });
  const response = (await sessionRoute.action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

function apply(code: string, ip: string, cookie?: string) {
  const request = new Request(`${ORIGIN}/subscribe`, {
    method: "POST",
    body: new URLSearchParams({ intent: "apply", plan: "annual", code }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "x-client-ip": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
  return subscribe.action(routeArgs(request)) as unknown as Promise<ActionResult>;
}

function view(code: string, ip: string, cookie?: string) {
  const request = new Request(`${ORIGIN}/subscribe?plan=monthly&code=${encodeURIComponent(code)}`, {
    headers: { "x-client-ip": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return subscribe.loader(routeArgs(request)) as unknown as Promise<LoaderResult>;
}

beforeAll(seedPlans);

describe("promotion code attempts", () => {
  it(`refuses the ${LIMIT + 1}st code from one address with 429 and the sentence beside the field, the code and plan kept`, async () => {
    const ip = "192.0.2.51";
    for (let i = 0; i < LIMIT; i++) {
      const result = await (i % 2 ? apply(`GUESS${i}`, ip) : view(`GUESS${i}`, ip));
      expect(result.init?.status ?? 200, `attempt ${i + 1}`).not.toBe(429);
    }
    const refused = await apply("GUESS-LAST", ip);
    expect(refused.init?.status).toBe(429);
    expect(refused.data.errors.code).toMatch(SENTENCE);
    expect(refused.data.values).toMatchObject({ code: "GUESS-LAST", plan: "annual" });

    const page = await view("GUESS-PAGE", ip);
    expect(page.init?.status).toBe(429);
    expect(page.data.codeMessage).toMatch(SENTENCE);
    expect(page.data.code).toBe("GUESS-PAGE");
    expect(page.data.codeAccepted).toBe(false);

    // Another address is counted on its own.
    expect((await apply("GUESS-ELSEWHERE", "192.0.2.52")).init?.status).toBe(400);
  });

  it.skipIf(!haveEmulator)("still refuses a signed-in member who moves to a fresh address", async () => {
    const cookie = await memberCookie("+15550123401");
    for (let i = 0; i < LIMIT; i++) {
      const result = await apply(`MEMBER${i}`, `198.51.100.${i + 1}`, cookie);
      expect(result.init?.status, `attempt ${i + 1}`).toBe(400);
    }
    const fresh = await apply("MEMBER-LAST", "198.51.100.200", cookie);
    expect(fresh.init?.status).toBe(429);
    expect(fresh.data.errors.code).toMatch(SENTENCE);
    const page = await view("MEMBER-PAGE", "198.51.100.201", cookie);
    expect(page.init?.status).toBe(429);
    expect(page.data.codeMessage).toMatch(SENTENCE);
  });
});
