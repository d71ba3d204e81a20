import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appRoutes, createTestBuild } from "../app-build";

// The front door as production runs it (fast path, Express, the real entry.server and routes) on an
// in-memory SQLite store seeded with the demo content, listening on a free port.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.LOG_REQUESTS = "false";
process.env.PAGE_CACHE_SECONDS = "60";
process.env.PUBLIC_SITE_URL = "https://www.stillhour.example";
// As deployed behind one proxy (Cloud Run): its X-Forwarded-Proto is believed, as some tests below need.
process.env.TRUST_PROXY_HOPS = "1";

const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const { readSession, commitSession } = await import("../../../app/lib/session.server");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const { readPhotoForm } = await import("../../../app/server/photo-form.server");
const { PHOTO_MAX_REQUEST_BYTES } = await import("../../../app/models/identity/profile-photo");
const entry = await import("~/entry.server");
const { clientAddress } = await import("../../../app/lib/rate-limit.server");

let renders = 0;
let base = "";
let frontDoor: ReturnType<typeof createFrontDoor>;

/** Test-only routes: event streams, one of them claiming it may be shared. */
function eventStreamRoute(cacheControl: string) {
  return {
    loader: ({ request }: { request: Request }) => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("event: hello\ndata: first\n\n"));
          // Stays open like a real feed until the client goes away.
          request.signal.addEventListener("abort", () => controller.close());
        },
      });
      return new Response(stream, { headers: { "Content-Type": "text/event-stream", "Cache-Control": cacheControl } });
    },
  };
}

/** Test-only image routes: a member's photo as its route marks it, and an image that claims it may be shared. */
function imageRoute(cacheControl: string) {
  return {
    loader: () =>
      new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { headers: { "Content-Type": "image/webp", "Cache-Control": cacheControl } }),
  };
}

/** Test-only upload: the photo form's reader behind the real front door. */
const uploadRoute = {
  action: async ({ request }: { request: Request }) => {
    const form = await readPhotoForm(request);
    return Response.json(form.ok ? { ok: true, size: form.file?.size ?? 0 } : form, { status: form.ok ? 200 : 413 });
  },
};

beforeAll(async () => {
  await seedDemoContent(getStore());
  const routes = [
    ...(await appRoutes()),
    { id: "routes/test.events", parentId: "root", path: "test/events", module: eventStreamRoute("no-cache") },
    { id: "routes/test.shared-events", parentId: "root", path: "test/shared-events", module: eventStreamRoute("public, s-maxage=60") },
    { id: "routes/test.photo", parentId: "root", path: "test/photo", module: imageRoute("private, max-age=31536000, immutable") },
    {
      id: "routes/test.shared-image",
      parentId: "root",
      path: "test/shared-image",
      module: imageRoute("public, max-age=31536000, immutable"),
    },
    { id: "routes/test.upload", parentId: "root", path: "test/upload", module: uploadRoute },
    {
      id: "routes/test.slow-private",
      parentId: "root",
      path: "test/slow-private",
      module: {
        loader: async () =>
          new Promise((resolve) =>
            setTimeout(() => resolve(Response.json({ ok: true }, { headers: { "Cache-Control": "private, no-store" } })), 1_000),
          ),
      },
    },
    {
      id: "routes/test.address",
      parentId: "root",
      path: "test/address",
      module: { loader: ({ request }: { request: Request }) => Response.json({ address: clientAddress(request) }) },
    },
  ];
  // Counting renders tells a cached answer (no render) from a fresh one.
  const countingEntry = {
    ...entry,
    default: (...args: Parameters<typeof entry.default>) => {
      renders++;
      return entry.default(...args);
    },
  };
  // The test upload route takes a photo, so it gets the photo's body cap, as /settings does.
  frontDoor = createFrontDoor(createTestBuild(routes, countingEntry), {
    publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")),
    bodyLimits: { "/test/upload": PHOTO_MAX_REQUEST_BYTES },
  });
  await new Promise<void>((resolve) => frontDoor.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontDoor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  frontDoor.server.closeAllConnections();
  await new Promise((resolve) => frontDoor.server.close(resolve));
  invalidate();
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire. */
  raw: Buffer;
  /** The body after undoing Content-Encoding. */
  text: string;
}

/** One request on its own connection, bytes as sent (fetch would decode and add its own headers). */
function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: init.method ?? "GET", headers: init.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        // A HEAD answer carries GET's headers, Content-Encoding included, and no body at all.
        const decoded =
          raw.length === 0
            ? raw
            : encoding === "br"
              ? brotliDecompressSync(raw)
              : encoding === "gzip"
                ? gunzipSync(raw)
                : encoding === "deflate"
                  ? inflateSync(raw)
                  : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text: decoded.toString("utf8") });
      });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/** The `__session=…` pair from a response, as the browser would send it back. */
