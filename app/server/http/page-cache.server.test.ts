import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { IdentityConfig } from "~/lib/env.server";
import { PageCache, hashOwnScripts, parseCacheControl, pickEncoding, type RenderedPage } from "./page-cache.server";

const NONCE = "c29tZS1yYW5kb20tbm9uY2U=";
const OFF: IdentityConfig = { mode: "off" };
const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

const publicHeaders = (extra: Record<string, string> = {}) =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    "Content-Security-Policy": `default-src 'self'; script-src 'self' 'nonce-${NONCE}'`,
    "Strict-Transport-Security": "max-age=1",
    Vary: "Cookie",
    "X-Content-Type-Options": "nosniff",
    ...extra,
  });

// Large enough to be compressed, with the script shapes a Remix page has.
const PAGE =
  `<!doctype html><html><head><script type="application/ld+json" nonce="${NONCE}">{"@type":"Organization"}</script></head>` +
  `<body><p>Breathe in, breathe out. é</p>${"<p>Stillness is a skill.</p>".repeat(80)}` +
  `<script nonce="${NONCE}">window.__remixContext = {"a":1};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/build/entry.js";</script>` +
  `<script nonce="${NONCE}" src="/build/x.js"></script></body></html>`;

const rendered = (body = PAGE, headers = publicHeaders(), status = 200): RenderedPage => ({ status, headers, body, nonce: NONCE });

describe("PageCache.store", () => {
  it("keeps a page with no nonce, its own scripts allowed by hash in the CSP", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    const page = await cache.store("/a|0", rendered());
    expect(page).not.toBeNull();
    const html = page!.bodies.identity.toString("utf8");
    expect(html).not.toContain(NONCE);
    expect(html).not.toContain("nonce=");
    expect(html).toContain(`<script type="module" async="">import "/build/entry.js";</script>`);
    expect(html).toContain("Breathe in, breathe out. é");

    const csp = Object.fromEntries(page!.headers)["content-security-policy"];
    expect(csp).not.toContain("nonce");
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    for (const text of ['{"@type":"Organization"}', 'window.__remixContext = {"a":1};', 'import "/build/entry.js";']) {
      expect(scriptSrc).toContain(`'${sha(text)}'`);
    }
    // The script with src is allowed by 'self', not by a hash of its empty text.
    expect(scriptSrc).not.toContain(sha(""));
    expect(cache.lookup("/a|0").page).toBe(page);
  });

  it("makes the gzip and brotli bodies once, each decoding to the identity body", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    const page = (await cache.store("/a|0", rendered()))!;
    expect(page.bodies.br).toBeDefined();
    expect(page.bodies.gzip).toBeDefined();
    expect(brotliDecompressSync(page.bodies.br!).equals(page.bodies.identity)).toBe(true);
    expect(gunzipSync(page.bodies.gzip!).equals(page.bodies.identity)).toBe(true);
    expect(page.bodies.br!.length).toBeLessThan(page.bodies.identity.length / 4);
  });

  it("leaves out what each response decides for itself", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    const page = (await cache.store("/a|0", rendered(PAGE, publicHeaders({ Date: "x", "Content-Length": "1" }))))!;
    const names = page.headers.map(([name]) => name);
    for (const name of ["strict-transport-security", "vary", "date", "content-length"]) expect(names).not.toContain(name);
    expect(names).toContain("x-content-type-options");
  });

  it("never keeps errors, private pages or responses that set cookies", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    expect(await cache.store("/404|0", rendered(PAGE, publicHeaders(), 404))).toBeNull();
    expect(await cache.store("/p|0", rendered(PAGE, new Headers({ "Cache-Control": "private, no-store" })))).toBeNull();
    expect(await cache.store("/c|0", rendered(PAGE, publicHeaders({ "Set-Cookie": "a=b" })))).toBeNull();
    expect(await cache.store("/n|0", rendered(PAGE, new Headers({ "Cache-Control": "public, max-age=60" })))).toBeNull();
    expect(cache.accepts(200, new Headers({ "Cache-Control": "no-cache" }))).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("never reads an event stream or a binary file into the cache, even one marked public", () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    expect(cache.accepts(200, publicHeaders({ "Content-Type": "text/event-stream" }))).toBe(false);
    expect(cache.accepts(200, publicHeaders({ "Content-Type": "image/png" }))).toBe(false);
    expect(cache.accepts(200, publicHeaders({ "Content-Type": "application/xml; charset=utf-8" }))).toBe(true);
  });

  it("keeps nothing when PAGE_CACHE_SECONDS is 0", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 0, identity: OFF });
    expect(cache.accepts(200, publicHeaders())).toBe(false);
    expect(await cache.store("/a|0", rendered())).toBeNull();
  });

  it("refuses a page whose nonce shows up outside a script attribute", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    expect(await cache.store("/leak|0", rendered(`${PAGE}<p data-n="${NONCE}"></p>`))).toBeNull();
    expect(await cache.store("/leak2|0", rendered(PAGE, publicHeaders({ Link: `</x>; nonce=${NONCE}` })))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("gives stored pages the sign-in allowances of the configuration", async () => {
    const identity: IdentityConfig = {
      mode: "emulator",
      projectId: "demo-x",
      apiKey: "k",
      authDomain: "demo-x.firebaseapp.com",
      emulatorHost: "127.0.0.1:9099",
    };
    const page = (await new PageCache({ maxAgeCapSeconds: 60, identity }).store("/a|0", rendered()))!;
    expect(Object.fromEntries(page.headers)["content-security-policy"]).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:9099/);
  });
});

