import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { answerStatus, routeArgs } from "../../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.VIDEO_PROVIDER = "demo";

/**
 * Issue 23, the "Low" list: a custom token only for a recent sign-in, a cap on one member's live
 * streams, and a video room that closes with the booking. Route modules called with real Requests.
 */

const { getStore } = await import("../../../app/services/store/index.server");
const sessionRoute = await import("~/routes/api.session/route");
const tokenRoute = await import("~/routes/api.session.token/route");
const streamRoute = await import("~/routes/api.me.stream/route");
const classRoute = await import("~/routes/classes.$classId/route");
const joinRoute = await import("~/routes/classes.$classId_.join/route");
const roomRoute = await import("~/routes/demo.room.$classId/route");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const { setVideoRoomsForTests } = await import("../../../app/services/video/index.server");
const { createDailyRooms } = await import("../../../app/services/video/daily.server");
const { MAX_SIGN_IN_AGE_SECONDS } = await import("../../../app/server/viewer.server");
const root = await import("~/root");

const SITE = "http://localhost:3000";
let address = 0;

beforeAll(() => getStore());
afterEach(() => {
  vi.restoreAllMocks();
  setVideoRoomsForTests(undefined);
});

async function signIn(phone: string): Promise<{ uid: string; cookie: string }> {
  const { uid, idToken } = await signInWithPhone(phone);
  await savePrivateUser(uid, { firstName: "Rowan", lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: "Europe/London" });
  const request = new Request(`${SITE}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.23.0.${++address}` },
  });
  const response = (await sessionRoute.action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return { uid, cookie: response.headers.get("Set-Cookie")!.split(";")[0] };
}

function mintToken(cookie: string): Promise<Response> {
  const request = new Request(`${SITE}/api/session/token`, { method: "POST", headers: { Cookie: cookie, Origin: SITE } });
  return tokenRoute.action(routeArgs(request)) as Promise<Response>;
}

describe.skipIf(!haveEmulator)("/api/session/token", () => {
  it("mints a token only while the sign-in is recent (the 300 s rule)", async () => {
    const { cookie } = await signIn("+15550230801");
    // The page tells the browser it may ask (so a browser never asks when the answer is no).
    const identityOnPage = async () => {
      const response = (await root.loader(routeArgs(new Request(`${SITE}/`, { headers: { Cookie: cookie } })))) as unknown as {
        data: { identity: { handOver?: boolean } };
      };
      return response.data.identity;
    };
    expect(await identityOnPage()).toMatchObject({ handOver: true });
    const fresh = await mintToken(cookie);
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toMatchObject({ ok: true, token: expect.any(String) });

    // The same session a little over five minutes later.
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow + (MAX_SIGN_IN_AGE_SECONDS + 1) * 1000);
    const stale = await mintToken(cookie);
    expect(stale.status).toBe(401);
    const body = (await stale.json()) as Record<string, unknown>;
    expect(body.token).toBeUndefined();
    expect(body).toMatchObject({ ok: false, code: "sign_in_not_recent" });
    expect((await identityOnPage()).handOver).toBeUndefined();
  });
});

describe.skipIf(!haveEmulator)("/api/me/stream", () => {
  it("lets one member hold five live streams and refuses the sixth with 429", async () => {
    const { cookie } = await signIn("+15550230802");
    const controllers: AbortController[] = [];
    const open = async () => {
      const controller = new AbortController();
      controllers.push(controller);
      const request = new Request(`${SITE}/api/me/stream`, { headers: { Cookie: cookie }, signal: controller.signal });
      return (await streamRoute.loader(routeArgs(request))) as Response;
    };
    try {
      for (let i = 0; i < 5; i += 1) expect((await open()).status, `stream ${i + 1}`).toBe(200);
      const sixth = await open();
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get("Content-Type")).toMatch(/json/);
      expect(await sixth.json()).toMatchObject({ ok: false, code: "too_many_streams" });
      // Closing one gives its place back.
      controllers[0].abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await open()).status).toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});

describe.skipIf(!haveEmulator)("a video room after the booking is cancelled", () => {
  async function classSoon() {
    const id = `room-end-${Date.now()}-${++address}`;
    await getStore().set("classes", id, {
      id,
      slug: id,
      title: "Room End Test",
      teacherId: "teacher-amara",
      modality: "breathwork",
      // Inside the join window (ten minutes before) and still ahead, so it can be cancelled.
      startsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      durationMinutes: 20,
      capacity: 5,
      timeZone: "Europe/London",
    });
    return id;
  }

  const form = (cookie: string, path: string, fields: Record<string, string>) =>
    new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });

  async function join(cookie: string, classId: string): Promise<string> {
    const answer = (await joinRoute.action(routeArgs(form(cookie, `/classes/${classId}/join`, {}), { classId }))) as Response;
    expect(answer.status).toBe(302);
    return answer.headers.get("Location")!;
  }

  async function cancel(cookie: string, classId: string) {
    const answer = (await classRoute.action(routeArgs(form(cookie, `/classes/${classId}`, { intent: "cancel" }), { classId }))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toContain("booking=cancelled");
  }

  async function openRoom(cookie: string, location: string): Promise<number> {
    const url = new URL(location, SITE);
    const request = new Request(url, { headers: { Cookie: cookie } });
    return answerStatus(roomRoute.loader(routeArgs(request, { classId: decodeURIComponent(url.pathname.split("/").at(-1)!) })));
  }

  it("book, join, cancel, join again: refused, and the demo room's link no longer opens it", async () => {
    const { uid, cookie } = await signIn("+15550230803");
    const classId = await classSoon();
    expect(await bookClass({ uid, classId, now: new Date(), isMember: true })).toMatchObject({ ok: true, status: "booked" });
    const room = await join(cookie, classId);
    expect(room).toMatch(/^\/demo\/room\/.+\?t=/);
    expect(await openRoom(cookie, room)).toBe(200);

    await cancel(cookie, classId);
    expect(await join(cookie, classId)).toBe(`/classes/${classId}?booking=not-booked`);
    expect(await openRoom(cookie, room)).toBe(404);
  });

  it("asks Daily to put the member out of the room, and keep them out, when they cancel", async () => {
    const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
    const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace(/^\/v1/, "");
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      calls.push({ path, body });
      if (path === "/meeting-tokens") return Response.json({ token: "daily-token" });
      if (path.endsWith("/eject")) return Response.json({ ejectedIds: [] });
      return Response.json({ name: body.name });
    }) as typeof fetch;
    setVideoRoomsForTests(createDailyRooms({ apiKey: "test", domain: "stillhour-test", fetch: fakeFetch }));

    const { uid, cookie } = await signIn("+15550230804");
    const classId = await classSoon();
    await bookClass({ uid, classId, now: new Date(), isMember: true });
    expect(await join(cookie, classId)).toMatch(/^https:\/\/stillhour-test\.daily\.co\/.+\?t=daily-token$/);
    await cancel(cookie, classId);
    const eject = calls.find((call) => call.path.endsWith("/eject"));
    expect(eject).toMatchObject({ path: `/rooms/stillhour-${classId}/eject`, body: { user_ids: [uid], ban: true } });
  });
});
