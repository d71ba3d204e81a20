import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, MAX_RETRIES, UNAUTHORIZED_MESSAGE, backoffCeiling, createApiClient, shouldRetry } from "./api-client";

/** A real HTTP server whose answers the tests script: one handler per path, every request recorded. */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string, attempt: number) => void;
const handlers = new Map<string, Handler>();
const seen: Array<{ method: string; url: string; body: string; headers: IncomingMessage["headers"] }> = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = new URL(req.url!, "http://x").pathname;
      seen.push({ method: req.method!, url: req.url!, body, headers: req.headers });
      const attempt = seen.filter((s) => new URL(s.url, "http://x").pathname === path).length;
      const handler = handlers.get(path);
      if (handler) handler(req, res, body, attempt);
      else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  handlers.clear();
  seen.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const waits: number[] = [];
  const api = createApiClient({
    baseUrl: base,
    random: () => 1,
    sleep: async (ms) => void waits.push(ms),
    baseDelayMs: 100,
    maxDelayMs: 1_000,
    ...extra,
  });
  return { api, waits };
}

describe("requests", () => {
  it("get sends query parameters (arrays repeated, empty ones left out); post and put send JSON", async () => {
    handlers.set("/api/things", (req, res, body) =>
      json(res, 200, { method: req.method, url: req.url, body: body ? JSON.parse(body) : null }),
    );
    const { api } = client({ headers: () => ({ Authorization: "Bearer t0ken" }) });
    expect(await api.get("/things", { q: "calm sit", tag: ["a", "b"], page: 2, none: null, gone: undefined })).toMatchObject({
      method: "GET",
      url: "/api/things?q=calm+sit&tag=a&tag=b&page=2",
    });
    expect(await api.post("things", { name: "Ada" })).toMatchObject({ method: "POST", body: { name: "Ada" } });
    expect(await api.put("things", [1, 2])).toMatchObject({ method: "PUT", body: [1, 2] });
    expect(seen[1].headers["content-type"]).toBe("application/json");
    expect(seen[0].headers.authorization).toBe("Bearer t0ken");
  });
});

describe("retries", () => {
  it("retries an idempotent request on 500-599 and 429 with a growing, capped wait, then succeeds", async () => {
    handlers.set("/api/flaky", (_req, res, _body, attempt) =>
      attempt < 4 ? json(res, attempt % 2 ? 503 : 429, {}) : json(res, 200, { ok: true }),
    );
    const { api, waits } = client();
    expect(await api.get("flaky")).toEqual({ ok: true });
    expect(seen).toHaveLength(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it("gives up after five retries (six attempts) and reports the last answer", async () => {
    handlers.set("/api/down", (_req, res) => json(res, 502, { message: "Upstream is resting", code: "upstream" }));
    const { api, waits } = client();
    const error = await api.put("down", {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: "Upstream is resting", code: "upstream", status: 502 });
    expect(seen).toHaveLength(MAX_RETRIES + 1);
    expect(waits).toEqual([100, 200, 400, 800, 1_000]);
  });

  it("never repeats a POST that got a 5xx or a 429: it may have done its work", async () => {
    handlers.set("/api/charge", (_req, res) => json(res, 500, { message: "Something broke" }));
    const { api } = client();
    await expect(api.post("charge", { amount: 1 })).rejects.toMatchObject({ status: 500, message: "Something broke" });
    handlers.set("/api/slow-down", (_req, res) => json(res, 429, {}));
    await expect(api.post("slow-down", {})).rejects.toMatchObject({ status: 429 });
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST"]);
  });

  it("honours Retry-After on a 429, within the cap", async () => {
    handlers.set("/api/limited", (_req, res, _b, attempt) =>
      attempt === 1 ? json(res, 429, {}, { "Retry-After": "0.7" }) : json(res, 200, "fine"),
    );
    const { api, waits } = client({ random: () => 0 });
    expect(await api.get("limited")).toBe("fine");
    expect(waits).toEqual([700]);
  });

  it("retries network errors, then lets the original error through untouched", async () => {
    const { api, waits } = client({ baseUrl: "http://127.0.0.1:1/" });
    const error = await api.post("x").catch((e) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(TypeError);
    expect(waits).toHaveLength(MAX_RETRIES);
  });

  it("uses full jitter: the wait is a random share of the ceiling", async () => {
    handlers.set("/api/once", (_req, res, _b, attempt) => (attempt === 1 ? json(res, 503, {}) : json(res, 200, 1)));
    const { api, waits } = client({ random: () => 0.25 });
    await api.get("once");
    expect(waits).toEqual([25]);
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffCeiling(n, 250, 8_000))).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });

  it("the retry rule in one table", () => {
    expect(shouldRetry("POST", null)).toBe(true);
    expect(shouldRetry("GET", 429)).toBe(true);
    expect(shouldRetry("PUT", 599)).toBe(true);
    expect(shouldRetry("GET", 600)).toBe(false);
    expect(shouldRetry("GET", 404)).toBe(false);
    expect(shouldRetry("POST", 503)).toBe(false);
  });
});

describe("errors (§8)", () => {
  it("401 says the session has expired, with the code unauthorized, whatever the body", async () => {
    handlers.set("/api/me", (_req, res) => json(res, 401, { message: "token bad", code: "auth/bad" }));
    await expect(client().api.get("me")).rejects.toMatchObject({ message: UNAUTHORIZED_MESSAGE, code: "unauthorized", status: 401 });
    expect(seen).toHaveLength(1);
  });

  it("takes message and code from a plain-object body; otherwise keeps its own message", async () => {
    handlers.set("/api/object", (_req, res) => json(res, 422, { message: "Name is required", code: "invalid_name" }));
    handlers.set("/api/array", (_req, res) => json(res, 400, [{ message: "not me" }]));
    handlers.set("/api/text", (_req, res) => res.writeHead(404, { "Content-Type": "text/plain" }).end("nope"));
    handlers.set("/api/broken-json", (_req, res) => res.writeHead(400, { "Content-Type": "application/json" }).end("{not json"));
    const { api } = client();
    await expect(api.get("object")).rejects.toMatchObject({ message: "Name is required", code: "invalid_name", status: 422 });
    await expect(api.get("array")).rejects.toMatchObject({ message: "Request failed with status 400", code: null });
    await expect(api.get("text")).rejects.toMatchObject({ message: "Request failed with status 404", code: null, body: "nope" });
    await expect(api.get("broken-json")).rejects.toMatchObject({ message: "Request failed with status 400", body: "{not json" });
  });
});
