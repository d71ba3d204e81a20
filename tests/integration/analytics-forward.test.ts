import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Issue 13: events recorded by features are forwarded to the configured provider (a local HTTP server
// here) from a queue in the store, retried until taken.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { recordEvent, ANALYTICS_EVENTS } = await import("../../app/platform/analytics-event.server");
const { forwardRecordedEvents } = await import("../../app/platform/analytics-forward.server");

const received: Array<Array<{ event_type: string; insert_id: string; user_id?: string | null }>> = [];
let statuses: number[] = [];
let maxEvents = Infinity;
const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    const form = new URLSearchParams(raw);
    const e = form.get("e") ?? "[]";
    const expected = createHash("md5")
      .update(`${form.get("v")}${form.get("client")}${e}${form.get("upload_time")}`)
      .digest("hex");
    if (form.get("checksum") !== expected || form.get("client") !== "forward-test-key") return res.writeHead(400).end();
    const events = JSON.parse(e);
    const status = statuses.shift() ?? (events.length > maxEvents ? 413 : 200);
    if (status === 200) received.push(events);
    res.writeHead(status).end();
  });
});
let url = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/batch`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  received.length = 0;
  statuses = [];
  maxEvents = Infinity;
  const { docs } = await getStore().query(ANALYTICS_EVENTS, { safeParse: (v: unknown) => ({ success: true, data: v }) } as never);
  await Promise.all(docs.map((doc) => getStore().delete(ANALYTICS_EVENTS, doc.id)));
});

const record = (count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      recordEvent({ name: "Promotion_Code_Applied", properties: { code: `C${i}` } } as never, { uid: `u${i % 3}` }),
    ),
  );
const forward = () => forwardRecordedEvents({ url, apiKey: "forward-test-key" });
const forwardedIds = () => received.flat().map((event) => event.insert_id);

describe("forwarding recorded events", () => {
  it("does nothing when no provider is configured (the store keeps them)", async () => {
    await record(3);
    expect(await forwardRecordedEvents()).toEqual({ forwarded: 0, dropped: 0, failed: 0 });
    expect(received).toHaveLength(0);
  });

  it("sends them with the platform prefix and a valid checksum, each once, in batches of at most 50", async () => {
    await record(120);
    expect(await forward()).toEqual({ forwarded: 120, dropped: 0, failed: 0 });
    expect(received.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(new Set(forwardedIds()).size).toBe(120);
    expect(received[0][0].event_type).toBe("Web_Promotion_Code_Applied");
    expect(await forward()).toEqual({ forwarded: 0, dropped: 0, failed: 0 });
  });

  it("keeps them queued when the provider fails, and sends them on the next run", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await record(10);
    statuses = [503];
    expect(await forward()).toEqual({ forwarded: 0, dropped: 0, failed: 10 });
    const unreachable = await forwardRecordedEvents({ url: "http://127.0.0.1:1/batch", apiKey: "forward-test-key" });
    expect(unreachable.failed).toBe(10);
    expect(await forward()).toEqual({ forwarded: 10, dropped: 0, failed: 0 });
    expect(new Set(forwardedIds()).size).toBe(10);
    warn.mockRestore();
  });

  it("halves the batch on 413 down to single events", async () => {
    await record(20);
    maxEvents = 6;
    expect(await forward()).toEqual({ forwarded: 20, dropped: 0, failed: 0 });
    expect(Math.max(...received.map((batch) => batch.length))).toBeLessThanOrEqual(6);
    expect(new Set(forwardedIds()).size).toBe(20);
  });

  it("drops what the provider refuses as malformed instead of retrying it forever", async () => {
    await record(4);
    statuses = [400];
    expect(await forward()).toEqual({ forwarded: 0, dropped: 4, failed: 0 });
    expect(await forward()).toEqual({ forwarded: 0, dropped: 0, failed: 0 });
  });
});
