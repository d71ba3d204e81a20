import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { warmUp } from "./warm-up.server";

/**
 * A stand-in front door: answers as told per path, remembers what it was asked. Each answer sets a
 * session cookie of its own (`__session=s<n>`), and the listing pages link to their detail pages.
 */
let server: http.Server;
let base: string;
const asked: Array<{ method: string; path: string; cookie?: string; origin?: string; body: string }> = [];
let answer: (path: string) => "ok" | "fail" | "hang" | "slow" = () => "ok";
let links: Record<string, string[]> = {};

const LINKS = {
  "/": ["/classes", "/on-demand", "/teachers", "/blog"],
  "/classes": ["/classes", "/classes/morning-breath-2026-12-01", "/classes/stillwater-sit-2026-12-02"],
  // The library's own sub-pages come first: the first on-demand class is the one asked for.
  "/on-demand": [
    "/on-demand/favorites",
    "/on-demand/history",
    "/on-demand/series",
    "/on-demand/settle-in?from=hub",
    "/on-demand/box-breath",
  ],
  "/teachers": ["/teachers/amara-eze"],
  "/blog": ["/blog/one-minute-resets"],
};

let sessions = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      asked.push({ method: req.method!, path: req.url!, cookie: req.headers.cookie, origin: req.headers.origin, body });
      const how = answer(req.url!);
      if (how === "hang") return;
      if (how === "fail") return void res.writeHead(500).end("no");
      const html = `<html><body>${(links[req.url!] ?? []).map((href) => `<a href="${href}">a page</a>`).join("")}</body></html>`;
      const send = () => res.writeHead(200, { "set-cookie": `__session=s${++sessions}; Path=/; HttpOnly` }).end(html);
      if (how === "slow") setTimeout(send, 40);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  asked.length = 0;
  sessions = 0;
  answer = () => "ok";
  links = LINKS;
});

describe("warming a new instance before it is ready", () => {
  it("asks for each kind of page once: the landing pages, one from the cache with the first answer's cookie, a detail page of each kind found by its link, member pages and an action", async () => {
    const result = await warmUp(base, { deadlineMs: 5_000, rounds: 0 });
    expect(result.ok).toBe(true);
    expect(new Set(result.pages.map((page) => page.kind))).toEqual(
      new Set(["public page", "public page from the cache", "member page", "action"]),
    );
    expect(asked.map((request) => `${request.method} ${request.path}`)).toEqual([
      "GET /",
      "GET /",
      "GET /classes",
      "GET /on-demand",
      "GET /teachers",
      "GET /blog",
      "GET /classes/morning-breath-2026-12-01",
      "GET /on-demand/settle-in",
      "GET /teachers/amara-eze",
      "GET /blog/one-minute-resets",
      "GET /my-classes",
      "GET /settings",
      "POST /sign-in",
    ]);
    // The second ask for a page carries the first answer's session, so it lands on the page just stored.
    expect(asked[0].cookie).toBeUndefined();
    expect(asked[1].cookie).toBe("__session=s1");
    // The action is a same-origin form post, sent empty (refused beside its field, nothing sent).
    const post = asked.find((request) => request.method === "POST")!;
    expect(post.origin).toBe(base);
    expect(post.body).toBe("email=");
    expect(result.rounds).toEqual({ rounds: 0, requests: 0, ms: expect.any(Number) });
  });

  it("skips a kind of detail page the site links to nowhere (no article yet), and is still done", async () => {
    links = { ...LINKS, "/blog": [] };
    const result = await warmUp(base, { deadlineMs: 5_000, rounds: 0 });
    expect(result.ok).toBe(true);
    expect(asked.some((request) => request.path.startsWith("/blog/"))).toBe(false);
    expect(asked.some((request) => request.path === "/teachers/amara-eze")).toBe(true);
  });

  it("then asks for every public page again in rounds, each as a new visitor and then with that visitor's cookie", async () => {
    const result = await warmUp(base, { deadlineMs: 5_000, rounds: 2 });
    expect(result.ok).toBe(true);
    const publicPaths = result.pages.filter((page) => page.kind === "public page").map((page) => page.path);
    expect(publicPaths).toHaveLength(9);
    const rounds = asked.slice(13);
    expect(rounds).toHaveLength(2 * publicPaths.length * 2);
    expect(result.rounds).toEqual({ rounds: 2, requests: rounds.length, ms: expect.any(Number) });
    for (let i = 0; i < rounds.length; i += 2) {
      const [first, again] = [rounds[i], rounds[i + 1]];
      expect(first.path).toBe(publicPaths[(i / 2) % publicPaths.length]);
      expect(first.cookie).toBeUndefined();
      expect(again.path).toBe(first.path);
      // The answer to `first` was the (13 + i + 1)th, and set that session.
      expect(again.cookie).toBe(`__session=s${13 + i + 1}`);
    }
  });

  it("ends the rounds when their time budget is spent, and is still done", async () => {
    answer = () => "slow";
    const started = Date.now();
    const result = await warmUp(base, { deadlineMs: 10_000, rounds: 50, roundsBudgetMs: 200 });
    expect(result.ok).toBe(true);
    // A round is 18 answers of 40 ms: the budget ends the first round part way.
    expect(result.rounds!.rounds).toBe(0);
    expect(result.rounds!.requests).toBeGreaterThan(0);
    expect(result.rounds!.requests).toBeLessThan(18);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops at a page that fails, and says which", async () => {
    answer = (path) => (path === "/my-classes" ? "fail" : "ok");
    const result = await warmUp(base, { deadlineMs: 5_000 });
    expect(result.ok).toBe(false);
    expect(result.cause).toBe("member page /my-classes: status 500");
  });

  it("stops when a page fails in the rounds", async () => {
    let firstPass = true;
    answer = (path) => {
      if (path === "/sign-in") firstPass = false;
      return !firstPass && path === "/teachers" ? "fail" : "ok";
    };
    const result = await warmUp(base, { deadlineMs: 5_000 });
    expect(result.ok).toBe(false);
    expect(result.cause).toBe("round 1 /teachers: status 500");
  });

  it("gives up at its time bound", async () => {
    answer = (path) => (path === "/classes" ? "hang" : "ok");
    const started = Date.now();
    const result = await warmUp(base, { deadlineMs: 300 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(result.ok).toBe(false);
    expect(result.cause).toBe("public page /classes: not done within 300 ms");
  });

  it("gives up when a shutdown begins", async () => {
    answer = (path) => (path === "/" ? "hang" : "ok");
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const result = await warmUp(base, { deadlineMs: 5_000, signal: stop.signal });
    expect(result.ok).toBe(false);
    expect(result.cause).toBe("public page /: a shutdown began");
  });
});
