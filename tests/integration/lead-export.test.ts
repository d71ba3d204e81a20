import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// Issue 13: e-book leads exported to a spreadsheet-style service (Airtable's REST API, played here by a
// local HTTP server), retried later when it fails, never lost, never duplicated.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { createAirtableExport } = await import("../../app/services/export/airtable.server");
const { ExportError } = await import("../../app/services/export/port");
const { setSpreadsheetExportForTests } = await import("../../app/services/export/index.server");
const { createLead, exportPendingLeads } = await import("../../app/models/content/lead.server");
const { StoredLeadSchema } = await import("../../app/models/content/lead");

/** A tiny Airtable: upserts records merged on "Key" into one table; answers with a status we choose. */
const table = new Map<string, Record<string, unknown>>();
const requests: Array<{
  method: string;
  url: string;
  auth: string | undefined;
  body: { records: Array<{ fields: Record<string, unknown> }>; performUpsert?: unknown };
}> = [];
let nextStatuses: number[] = [];
const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    const body = JSON.parse(raw || "{}");
    requests.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body });
    const status = nextStatuses.shift() ?? 200;
    if (status !== 200)
      return res
        .writeHead(status, { "content-type": "application/json" })
        .end('{"error":{"type":"INVALID","message":"secret vendor detail"}}');
    if (body.records.length > 10) return res.writeHead(422).end();
    for (const record of body.records) table.set(String(record.fields.Key), record.fields);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ records: body.records }));
  });
});
let apiUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  table.clear();
  requests.length = 0;
  nextStatuses = [];
  setSpreadsheetExportForTests(createAirtableExport({ token: "patTEST.0123456789", baseId: "appTEST01234567", apiUrl }));
});

const pendingCount = async () =>
  (await getStore().query("leads", StoredLeadSchema, { where: [{ field: "exportState", op: "==", value: "pending" }] })).docs.length;

describe("the Airtable adapter", () => {
  it("upserts merged on the lead's key, with the token, at most ten records", async () => {
    const exporter = createAirtableExport({ token: "patTEST.0123456789", baseId: "appTEST01234567", apiUrl });
    await exporter.upsert("Leads", [{ key: "k1", fields: { Email: "a@example.com" } }]);
    expect(requests[0]).toMatchObject({ method: "PATCH", url: "/v0/appTEST01234567/Leads", auth: "Bearer patTEST.0123456789" });
    expect(requests[0].body.performUpsert).toEqual({ fieldsToMergeOn: ["Key"] });
    expect(table.get("k1")).toEqual({ Email: "a@example.com", Key: "k1" });
    await expect(
      exporter.upsert(
        "Leads",
        Array.from({ length: 11 }, (_, i) => ({ key: `k${i}`, fields: {} })),
      ),
    ).rejects.toThrow(RangeError);
  });

  it("turns every failure into a short code, never the vendor's message", async () => {
    const exporter = createAirtableExport({ token: "patTEST.0123456789", baseId: "appTEST01234567", apiUrl });
    for (const [status, code] of [
      [401, "unauthorized"],
      [403, "unauthorized"],
      [429, "rate_limited"],
      [503, "unavailable"],
      [422, "rejected"],
      [404, "rejected"],
    ] as const) {
      nextStatuses = [status];
      const error = await exporter.upsert("Leads", [{ key: "k", fields: {} }]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExportError);
      expect((error as InstanceType<typeof ExportError>).code).toBe(code);
      expect(String((error as Error).message)).not.toContain("secret vendor detail");
    }
    const closed = createAirtableExport({ token: "patTEST.0123456789", baseId: "appTEST01234567", apiUrl: "http://127.0.0.1:1" });
    expect(
      ((await closed.upsert("Leads", [{ key: "k", fields: {} }]).catch((e: unknown) => e)) as InstanceType<typeof ExportError>).code,
    ).toBe("network");
  });
});

describe("exporting leads", () => {
  it("keeps a lead the service refused, pending, and exports it on the timer's next run", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    nextStatuses = [503];
    await createLead({ email: "Retry@Example.com", firstName: "Ada" }, "mental-detox-ebook");
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await vi.waitFor(async () => {
      const doc = (await getStore().query("leads", StoredLeadSchema, { where: [{ field: "email", op: "==", value: "retry@example.com" }] }))
        .docs[0];
      expect(doc.data).toMatchObject({ exportState: "pending", exportAttempts: 1, exportError: "unavailable" });
    });
    expect(table.size).toBe(0);
    expect(await exportPendingLeads()).toEqual({ exported: 1, failed: 0 });
    expect([...table.values()].map((row) => row.Email)).toEqual(["retry@example.com"]);
    expect(await pendingCount()).toBe(0);
    warn.mockRestore();
  });

  it("exports 25 concurrent sign-ups once each, even with five timers racing", async () => {
    nextStatuses = Array.from({ length: 100 }, () => 500); // every immediate attempt fails
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => createLead({ email: `race${i}@example.com`, firstName: undefined }, "mental-detox-ebook")),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    nextStatuses = [];
    const runs = await Promise.all(Array.from({ length: 5 }, () => exportPendingLeads()));
    expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
    expect(table.size).toBe(25);
    expect(new Set([...table.values()].map((row) => row.Email)).size).toBe(25);
    expect(await pendingCount()).toBe(0);
    expect(requests.every((request) => request.body.records.length <= 10)).toBe(true);
    vi.restoreAllMocks();
  });

  it("does nothing beyond the store when no service is configured", async () => {
    setSpreadsheetExportForTests(null);
    expect(await createLead({ email: "alone@example.com", firstName: undefined }, "mental-detox-ebook")).toEqual({ created: true });
    expect(await exportPendingLeads()).toEqual({ exported: 0, failed: 0 });
    expect(requests).toHaveLength(0);
    const stored = (
      await getStore().query("leads", StoredLeadSchema, { where: [{ field: "email", op: "==", value: "alone@example.com" }] })
    ).docs[0];
    expect(stored.data.exportState).toBe("pending"); // exported once a service is configured
  });
});
