import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appRoutes, createTestBuild } from "../app-build";

// Issue 37, step 5: the front door as production runs it, with a metrics token. A few requests, a job
// run, mail sent and refused, a rate limit refused; the scrape shows each named series move. /metrics
// without its token is a 404 like any missing page; on a port of its own, a 401 without it.
const TOKEN = "metrics-test-token-0123456789abcdefghijkl";
const PROJECT = "stillhour-metrics-test";
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.LOG_REQUESTS = "true";
process.env.METRICS_TOKEN = TOKEN;
process.env.GOOGLE_CLOUD_PROJECT = PROJECT;
process.env.MAIL_OUTBOX_DIR = mkdtempSync(join(tmpdir(), "stillhour-metrics-outbox-"));

const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const { createFrontDoor, createMetricsServer } = await import("../../../app/server/http/http-server.server");
const { installLogFields, TRACE_FIELD } = await import("../../../app/server/http/log-lines.server");
const { withJobLease } = await import("../../../app/platform/job-lease.server");
const { sendOnce } = await import("../../../app/platform/mail.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { createRateLimit } = await import("../../../app/platform/rate-limit.server");
const entry = await import("~/entry.server");

let base = "";
let frontDoor: ReturnType<typeof createFrontDoor>;

beforeAll(async () => {
  await seedDemoContent(getStore());
  frontDoor = createFrontDoor(createTestBuild(await appRoutes(), entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) });
  await new Promise<void>((resolve) => frontDoor.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontDoor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  frontDoor.server.closeAllConnections();
  await new Promise((resolve) => frontDoor.server.close(resolve));
  setMailerForTests(undefined);
  invalidate();
});

/** The scrape, as Prometheus would make it. */
async function scrape(): Promise<string> {
  const answer = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toContain("text/plain");
  return answer.text();
}

/** One series' value (0 when absent): `name{a="b",…}` with the labels in any order. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...(match[2] ?? "").matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, wanted]) => has[key] === wanted)) total += Number(match[3]);
  }
  return total;
}

describe("the metrics endpoint on the public port", () => {
  it("answers 404, like any missing page, without its token or with a wrong one, and shows no series", async () => {
    for (const headers of [
      {},
      { authorization: "Bearer not-the-token-0123456789abcdefghijkl" },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ] as Record<string, string>[]) {
      const answer = await fetch(`${base}/metrics`, { headers });
      expect(answer.status).toBe(404);
      const body = await answer.text();
      expect(body).not.toContain("stillhour_");
      expect(body).not.toContain("process_resident_memory_bytes");
    }
  });

  it("counts requests by route pattern and status, page-cache hits and misses, and store reads", async () => {
    const before = await scrape();
    // A returning visitor (their session cookie names their experiment variants, which key the cache).
    const first = await fetch(`${base}/about`);
    await first.text();
    const cookie = (first.headers.getSetCookie().find((value) => value.startsWith("__session=")) ?? "").split(";")[0];
    for (let i = 0; i < 2; i++) await (await fetch(`${base}/about`, { headers: { cookie } })).text();
    await (await fetch(`${base}/no-such-page-here`)).text();
    await (await fetch(`${base}/ZZ9PLURALZALPHA7`)).text();
    // The request is timed when its answer ends, which can follow the client's read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await scrape();
    const requests = (text: string, labels: Record<string, string>) => value(text, "stillhour_http_request_duration_seconds_count", labels);
    expect(
      requests(after, { route: "/about", method: "GET", status: "200" }) -
        requests(before, { route: "/about", method: "GET", status: "200" }),
    ).toBe(3);
    // Two different unknown addresses land in one series: the route's pattern, never the path.
    expect(requests(after, { route: "/:token", status: "404" }) - requests(before, { route: "/:token", status: "404" })).toBe(2);
    expect(after).not.toContain("no-such-page-here");
    expect(after).not.toContain("ZZ9PLURALZALPHA7");
    expect(value(after, "stillhour_http_request_duration_seconds_bucket", { route: "/about", le: "+Inf" })).toBeGreaterThanOrEqual(3);
    // The first /about of the run was rendered and stored, the later ones came from the cache.
    const cache = (text: string, result: string) => value(text, "stillhour_page_cache_lookups_total", { result });
    expect(cache(after, "hit") - cache(before, "hit")).toBeGreaterThanOrEqual(2);
    expect(cache(after, "miss")).toBeGreaterThanOrEqual(1);
    // Rendering reads the store (the seed and the pages did).
    expect(value(after, "stillhour_store_operation_duration_seconds_count", { kind: "read", outcome: "ok" })).toBeGreaterThan(0);
    expect(value(after, "stillhour_store_documents_read_total")).toBeGreaterThan(0);
  });

  it("counts store writes, job runs and failures, mail sent and refused, and rate-limit refusals", async () => {
    const before = await scrape();
    await getStore().set("jobLeases", "metrics-probe-write", { job: "probe", holder: "test", takenAt: 0, until: 0 });
    await withJobLease("metrics probe", 60_000, async () => "done");
    await expect(withJobLease("metrics probe", 60_000, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    // Held by someone else: skipped.
    await getStore().set("jobLeases", "metrics-probe", {
      job: "metrics probe",
      holder: "elsewhere",
      takenAt: Date.now(),
      until: Date.now() + 60_000,
    });
    await withJobLease("metrics probe", 60_000, async () => "not run");

    setMailerForTests({ send: async () => undefined } as never);
    expect(await sendOnce({ to: "ada@example.com", subject: "Hello", text: "Hi", idempotencyKey: `metrics-sent-${Date.now()}` })).toBe(
      "sent",
    );
    setMailerForTests({
      send: async () => {
        throw Object.assign(new Error("451 try later"), { name: "MailRefused" });
      },
    } as never);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await sendOnce({ to: "ada@example.com", subject: "Hello", text: "Hi", idempotencyKey: `metrics-refused-${Date.now()}` })).toBe(
      "failed",
    );
    vi.restoreAllMocks();

    const limit = createRateLimit({ name: "metrics-probe", limit: 1, windowMs: 60_000, per: "address" });
    expect((await limit.attempt("203.0.113.9")).ok).toBe(true);
    expect((await limit.attempt("203.0.113.9")).ok).toBe(false);
    expect((await limit.blocked("203.0.113.9")).ok).toBe(false);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(
      moved("stillhour_store_operation_duration_seconds_count", { operation: "set", kind: "write", outcome: "ok" }),
    ).toBeGreaterThanOrEqual(2);
    expect(moved("stillhour_store_operation_duration_seconds_count", { operation: "transaction", kind: "write" })).toBeGreaterThanOrEqual(
      3,
    );
    expect(moved("stillhour_store_operation_duration_seconds_count", { operation: "createIfAbsent", kind: "write" })).toBe(2);
    expect(moved("stillhour_job_runs_total", { job: "metrics-probe", outcome: "ok" })).toBe(1);
    expect(moved("stillhour_job_runs_total", { job: "metrics-probe", outcome: "failed" })).toBe(1);
    expect(moved("stillhour_job_runs_total", { job: "metrics-probe", outcome: "skipped" })).toBe(1);
    expect(moved("stillhour_job_duration_seconds_count", { job: "metrics-probe" })).toBe(2);
    expect(moved("stillhour_mail_messages_total", { result: "sent" })).toBe(1);
    expect(moved("stillhour_mail_messages_total", { result: "refused" })).toBe(1);
    expect(moved("stillhour_rate_limit_refusals_total", { limit: "metrics-probe" })).toBe(2);
  });

  it("carries the process's memory and event-loop delay (prom-client's default metrics)", async () => {
    const text = await scrape();
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toContain("nodejs_heap_size_used_bytes");
  });
});

describe("the metrics port", () => {
  it("serves /metrics alone, and with a token set, only to its bearer", async () => {
    const server = createMetricsServer(TOKEN);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${port}/metrics`)).status).toBe(401);
      expect((await fetch(`${port}/about`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      const answer = await fetch(`${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("stillhour_http_request_duration_seconds");
    } finally {
      server.close();
    }
    const open = createMetricsServer(undefined);
    await new Promise<void>((resolve) => open.listen(0, "127.0.0.1", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(open.address() as AddressInfo).port}/metrics`);
      expect(answer.status).toBe(200);
    } finally {
      open.close();
    }
  });
});

describe("log lines for Cloud Logging", () => {
  it("carry severity beside level, and one request's lines share its trace from X-Cloud-Trace-Context or traceparent", async () => {
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === "string" && chunk.startsWith("{")) return (lines.push(...chunk.split("\n").filter(Boolean)), true);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as never);
    for (const method of ["log", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((line: unknown) => void lines.push(String(line)));
    // As server.js does at start: over the spies, so what reaches them is what the process would write.
    installLogFields();
    try {
      const googleTrace = "0af7651916cd43dd8448eb211c80319c";
      const w3cTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
      await (await fetch(`${base}/faq`, { headers: { "x-cloud-trace-context": `${googleTrace}/1;o=1` } })).text();
      // A cross-site post is refused with a warning line, written while the request is served.
      await (
        await fetch(`${base}/mental-detox-ebook`, {
          method: "POST",
          headers: {
            origin: "https://elsewhere.example",
            traceparent: `00-${w3cTrace}-00f067aa0ba902b7-01`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "email=a%40b.c",
        })
      ).text();
      await (await fetch(`${base}/about`)).text();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const request = (path: string) => parsed.find((line) => line.msg === "request" && line.path === path);
      expect(request("/faq")).toMatchObject({
        severity: "INFO",
        level: "info",
        [TRACE_FIELD]: `projects/${PROJECT}/traces/${googleTrace}`,
      });
      expect(request("/mental-detox-ebook")).toMatchObject({
        severity: "INFO",
        status: 403,
        [TRACE_FIELD]: `projects/${PROJECT}/traces/${w3cTrace}`,
      });
      const refusal = parsed.find((line) => line.msg === "cross-site request refused");
      expect(refusal).toMatchObject({ severity: "WARNING", level: "warn", [TRACE_FIELD]: `projects/${PROJECT}/traces/${w3cTrace}` });
      // No trace header, no trace field.
      expect(request("/about")).toMatchObject({ severity: "INFO" });
      expect(request("/about")).not.toHaveProperty(TRACE_FIELD);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