function sessionCookie(answer: Answer): string {
  const cookie = (answer.headers["set-cookie"] ?? []).find((value) => value.startsWith("__session="));
  if (!cookie) throw new Error("no __session cookie was set");
  return cookie.split(";")[0];
}

/** A session cookie with the same experiment variants as `visitorCookie`, plus who is signed in. */
async function cookieWithAuth(visitorCookie: string, auth: { uid: string; anonymous: boolean }): Promise<string> {
  const session = await readSession(visitorCookie);
  expect(session.get("experimentKey")).toBeTruthy();
  session.set("auth", { ...auth, firebaseCookie: "firebase-session-cookie-for-tests", expiresAt: Date.now() + 3_600_000 });
  return (await commitSession(session, new URL(base))).split(";")[0];
}

const BROWSER = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };

function inlineScripts(html: string) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attributes: m[1], text: m[2] }));
}

function scriptSrc(answer: Answer): string[] {
  const csp = String(answer.headers["content-security-policy"]);
  return csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src"))!
    .split(/\s+/)
    .slice(1);
}

describe("cached pages and query parameters (issue 35)", () => {
  it("ignores parameters a page does not read: /about?r=<random> is /about, rendered once", async () => {
    const first = await send("/about", { headers: BROWSER });
    const cookie = sessionCookie(first);
    const rendersBefore = renders;
    for (let i = 0; i < 20; i += 1) {
      const answer = await send(`/about?r=${Math.random().toString(36).slice(2)}&utm_source=feed${i}`, { headers: { ...BROWSER, cookie } });
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain("utm_source");
      expect(answer.headers["x-page-query"]).toBeUndefined();
    }
    expect(renders).toBe(rendersBefore);
  });

  it("keys on the parameters a page reads, and renders it without the others", async () => {
    const first = await send("/blog", { headers: BROWSER });
    const cookie = sessionCookie(first);
    const sleep = await send("/blog?category=Sleep&r=1", { headers: { ...BROWSER, cookie } });
    const rendersBefore = renders;
    const again = await send("/blog?r=2&category=Sleep", { headers: { ...BROWSER, cookie } });
    expect(renders).toBe(rendersBefore);
    expect(again.raw.equals(sleep.raw)).toBe(true);
    await send("/blog?category=Breathwork&r=3", { headers: { ...BROWSER, cookie } });
    expect(renders).toBe(rendersBefore + 1);
    // A page that names no list keys on its whole query, as before.
    const classesBefore = renders;
    const a = await send("/mental-detox-ebook?r=8", { headers: { ...BROWSER, cookie } });
    const b = await send("/mental-detox-ebook?r=9", { headers: { ...BROWSER, cookie } });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(renders).toBe(classesBefore + 2);
  });
});

