import { timingSafeEqual } from "node:crypto";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The server's Prometheus metrics (docs/decisions/057-metrics-and-log-fields.md, docs/operating.md).
 * One registry for the process; every layer counts into it through the few functions below, so the
 * metric names and labels live in one file. Labels are bounded by construction: route patterns (never
 * raw paths), status codes, store operation names, job and limit names from the code, never a person's
 * or a token's. The registry is read only by `/metrics` (on METRICS_PORT, or on the public port behind
 * METRICS_TOKEN).
 */

export const metricsRegistry = new Registry();

const requestDuration = new Histogram({
  name: "stillhour_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's end, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const pageCacheLookups = new Counter({
  name: "stillhour_page_cache_lookups_total",
  help: "Anonymous GETs looked up in the rendered-page cache: hit (fresh), stale (served, refreshed behind) or miss (rendered and stored).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

const storeDuration = new Histogram({
  name: "stillhour_store_operation_duration_seconds",
  help: "Document-store operations as the app waits for them, by operation, read or write, and outcome.",
  labelNames: ["operation", "kind", "outcome"] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metricsRegistry],
});

const storeDocumentsRead = new Counter({
  name: "stillhour_store_documents_read_total",
  help: "Documents returned by store reads (Firestore bills each one).",
  registers: [metricsRegistry],
});

const jobRuns = new Counter({
  name: "stillhour_job_runs_total",
  help: "Background job ticks by job and outcome: ok, failed, or skipped (another instance held the lease).",
  labelNames: ["job", "outcome"] as const,
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: "stillhour_job_duration_seconds",
  help: "How long a background job's run took (runs this instance made, whatever their outcome).",
  labelNames: ["job"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120, 300],
  registers: [metricsRegistry],
});

const mailMessages = new Counter({
  name: "stillhour_mail_messages_total",
  help: "Attempts to hand a message to the mail server: sent, refused (kept to try again) or given_up (the last try refused).",
  labelNames: ["result"] as const,
  registers: [metricsRegistry],
});

const rateLimitRefusals = new Counter({
  name: "stillhour_rate_limit_refusals_total",
  help: "Attempts refused by a rate limit, by the limit's name.",
  labelNames: ["limit"] as const,
  registers: [metricsRegistry],
});

export type PageCacheResult = "hit" | "stale" | "miss";
export type StoreOutcome = "ok" | "error";
export type JobOutcome = "ok" | "failed" | "skipped";
export type MailResult = "sent" | "refused" | "given_up";

/** One answered request: its route pattern (see the front door's `routeLabel`), method and status. */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  requestDuration.observe({ route, method: METHODS.has(method) ? method : "OTHER", status: String(status) }, seconds);
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function countPageCache(result: PageCacheResult): void {
  pageCacheLookups.inc({ result });
}

/** One store operation; `documents` is how many a read returned. */
export function observeStoreOperation(
  operation: string,
  kind: "read" | "write",
  outcome: StoreOutcome,
  seconds: number,
  documents = 0,
): void {
  storeDuration.observe({ operation, kind, outcome }, seconds);
  if (documents > 0) storeDocumentsRead.inc(documents);
}

export function countJobRun(job: string, outcome: JobOutcome, seconds?: number): void {
  jobRuns.inc({ job, outcome });
  if (seconds !== undefined) jobDuration.observe({ job }, seconds);
}

export function countMail(result: MailResult): void {
  mailMessages.inc({ result });
}

export function countRateLimitRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

let defaultsOn = false;

/**
 * Process memory, CPU, heap, handles and event-loop delay (prom-client's default metrics), started
 * when an endpoint is first set up: the event-loop monitor samples all the time once on.
 */
export function collectProcessMetrics(): void {
  if (defaultsOn) return;
  defaultsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** The exposition text and its content type, for a scrape. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

/** Whether an Authorization header carries `Bearer <token>` (compared in constant time). */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
