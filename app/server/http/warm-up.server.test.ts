import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WARM_UP_STEPS, warmUp } from "./warm-up.server";

/** A stand-in front door: answers as told per path, remembers what it was asked. */
let server: http.Server;
let base: string;
const asked: Array<{ method: string; path: string; cookie?: string; origin?: string; body: string }> = [];
let answer: (path: string) => "ok" | "fail" | "hang" = () => "ok";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      asked.push({ method: req.method!, path: req.url!, cookie: req.headers.cookie, origin: req.headers.origin, body });
      const how = answer(req.url!);
      if (how === "hang") return;
      if (how === "fail") return void res.writeHead(500).end("no");
      res.writeHead(200, { "set-cookie": "__session=abc; Path=/; HttpOnly" }).end("<html></html>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("warming a new instance before it is ready", () => {
  it("asks for each kind of page once: a public page, the same from the cache with the first answer's cookie, a member page and an action", async () => {
    asked.length = 0;
    answer = () => "ok";
    const result = await warmUp(base, { deadlineMs: 5_000 });
    expect(result.ok).toBe(true);
    expect(new Set(result.pages.map((page) => page.kind))).toEqual(
      new Set(["public page", "public page from the cache", "member page", "action"]),
    );
    expect(asked.map((request) => `${request.method} ${request.path}`)).toEqual(WARM_UP_STEPS.map((step) => `${step.method} ${step.path}`));
    // The second ask for a page carries the first answer's session, so it lands on the page just stored.
    expect(asked[0].cookie).toBeUndefined();
    expect(asked[1].cookie).toBe("__session=abc");
    // The action is a same-origin form post, sent empty (refused beside its field, nothing sent).
    const post = asked.find((request) => request.method === "POST")!;
    expect(post.origin).toBe(base);
    expect(post.body).toBe("email=");
  });

  it("stops at a page that fails, and says which", async () => {
    answer = (path) => (path === "/my-classes" ? "fail" : "ok");
    const result = await warmUp(base, { deadlineMs: 5_000 });
    expect(result.ok).toBe(false);
    expect(result.cause).toBe("member page /my-classes: status 500");
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
