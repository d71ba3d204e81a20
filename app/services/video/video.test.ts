import { describe, expect, it, vi } from "vitest";
import { createDailyRooms } from "./daily.server";
import { createDemoRooms } from "./demo.server";
import { VideoError, roomName } from "./port";

const request = {
  classId: "dawn-breath-2026-11-24",
  title: "Dawn breath",
  opensAt: 1_800_000_000,
  closesAt: 1_800_003_600,
  uid: "member-1",
  displayName: "Ada L.",
};

describe("the demo room", () => {
  const rooms = createDemoRooms({ secret: "s".repeat(40) });

  it("signs a link for one member and one class, which expires with the class", async () => {
    const url = new URL(await rooms.joinUrl(request), "http://localhost");
    expect(url.pathname).toBe("/demo/room/dawn-breath-2026-11-24");
    const token = url.searchParams.get("t")!;
    expect(rooms.verify(request.classId, token, request.closesAt)).toEqual({ uid: "member-1", role: "member" });
    expect(rooms.verify(request.classId, token, request.closesAt + 1)).toBeNull();
    expect(rooms.verify("another-class", token, request.opensAt)).toBeNull();
    expect(rooms.verify(request.classId, `${token.split(".")[0]}.forged`, request.opensAt)).toBeNull();
    expect(createDemoRooms({ secret: "t".repeat(40) }).verify(request.classId, token, request.opensAt)).toBeNull();
    expect(rooms.verify(request.classId, "nonsense", request.opensAt)).toBeNull();
  });
});

describe("Daily behind the video port", () => {
  it("makes the class's private room and a member's token, both ending with the class", async () => {
    const calls: { url: string; body: Record<string, unknown>; auth: string | null }[] = [];
    const fetcher = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get("Authorization") });
      return String(url).endsWith("/rooms")
        ? Response.json({ info: `a room named ${roomName(request.classId)} already exists` }, { status: 400 })
        : Response.json({ token: "eyJ.member.token" });
    });
    const rooms = createDailyRooms({ apiKey: "key_".padEnd(40, "x"), domain: "stillhour", fetch: fetcher as typeof fetch });
    expect(await rooms.joinUrl(request)).toBe("https://stillhour.daily.co/stillhour-dawn-breath-2026-11-24?t=eyJ.member.token");
    expect(calls[0]).toMatchObject({
      url: "https://api.daily.co/v1/rooms",
      body: { name: "stillhour-dawn-breath-2026-11-24", privacy: "private", properties: { nbf: request.opensAt, exp: request.closesAt } },
    });
    expect(calls[1].body).toMatchObject({
      properties: { room_name: "stillhour-dawn-breath-2026-11-24", user_id: "member-1", exp: request.closesAt },
    });
    expect(calls.every((call) => call.auth === `Bearer ${"key_".padEnd(40, "x")}`)).toBe(true);
  });

  it("turns Daily's failures into the port's codes, never its words", async () => {
    const down = createDailyRooms({
      apiKey: "k".repeat(40),
      domain: "stillhour",
      fetch: (async () => Response.json({ error: "internal", info: "db on fire" }, { status: 503 })) as typeof fetch,
    });
    await expect(down.joinUrl(request)).rejects.toEqual(new VideoError("unavailable", "video service answered 503"));
    const offline = createDailyRooms({
      apiKey: "k".repeat(40),
      domain: "stillhour",
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(offline.joinUrl(request)).rejects.toMatchObject({ code: "unavailable" });
  });
});