describe("PageCache freshness", () => {
  it("serves a stale page inside stale-while-revalidate, then forgets it", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    await cache.store("/a|0", rendered());
    const storedAt = Date.now();
    expect(cache.lookup("/a|0", storedAt + 61_000).state).toBe("stale");
    expect(cache.lookup("/a|0", storedAt + 700_000).state).toBe("miss");
  });

  it("caps how long a page is fresh at the configured seconds", async () => {
    const cache = new PageCache({ maxAgeCapSeconds: 5, identity: OFF });
    await cache.store("/a|0", rendered());
    expect(cache.lookup("/a|0", Date.now() + 6_000).state).toBe("stale");
  });

  it("runs one refresh at a time per page", () => {
    const cache = new PageCache({ maxAgeCapSeconds: 60, identity: OFF });
    let runs = 0;
    let release!: () => void;
    const slow = () => new Promise<void>((resolve) => ((release = resolve), runs++));
    cache.revalidate("/a|0", slow);
    cache.revalidate("/a|0", slow);
    expect(runs).toBe(1);
    release();
  });
});

describe("hashOwnScripts", () => {
  it("hashes only the scripts that carried the render's nonce; others stay blocked", () => {
    const html = `<script nonce="${NONCE}">ours()</script><script>injected()</script><script nonce="guess">alsoInjected()</script>`;
    const { body, hashes } = hashOwnScripts(html, NONCE);
    expect(hashes).toEqual([sha("ours()")]);
    expect(body).toBe(`<script>ours()</script><script>injected()</script><script nonce="guess">alsoInjected()</script>`);
  });

  it("hashes the text the browser sees: up to the first </script, with CRLF read as LF", () => {
    const { hashes } = hashOwnScripts(`<script nonce="${NONCE}">a()\r\nb()\rc()</SCRIPT >`, NONCE);
    expect(hashes).toEqual([sha("a()\nb()\nc()")]);
  });

  it("does not treat script-like text inside a script as a script of its own", () => {
    const inner = `var s = '<script nonce="${NONCE}">';`;
    const { body, hashes } = hashOwnScripts(`<script nonce="${NONCE}">${inner}</script>`, NONCE);
    expect(hashes).toEqual([sha(inner)]);
    // Left as it was, so the text still matches its hash (and the leftover nonce keeps it from being shared).
    expect(body).toBe(`<script>${inner}</script>`);
  });

  it("lists a script text once however often it appears", () => {
    const { hashes } = hashOwnScripts(`<script nonce="${NONCE}">x()</script><script nonce="${NONCE}">x()</script>`, NONCE);
    expect(hashes).toHaveLength(1);
  });
});

describe("pickEncoding", () => {
  const all = { br: 1, gzip: 1, identity: 1 };
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["BR", "br"],
    ["deflate", "identity"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["gzip;q=0, *", "br"],
    ["br;q=0, gzip;q=0, *", "identity"],
    ["gzip; q=0.8 , br ;q=0.9", "br"],
    ["", "identity"],
    [undefined, "identity"],
  ] as const)("Accept-Encoding %j → %s", (header, expected) => {
    expect(pickEncoding(header, all)).toBe(expected);
  });

  it("only offers encodings the page has", () => {
    expect(pickEncoding("br, gzip", { identity: 1, gzip: 1 })).toBe("gzip");
    expect(pickEncoding("br, gzip", { identity: 1 })).toBe("identity");
  });
});

describe("parseCacheControl", () => {
  it("reads public, s-maxage and stale-while-revalidate", () => {
    expect(parseCacheControl("public, max-age=0, s-maxage=60, stale-while-revalidate=600")).toEqual({
      public: true,
      sMaxAge: 60,
      staleWhileRevalidate: 600,
    });
    expect(parseCacheControl("public, private").public).toBe(false);
    expect(parseCacheControl(null)).toEqual({ public: false, sMaxAge: 0, staleWhileRevalidate: 0 });
  });
});