describe("cached pages: hashes instead of a nonce, precompressed once", () => {
  it("answers the first (miss) request with the processed page, and the next from the cache with the same bytes", async () => {
    const rendersBefore = renders;
    const first = await send("/faq", { headers: BROWSER });
    expect(first.status).toBe(200);
    expect(renders).toBe(rendersBefore + 1);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(Number(first.headers["content-length"])).toBe(first.raw.length);
    expect(first.headers.vary).toBe("Cookie, Accept-Encoding");

    const sources = scriptSrc(first);
    expect(sources.join(" ")).not.toMatch(/nonce|unsafe-inline/);
    const scripts = inlineScripts(first.text);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const script of scripts) {
      expect(script.attributes).not.toContain("nonce");
      const hash = createHash("sha256").update(script.text, "utf8").digest("base64");
      expect(sources).toContain(`'sha256-${hash}'`);
    }

    const again = await send("/faq", { headers: { ...BROWSER, cookie: sessionCookie(first) } });
    expect(renders).toBe(rendersBefore + 1);
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.headers["set-cookie"]).toBeUndefined();
  });

  it("sends brotli, gzip or identity by Accept-Encoding, honouring q=0", async () => {
    const cookie = sessionCookie(await send("/about", { headers: BROWSER }));
    const cases: [string | undefined, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      ["gzip", "gzip"],
      ["deflate", undefined],
      [undefined, undefined],
    ];
    const bodies = new Set<string>();
    for (const [acceptEncoding, expected] of cases) {
      const headers: Record<string, string> = { accept: "text/html", cookie };
      if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
      const answer = await send("/about", { headers });
      expect(answer.headers["content-encoding"], `Accept-Encoding: ${acceptEncoding}`).toBe(expected);
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.headers.vary).toBe("Cookie, Accept-Encoding");
      bodies.add(answer.text);
    }
    // Every encoding carries the same page.
    expect(bodies.size).toBe(1);
  });

  it("renders a page once for many visitors asking for it at the same time, and keeps a private page's requests from waiting", async () => {
    const cookie = sessionCookie(await send("/mental-detox-ebook", { headers: BROWSER }));
    const rendersBefore = renders;
    // A page not cached yet (its query makes it a new entry: this page keys on its whole query), asked twelve times at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => send("/mental-detox-ebook?all-at-once=1", { headers: { ...BROWSER, cookie } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(renders).toBe(rendersBefore + 1);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);

    // An answer that is never stored (private, taking a second): once its first answer is known not to
    // be shared, requests at once are answered side by side, not one after another's second.
    await send("/test/slow-private", { headers: { ...BROWSER, cookie } });
    const started = Date.now();
    const privates = await Promise.all(Array.from({ length: 4 }, () => send("/test/slow-private", { headers: { ...BROWSER, cookie } })));
    expect(privates.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it("never stores the empty body of a HEAD request", async () => {
    const head = await send("/blog", { method: "HEAD", headers: BROWSER });
    expect(head.status).toBe(200);
    const cookie = sessionCookie(head);
    const get = await send("/blog", { headers: { ...BROWSER, cookie } });
    expect(get.text).toMatch(/<\/html>/);
  });
});

describe("members never share a page", () => {
  it("renders a member's page every time, private and with its own nonce, and never answers it from the cache", async () => {
    const anonymous = await send("/", { headers: BROWSER });
    const visitor = sessionCookie(anonymous);
    const cached = await send("/", { headers: { ...BROWSER, cookie: visitor } });
    expect(cached.raw.equals(anonymous.raw)).toBe(true);

    const member = await cookieWithAuth(visitor, { uid: "member-1", anonymous: false });
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const rendersBefore = renders;
      const answer = await send("/", { headers: { ...BROWSER, cookie: member } });
      expect(answer.status).toBe(200);
      expect(renders).toBe(rendersBefore + 1);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
      expect(nonce).toBeTruthy();
      for (const script of inlineScripts(answer.text)) expect(script.attributes).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(2);
  });

  it("compresses a member's page whole by Accept-Encoding, honouring q=0, each encoding the same page", async () => {
    const visitor = sessionCookie(await send("/about", { headers: BROWSER }));
    const member = await cookieWithAuth(visitor, { uid: "member-3", anonymous: false });
    const cases: [string | undefined, string | undefined][] = [
      ["gzip, deflate, br", "br"],
      ["br;q=0, gzip", "gzip"],
      // Neither brotli nor gzip: the whole page is left to the compression middleware, as before.
      ["deflate", "deflate"],
      [undefined, undefined],
    ];
    const pages = new Set<string>();
    for (const [acceptEncoding, expected] of cases) {
      const headers: Record<string, string> = { accept: "text/html", cookie: member };
      if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
      const answer = await send("/about", { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["content-encoding"], `Accept-Encoding: ${acceptEncoding}`).toBe(expected);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      // Compressed here in one call, so its length is known; the middleware streams its deflate.
      if (expected === "br" || expected === "gzip") expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.text).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>/);
      // Each render has its own nonce: compare the pages without it.
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1] ?? "";
      pages.add(answer.text.replaceAll(nonce, "NONCE"));
    }
    expect(pages.size).toBe(1);
  });

  it("never stores a member's render for the visitors after them", async () => {
    const visitor = sessionCookie(await send("/about", { headers: BROWSER }));
    const member = await cookieWithAuth(visitor, { uid: "member-2", anonymous: false });
    const sizeBefore = frontDoor.pageCache.size;
    const memberAnswer = await send("/canopy", { headers: { ...BROWSER, cookie: member } });
    expect(memberAnswer.status).toBe(200);
    expect(memberAnswer.headers["cache-control"]).toBe("private, no-store");
    expect(frontDoor.pageCache.size).toBe(sizeBefore);

    const rendersBefore = renders;
    const anonymous = await send("/canopy", { headers: { ...BROWSER, cookie: visitor } });
    expect(renders).toBe(rendersBefore + 1);
    expect(anonymous.headers["cache-control"]).toMatch(/public/);
    expect(frontDoor.pageCache.size).toBe(sizeBefore + 1);
  });

  it("lets a visitor with an anonymous account share the cached page of a visitor without one", async () => {
    const first = await send("/about", { headers: BROWSER });
    const visitor = sessionCookie(first);
    const plain = await send("/about", { headers: { ...BROWSER, cookie: visitor } });
    const anonymousAccount = await cookieWithAuth(visitor, { uid: "anon-uid-1", anonymous: true });
    const rendersBefore = renders;
    const shared = await send("/about", { headers: { ...BROWSER, cookie: anonymousAccount } });
    expect(renders).toBe(rendersBefore);
    expect(shared.raw.equals(plain.raw)).toBe(true);
    expect(shared.headers["cache-control"]).toMatch(/public/);
  });
});

