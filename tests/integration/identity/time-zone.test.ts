import { describe, expect, it } from "vitest";
import { routeArgs, settle } from "../../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const route = await import("~/routes/preferences.time-zone/route");
const api = await import("~/routes/api.time-zone/route");
const { getVisitor } = await import("../../../app/server/visitor.server");

const ORIGIN = "http://localhost:3000";

function post(fields: Record<string, string>, cookie = "") {
  return new Request(`${ORIGIN}/preferences/time-zone`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function act(request: Request): Promise<Response> {
  const browserReport = new URLSearchParams(await request.clone().text()).get("source") === "browser";
  const result = browserReport ? await settle(api.action(routeArgs(request))) : await settle(route.action(routeArgs(request)));
  return result instanceof Response
    ? result
    : new Response(JSON.stringify((result as { data: unknown }).data), {
        status: (result as { init?: { status?: number } }).init?.status ?? 200,
      });
}

const cookieOf = (response: Response) => (response.headers.get("Set-Cookie") ?? "").split(";")[0];
const zoneOf = async (cookie: string) => (await getVisitor(new Request(ORIGIN, { headers: { Cookie: cookie } }))).timeZone;

describe("the visitor's time zone, remembered in the session", () => {
  it("takes the browser's zone, then a chosen one, and never lets the browser override a choice", async () => {
    const detected = await act(post({ timeZone: "Asia/Tokyo", source: "browser" }));
    expect(detected.status).toBe(204);
    expect(detected.headers.get("X-Time-Zone-Changed")).toBe("1");
    const first = cookieOf(detected);
    expect(await zoneOf(first)).toEqual({ zone: "Asia/Tokyo", source: "browser" });

    // The same report again changes nothing and sends no cookie.
    const again = await act(post({ timeZone: "Asia/Tokyo", source: "browser" }, first));
    expect(again.headers.get("X-Time-Zone-Changed")).toBe("0");
    expect(again.headers.get("Set-Cookie")).toBeNull();

    const chosen = await act(post({ timeZone: "america/los_angeles", next: "/classes?modality=breathwork" }, first));
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe("/classes?modality=breathwork");
    const second = cookieOf(chosen);
    expect(await zoneOf(second)).toEqual({ zone: "America/Los_Angeles", source: "chosen" });

    const ignored = await act(post({ timeZone: "Europe/Paris", source: "browser" }, second));
    expect(ignored.headers.get("X-Time-Zone-Changed")).toBe("0");
    expect(ignored.headers.get("Set-Cookie")).toBeNull();
  });

  it("answers a forged zone or an outside return address without a 500", async () => {
    const forged = await act(post({ timeZone: "<script>alert(1)</script>" }));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("We don't know that time zone");
    const offsite = await act(post({ timeZone: "Europe/Berlin", next: "https://evil.example/" }));
    expect(offsite.headers.get("Location")).toBe("/classes");
    const empty = await act(post({}));
    expect(empty.status).toBe(400);
  });
});
