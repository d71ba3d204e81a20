import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createAnalyticsClient, revenueFields } from "./analytics.client";
import { uploadBody, uploadChecksum, type AnalyticsEventInput } from "~/platform/analytics-upload";

/** A fetch that answers each upload with the next status and keeps what was sent. */
function fakeFetch(statuses: number[] | ((events: AnalyticsEventInput[]) => number)) {
  const uploads: AnalyticsEventInput[][] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = init!.body as URLSearchParams;
    const events = JSON.parse(body.get("e")!) as AnalyticsEventInput[];
    uploads.push(events);
    const status = typeof statuses === "function" ? statuses(events) : (statuses.shift() ?? 200);
    return new Response(null, { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, uploads };
}

function client(extra: Partial<Parameters<typeof createAnalyticsClient>[0]> = {}) {
  const warnings: string[] = [];
  const api = createAnalyticsClient({
    endpoint: "/api/analytics",
    apiKey: "test-key-123",
    deviceId: "device-1",
    optedOut: () => false,
    now: () => 1_800_000_000_000,
    batchSize: 8,
    warn: (message) => void warnings.push(message),
    window: { width: 390, height: 844 },
    ...extra,
  });
  return { api, warnings };
}

describe("uploads", () => {
  it("sends the provider's fields with an MD5 checksum the server can check", () => {
    const body = uploadBody("key-abc-123", [{ event_type: "Web_X", time: 1, insert_id: "i", device_id: "d" }], 1_800_000_000_000);
    expect([...body.keys()].sort()).toEqual(["checksum", "client", "e", "upload_time", "v"]);
    const expected = createHash("md5")
      .update(`2key-abc-123${body.get("e")}1800000000000`)
      .digest("hex");
    expect(body.get("checksum")).toBe(expected);
    expect(uploadChecksum("2", "a", "[]", "1")).toBe(createHash("md5").update("2a[]1").digest("hex"));
  });

  it("prefixes names for the web, adds the user properties, and resolves on 200", async () => {
    const { fetch, uploads } = fakeFetch([200]);
    const { api } = client({ fetch, userProperties: () => ({ subscribed: true, email: "ada@example.com" }) });
    const done = api.track("Page_Viewed", { path: "/" });
    await api.flush();
    await expect(done).resolves.toBeUndefined();
    expect(uploads[0][0]).toMatchObject({
      event_type: "Web_Page_Viewed",
      event_properties: { path: "/" },
      user_properties: { subscribed: true, email: "ada@example.com", appVersion: "1.0.0", windowWidth: 390, windowHeight: 844 },
    });
  });

  it("413 halves the batch and retries, down to one; an event too large alone is dropped", async () => {
    // The server takes at most 2 events, and never the event named Huge.
    const { fetch, uploads } = fakeFetch((events) => (events.length > 2 || events.some((e) => e.event_type === "Web_Huge") ? 413 : 200));
    const { api, warnings } = client({ fetch });
    const results = ["A", "B", "C", "Huge", "E", "F", "G", "H"].map((name) =>
      api.track(name).then(
        () => "ok",
        () => "dropped",
      ),
    );
    await api.flush();
    expect(await Promise.all(results)).toEqual(["ok", "ok", "ok", "dropped", "ok", "ok", "ok", "ok"]);
    expect(uploads.map((u) => u.length)).toEqual([8, 4, 2, 2, 1, 1, 4, 2, 2]);
    expect(api.batchSize()).toBe(1);
    expect(warnings).toContain("analytics event dropped: too large to upload");
  });

  it("other answers fail each event of the batch, with a warning", async () => {
    const { fetch } = fakeFetch([500, 200]);
    const { api, warnings } = client({ fetch, batchSize: 2 });
    const results = ["A", "B", "C"].map((name) =>
      api.track(name).then(
        () => "ok",
        (error: Error) => error.message,
      ),
    );
    await api.flush();
    expect(await Promise.all(results)).toEqual(["analytics upload answered 500", "analytics upload answered 500", "ok"]);
    expect(warnings).toEqual(["analytics upload answered 500"]);
  });

  it("a network failure rejects and warns", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof globalThis.fetch;
    const { api, warnings } = client({ fetch });
    const result = api.track("A");
    await api.flush();
    await expect(result).rejects.toThrow("Failed to fetch");
    expect(warnings).toEqual(["analytics upload failed"]);
  });
});

describe("opting out and having no key", () => {
  it("opting out sends nothing and empties the queue", async () => {
    let out = false;
    const { fetch } = fakeFetch([200]);
    const { api } = client({ fetch, optedOut: () => out });
    const pending = api.track("A");
    out = true;
    await api.flush();
    await expect(pending).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
    expect(api.queued()).toBe(0);
    await api.track("B");
    expect(api.queued()).toBe(0);
  });

  it("with no key nothing is queued or sent", async () => {
    const { fetch } = fakeFetch([200]);
    const { api } = client({ fetch, apiKey: "" });
    await api.track("A");
    await api.flush();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("beacon and revenue", () => {
  it("hands the queue to sendBeacon when the page is hidden", async () => {
    const sent: URLSearchParams[] = [];
    const { api } = client({ sendBeacon: (_url, body) => (sent.push(body), true), batchSize: 2 });
    const results = ["A", "B", "C"].map((name) => api.track(name));
    api.flushByBeacon();
    await Promise.all(results);
    expect(sent.map((body) => JSON.parse(body.get("e")!).length)).toEqual([2, 1]);
  });

  it("a refused beacon rejects its events", async () => {
    const { api } = client({ sendBeacon: () => false });
    const result = api.track("A");
    api.flushByBeacon();
    await expect(result).rejects.toThrow("beacon refused");
  });

  it("revenue needs a numeric price and quantity (default 1), or it is ignored", async () => {
    expect(revenueFields({ productId: "pack-5", price: 45 })).toEqual({ productId: "pack-5", price: 45, quantity: 1, revenue: 45 });
    expect(revenueFields({ productId: "pack-5", price: 10, quantity: 3 })).toMatchObject({ revenue: 30 });
    for (const bad of [
      { price: "45" },
      { price: Number.NaN },
      { price: 5, quantity: "2" },
      { price: 5, quantity: 0 },
      { price: 5, quantity: 1.5 },
    ]) {
      expect(revenueFields({ productId: "p", ...bad })).toBeNull();
    }
    const { fetch, uploads } = fakeFetch([200]);
    const { api } = client({ fetch });
    await api.revenue({ productId: "p", price: "free" });
    expect(api.queued()).toBe(0);
    const done = api.revenue({ productId: "gift-3m", price: 39, quantity: 2 });
    await api.flush();
    await done;
    expect(uploads[0][0]).toMatchObject({ event_type: "Web_Revenue", productId: "gift-3m", price: 39, quantity: 2, revenue: 78 });
  });
});
