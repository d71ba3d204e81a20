import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";

/**
 * Issue 37, step 5, as `node server.js` runs it (the production build: `npx remix build` first): the
 * metrics port answers the scrape, the public port answers /metrics with a 404, and the process's own
 * log lines carry `severity` and the request's trace.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = { site: BASE_PORT + 60, metrics: BASE_PORT + 61 };
const PROJECT = "stillhour-ops-check";
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer(PORTS.site, "metrics", {
    NODE_ENV: "production",
    APP_ENV: "demo",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    METRICS_PORT: String(PORTS.metrics),
    GOOGLE_CLOUD_PROJECT: PROJECT,
    LOG_REQUESTS: "true",
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("metrics and log fields in the built server", () => {
  it("serves the scrape on METRICS_PORT only, and /metrics on the public port is a 404", async () => {
    const trace = "5b8efff798038103d269b633813fc60c";
    await (await fetch(`${server.base}/about`, { headers: { "x-cloud-trace-context": `${trace}/7;o=1` } })).text();
    const hidden = await fetch(`${server.base}/metrics`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain("stillhour_");

    const scrape = await fetch(`http://localhost:${PORTS.metrics}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toMatch(/^stillhour_http_request_duration_seconds_count\{route="\/about",method="GET",status="200"\} [1-9]/m);
    expect(text).toMatch(/^stillhour_store_operation_duration_seconds_count\{operation="[a-zA-Z]+",kind="read",outcome="ok"\} [1-9]/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]/m);
    expect((await fetch(`http://localhost:${PORTS.metrics}/about`)).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server.output.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    const request = lines.find((line) => line.msg === "request" && line.path === "/about");
    expect(request).toMatchObject({
      severity: "INFO",
      level: "info",
      "logging.googleapis.com/trace": `projects/${PROJECT}/traces/${trace}`,
    });
    // A line written through the console at start gets its severity too (server.js installs the fields).
    expect(lines.find((line) => line.msg === "metrics listening")).toMatchObject({ severity: "INFO", port: PORTS.metrics });
  });
});
