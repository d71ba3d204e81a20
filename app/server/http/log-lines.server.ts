import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Request log lines, written in batches: every line finished in one turn of the event loop goes out in
 * one write at the end of that turn. Under load that is one write for dozens of requests instead of one
 * each (stdout to a file or a pipe is a synchronous write on Linux, and at thousands of requests a
 * second the writes were a tenth of the server's busy time serving cached pages). The order of the
 * lines is kept; whatever is still waiting when the process exits is written then.
 */
let waiting: string[] = [];
let scheduled = false;
let hooked = false;

function flush() {
  scheduled = false;
  if (waiting.length === 0) return;
  const text = waiting.join("");
  waiting = [];
  process.stdout.write(text);
}

/** Queues one line (with its newline) for this turn's write. */
export function writeLogLine(line: string) {
  waiting.push(line);
  if (!hooked) {
    hooked = true;
    process.on("exit", flush);
  }
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

/**
 * Fields Cloud Logging reads (docs/decisions/057-metrics-and-log-fields.md): `severity` on every JSON
 * line (beside the `level` the lines already carry), and, for lines written on behalf of a request that
 * came through Google's front end, `logging.googleapis.com/trace`, the request's trace as
 * `projects/{project}/traces/{id}`, by which the console groups one request's lines.
 */
export const TRACE_FIELD = "logging.googleapis.com/trace";

const SEVERITIES: Record<string, string> = {
  debug: "DEBUG",
  info: "INFO",
  warn: "WARNING",
  warning: "WARNING",
  error: "ERROR",
  fatal: "CRITICAL",
};

/** Cloud Logging's severity for a line's `level` (or, with none, for the console method that wrote it). */
export function severityOf(level: unknown, fallback: "INFO" | "WARNING" | "ERROR" | "DEBUG" = "INFO"): string {
  return (typeof level === "string" && SEVERITIES[level.toLowerCase()]) || fallback;
}

const TRACE_ID = /^[0-9a-f]{32}$/i;

/**
 * The request's trace name, from Google's `X-Cloud-Trace-Context` (`TRACE_ID/SPAN_ID;o=1`) or, failing
 * that, W3C `traceparent` (`00-TRACE_ID-SPAN_ID-FLAGS`); null without a project or a well-formed id.
 */
export function traceName(headers: Record<string, string | string[] | undefined>, project: string | undefined): string | null {
  if (!project) return null;
  const google = headers["x-cloud-trace-context"];
  let id = typeof google === "string" ? google.split("/", 1)[0] : "";
  if (!TRACE_ID.test(id)) {
    const w3c = headers.traceparent;
    id = typeof w3c === "string" ? (w3c.split("-")[1] ?? "") : "";
  }
  if (!TRACE_ID.test(id) || /^0+$/.test(id)) return null;
  return `projects/${project}/traces/${id.toLowerCase()}`;
}

const traces = new AsyncLocalStorage<string>();

/** Runs `fn` with `trace` as the trace of every line written on its behalf (awaited or not). */
export function withLogTrace<T>(trace: string, fn: () => T): T {
  return traces.run(trace, fn);
}

/** The trace of the request being served, if it has one. */
export function currentTrace(): string | undefined {
  return traces.getStore();
}

let installed = false;

/**
 * Gives every JSON line the server's code writes through the console (`console.warn(JSON.stringify({
 * level: "warn", msg: … }))`, about seventy calls in forty modules) its `severity` and, inside a
 * request with a trace, the trace field: one place rather than every call. Other lines (plain text,
 * several arguments) pass as they are. The request lines are written with both already (`writeLogLine`).
 */
export function installLogFields(): void {
  if (installed) return;
  installed = true;
  const methods = [
    ["log", "INFO"],
    ["info", "INFO"],
    ["warn", "WARNING"],
    ["error", "ERROR"],
    ["debug", "DEBUG"],
  ] as const;
  for (const [method, fallback] of methods) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      if (args.length === 1 && typeof args[0] === "string") return original(withLogFields(args[0], fallback));
      return original(...args);
    };
  }
}

/** One JSON object line with `severity` (and the current trace) added; any other text unchanged. */
export function withLogFields(line: string, fallback: "INFO" | "WARNING" | "ERROR" | "DEBUG" = "INFO"): string {
  if (!line.startsWith("{") || !line.endsWith("}")) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return line;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return line;
  const fields = parsed as Record<string, unknown>;
  const trace = currentTrace();
  if ("severity" in fields && (!trace || TRACE_FIELD in fields)) return line;
  return JSON.stringify({
    severity: severityOf(fields.level, fallback),
    ...fields,
    ...(trace && !(TRACE_FIELD in fields) ? { [TRACE_FIELD]: trace } : {}),
  });
}
