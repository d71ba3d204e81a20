// One request at a time on a keep-alive agent, and the figures of many: shared by the load runs that
// need more than autocannon's closed loop (bench/mixed.js's mix, bench/steady.js's arrival rate).
import http from "node:http";

export const TIMEOUT_MS = 10_000;

/** One request on a keep-alive agent: resolves with status and milliseconds, or an error name. */
export function send(agent, base, { method = "GET", path: target, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const url = new URL(target, base);
    const request = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.on("data", () => undefined);
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            location: response.headers.location ?? "",
          }),
        );
        response.on("error", (error) =>
          resolve({ error: error.code ?? error.message, ms: Number(process.hrtime.bigint() - started) / 1e6 }),
        );
      },
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.on("error", (error) => resolve({ error: error.code ?? error.message, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    request.end(body);
  });
}

export function summarize(samples) {
  const ms = samples
    .filter((s) => !s.error)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const at = (q) => (ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] * 10) / 10 : null);
  const errors = samples.filter((s) => s.error || s.status >= 500).length;
  const refused = samples.filter((s) => !s.error && s.status >= 400 && s.status < 500).length;
  return {
    requests: samples.length,
    errors,
    refused,
    errorRate: samples.length ? errors / samples.length : 0,
    p50: at(0.5),
    p99: at(0.99),
    max: ms.at(-1) ?? null,
  };
}