describe("profile photos at the front door", () => {
  it("lets a member's browser keep their own photo, and still keeps anything shareable private", async () => {
    const visitor = sessionCookie(await send("/about", { headers: BROWSER }));
    const member = await cookieWithAuth(visitor, { uid: "member-photo", anonymous: false });
    const photo = await send("/test/photo", { headers: { cookie: member } });
    expect(photo.status).toBe(200);
    expect(photo.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    const shared = await send("/test/shared-image", { headers: { cookie: member } });
    expect(shared.headers["cache-control"]).toBe("private, no-store");
  });

  /** Sends `size` bytes of a multipart body, with or without announcing its length. */
  function upload(size: number, announce: boolean): Promise<{ status: number; body: string }> {
    const boundary = "----front-door";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${boundary}`, origin: base };
    if (announce) headers["content-length"] = String(head.length + size + tail.length);
    let answered!: (answer: { status: number; body: string }) => void;
    let sent!: () => void;
    const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
    const bodySent = new Promise<void>((resolve) => (sent = resolve));
    const failed = new Promise<never>((_resolve, reject) => {
      // Kept alive, as a browser's connection is.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const request = http.request(`${base}/test/upload`, { method: "POST", headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          answered({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") });
          agent.destroy();
        });
      });
      // The server must take the whole body (no EPIPE or reset here), then answer. Node's client reads
      // an early answer where Chromium waits; the browser test (profile-photo.spec.ts) is the one that
      // fails without the front door's discarding of the unread rest.
      request.on("error", reject);
      request.on("finish", () => sent());
      request.write(head);
      const piece = Buffer.alloc(256 * 1024, 0x41);
      for (let sentBytes = 0; sentBytes < size; sentBytes += piece.length)
        request.write(piece.subarray(0, Math.min(piece.length, size - sentBytes)));
      request.end(tail);
    });
    return Promise.race([failed, Promise.all([answer, bodySent]).then(([result]) => result)]);
  }

  it.each([
    ["announced", true],
    ["sent without a length", false],
  ])("answers a 10 MB photo %s with 413, not a failure", async (_label, announce) => {
    const failures = vi.spyOn(console, "error");
    const answer = await upload(10 * 1024 * 1024, announce);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ ok: false, code: "photo_too_large" });
    expect(failures).not.toHaveBeenCalled();
  });

  it("takes a photo under the limit", async () => {
    const answer = await upload(1024 * 1024, true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ ok: true, size: 1024 * 1024 });
  });
});

describe("remembered sessions", () => {
  it("verifies a tampered copy of a recently seen cookie afresh", async () => {
    const first = await send("/faq", { headers: BROWSER });
    const cookie = sessionCookie(first);
    const settled = await send("/faq", { headers: { ...BROWSER, cookie } });
    expect(settled.headers["set-cookie"]).toBeUndefined();
    // Same payload, broken signature: must be treated as no session, never as the remembered one.
    const tampered = `${cookie.slice(0, -3)}${cookie.endsWith("AAA") ? "BBB" : "AAA"}`;
    const answer = await send("/faq", { headers: { ...BROWSER, cookie: tampered } });
    expect(answer.status).toBe(200);
    expect(sessionCookie(answer)).not.toBe(cookie);
  });

  it("never remembers a member: the same member cookie is read as a member every time", async () => {
    const visitor = sessionCookie(await send("/faq", { headers: BROWSER }));
    const member = await cookieWithAuth(visitor, { uid: "member-3", anonymous: false });
    for (let i = 0; i < 3; i++) {
      const answer = await send("/faq", { headers: { ...BROWSER, cookie: member } });
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });
});

describe("streams", () => {
  /** Resolves with the headers and first chunk of a response that has not ended yet. */
  function firstChunk(path: string): Promise<{ headers: http.IncomingHttpHeaders; chunk: string; ended: boolean }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no event from ${path} within 3 s: the stream was held back`)), 3_000);
      const request = http.get(
        `${base}${path}`,
        { headers: { accept: "text/event-stream", "accept-encoding": "gzip, br" }, agent: false },
        (response) => {
          let ended = false;
          response.on("end", () => (ended = true));
          response.once("data", (chunk: Buffer) => {
            clearTimeout(timer);
            resolve({ headers: response.headers, chunk: chunk.toString("utf8"), ended });
            request.destroy();
          });
        },
      );
      request.on("error", () => undefined);
    });
  }

  it("sends an event stream event by event, uncompressed, while it is still open", async () => {
    const { headers, chunk, ended } = await firstChunk("/test/events");
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["content-encoding"]).toBeUndefined();
    expect(chunk).toContain("data: first");
    expect(ended).toBe(false);
  });

  it("never buffers an event stream into the page cache, even one that claims it may be shared", async () => {
    const sizeBefore = frontDoor.pageCache.size;
    const { chunk } = await firstChunk("/test/shared-events");
    expect(chunk).toContain("data: first");
    expect(frontDoor.pageCache.size).toBe(sizeBefore);
  });
});

