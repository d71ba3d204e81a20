import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { collectUpload, resetCollectorLimits, MAX_UPLOAD_BYTES } = await import("../../app/routes/api.analytics/collector.server");
const { COLLECTED_EVENTS } = await import("../../app/platform/analytics-event.server");
const { uploadChecksum } = await import("../../app/platform/analytics-upload");
const { getEnv } = await import("../../app/lib/env.server");
const { createAnalyticsClient } = await import("../../app/browser/analytics.client");

const KEY = getEnv().ANALYTICS_KEY;
const NOW = Date.UTC(2026, 10, 23, 12);
let ip = 0;

function upload(fields: Record<string, string>, options: { type?: string; ip?: string; raw?: string } = {}) {
  const body = options.raw ?? new URLSearchParams(fields).toString();
  return new Request("http://localhost/api/analytics", {
    method: "POST",
    body,
    headers: {
      "Content-Type": options.type ?? "application/x-www-form-urlencoded",
      "x-client-ip": options.ip ?? `10.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`,
    },
  });
}

function signed(events: unknown, extra: Partial<Record<"client" | "v" | "upload_time", string>> = {}) {
  const e = typeof events === "string" ? events : JSON.stringify(events);
  const client = extra.client ?? KEY;
  const v = extra.v ?? "2";
  const uploadTime = extra.upload_time ?? String(NOW);
  return { client, e, v, upload_time: uploadTime, checksum: uploadChecksum(v, client, e, uploadTime) };
}

const event = (name = "Web_On_Demand_Video_Started", extra: Record<string, unknown> = {}) => ({
  event_type: name,
  time: NOW - 1000,
  device_id: "device-1",
  event_properties: { classSlug: "settle-in" },
  ...extra,
});

async function stored() {
  const { docs } = await getStore().query(COLLECTED_EVENTS, z.record(z.unknown()));
  return docs.length;
}

beforeEach(() => resetCollectorLimits());

describe("the analytics collector", () => {
  it("stores a good upload, and a retried one only once", async () => {
    const fields = signed([event(), event("Web_Page_Viewed", { insert_id: "abc-1" })]);
    const first = await collectUpload(upload(fields), NOW);
    expect(first).toEqual({ status: 200, body: { code: 200, events_ingested: 2 } });
    await collectUpload(upload(fields), NOW);
    expect(await stored()).toBe(2);
  });

  it("answers wrong content types 415, oversized bodies 413, floods 429", async () => {
    const fields = signed([event()]);
    expect((await collectUpload(upload(fields, { type: "application/json" }), NOW)).status).toBe(415);
    expect((await collectUpload(upload({}, { raw: "x".repeat(MAX_UPLOAD_BYTES + 1) }), NOW)).status).toBe(413);
    expect((await collectUpload(upload(signed(Array.from({ length: 201 }, () => event()))), NOW)).status).toBe(413);
    const statuses = [];
    for (let i = 0; i < 125; i += 1) statuses.push((await collectUpload(upload({}, { ip: "10.9.9.9" }), NOW)).status);
    expect(statuses.filter((s) => s === 429).length).toBe(5);
  });

  it("refuses 2,000 malformed uploads with a 4xx each, never a 5xx, and stores none of them", async () => {
    const before = await stored();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    const hostile = [
      "",
      "[]",
      "{}",
      "null",
      "[null]",
      "[1,2]",
      "[{}]",
      "not json",
      '[{"event_type":""}]',
      "\u0000",
      "[".repeat(5000),
      '[{"__proto__":{"polluted":true},"event_type":"x","time":' + NOW + "}]",
      '[{"event_type":"x","time":' + NOW + ',"__proto__":{"admin":true}}]',
      '[{"event_type":"x","time":' + NOW + ',"event_properties":{"__proto__":{"admin":true}}}]',
      '[{"event_type":"x","time":' + NOW + ',"event_properties":{"constructor":"y"}}]',
      JSON.stringify([event("Web_X", { time: "yesterday" })]),
      JSON.stringify([event("<script>alert(1)</script>")]),
      JSON.stringify([event("Web_X", { extra_field: 1 })]),
      JSON.stringify([event("Web_X", { event_properties: { deep: { deeper: { deepest: 1 } } } })]),
      JSON.stringify([event("Web_X", { event_properties: { big: "x".repeat(5000) } })]),
      JSON.stringify([event("Web_X", { quantity: -1 })]),
      JSON.stringify([event("Web_X", { revenue: "lots" })]),
    ];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 2_000; i += 1) {
      const kind = i % 8;
      let request: Request;
      if (kind === 0)
        request = upload(signed(pick(hostile))); // well signed, bad events
      else if (kind === 1) {
        const fields = signed([event()]);
        request = upload({ ...fields, checksum: fields.checksum.replace(/.$/, (c) => (c === "0" ? "1" : "0")) }); // bad checksum
      } else if (kind === 2)
        request = upload({ ...signed([event()]), [pick(["client", "e", "v", "upload_time", "checksum"])]: "" }); // a field emptied
      else if (kind === 3)
        request = upload(
          signed([event()], pick([{ client: "someone-elses-key" }, { v: "3" }, { upload_time: "soon" }, { upload_time: "-1" }])),
        );
      else if (kind === 4) {
        const fields: Record<string, string> = signed([event()]);
        delete fields[pick(Object.keys(fields))];
        request = upload(fields); // a field missing
      } else if (kind === 5)
        request = upload(
          {},
          { raw: Array.from({ length: 1 + Math.floor(random() * 40) }, () => String.fromCharCode(Math.floor(random() * 0xffff))).join("") },
        );
      else if (kind === 6)
        request = upload(signed([event()]), {
          type: pick(["application/json", "multipart/form-data; boundary=x", "", "text/html", "application/xml"]),
        });
      else request = upload({}, { raw: `client=${KEY}&`.repeat(Math.ceil((MAX_UPLOAD_BYTES + 10) / 30)) });
      const { status } = await collectUpload(request, NOW);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(
      [...statuses.keys()].every((status) => [400, 413, 415, 429].includes(status)),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(await stored()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("takes what the browser's client sends: its checksum, names and fields agree with the collector", async () => {
    const before = await stored();
    const client = createAnalyticsClient({
      endpoint: "http://localhost/api/analytics",
      apiKey: KEY,
      deviceId: "device-browser-1",
      optedOut: () => false,
      now: () => NOW,
      fetch: async (url, init) => {
        const result = await collectUpload(
          new Request(String(url), { method: "POST", body: init!.body as URLSearchParams, headers: { "x-client-ip": "10.77.0.1" } }),
          NOW,
        );
        return new Response(JSON.stringify(result.body), { status: result.status });
      },
      userProperties: () => ({ subscribed: false, anonymous: true, experiments: { nsr25Test: "a" } }),
      window: { width: 1280, height: 720 },
    });
    const done = Promise.all([client.track("Page_Viewed", { path: "/on-demand" }), client.revenue({ productId: "pack-5", price: 45 })]);
    await client.flush();
    await done;
    expect(await stored()).toBe(before + 2);
  });
});