describe("the client's address", () => {
  it("is the one the trusted proxy saw (TRUST_PROXY_HOPS=1), never one the client wrote", async () => {
    const read = async (headers: Record<string, string>) => JSON.parse((await send("/test/address", { headers })).text).address as string;
    expect(await read({ "x-forwarded-for": "198.51.100.9, 203.0.113.7" })).toBe("203.0.113.7");
    expect(await read({ "x-forwarded-for": "203.0.113.7", "x-client-ip": "10.9.9.9" })).toBe("203.0.113.7");
    expect(await read({})).toMatch(/127\.0\.0\.1$/);
  });
});

describe("cross-site requests", () => {
  const form = "email=calm.reader%40example.com&firstName=Ada&website=";
  const post = (path: string, headers: Record<string, string> = {}) =>
    send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: form });

  it.each(["/about", "/blog", "/mental-detox-ebook", "/no-such-page", "/no/such/page"])(
    "refuses a POST to %s from another site with a calm 403",
    async (path) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const failures = vi.spyOn(console, "error");
      const answer = await post(path, { origin: "https://evil.example" });
      expect(answer.status).toBe(403);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.text).toMatch(/<title>That request was refused · Stillhour<\/title>/);
      expect(answer.text).toMatch(/<h1[^>]*>That request was refused<\/h1>/);
      expect(answer.text).toMatch(/nothing was sent or changed/);
      expect(answer.text).not.toMatch(/Error|CSRF|origin header|at .*\.(js|ts):\d+/i);
      const lines = warn.mock.calls.map(([line]) => JSON.parse(String(line)));
      expect(lines).toEqual([
        expect.objectContaining({ level: "warn", msg: "cross-site request refused", path, origin: "https://evil.example" }),
      ]);
      expect(failures).not.toHaveBeenCalled();
    },
  );

  it.each([
    ["an opaque origin", "null"],
    ["a malformed origin", "not a url"],
    ["an empty origin", ""],
    ["another port", "http://127.0.0.1:1"],
    ["another scheme", "https://127.0.0.1:PORT"],
  ])("refuses %s", async (_label, origin) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = await post("/mental-detox-ebook", { origin: origin.replace("PORT", new URL(base).port) });
    expect(answer.status).toBe(403);
  });

  it("still takes the e-book form from the site's own pages", async () => {
    const answer = await post("/mental-detox-ebook", { origin: base });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/mental-detox-ebook?sent=1#ebook-form");
  });

  it("compares with X-Forwarded-Host as Remix does, and trusts the public origin's scheme behind a proxy", async () => {
    const proxied = { "x-forwarded-host": "www.stillhour.example" };
    expect(
      (await post("/mental-detox-ebook", { ...proxied, origin: "https://www.stillhour.example", "x-forwarded-proto": "https" })).status,
    ).toBe(302);
    // A proxy that terminated TLS without X-Forwarded-Proto: PUBLIC_SITE_URL says the site is https.
    expect((await post("/mental-detox-ebook", { ...proxied, origin: "https://www.stillhour.example" })).status).toBe(302);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(
      (await post("/mental-detox-ebook", { ...proxied, origin: "http://www.stillhour.example", "x-forwarded-proto": "https" })).status,
    ).toBe(403);
    expect((await post("/mental-detox-ebook", { ...proxied, origin: `${base}` })).status).toBe(403);
  });

  it("answers a POST without an Origin to a page without an action with 405, logged as an answer", async () => {
    const info = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const failures = vi.spyOn(console, "error");
    const answer = await post("/about");
    expect(answer.status).toBe(405);
    const lines = info.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: "info", msg: "request answered", status: 405, method: "POST", path: "/about" }),
    );
    expect(failures).not.toHaveBeenCalled();
  });
});
