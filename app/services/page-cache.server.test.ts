import { describe, expect, it } from "vitest";
import { PageCache, parseCacheControl } from "./page-cache.server";

const PLACEHOLDER = "noncePLACEHOLDER123";
const publicHeaders = (extra: Record<string, string> = {}) =>
  new Headers({
    "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    "Content-Security-Policy": `script-src 'nonce-${PLACEHOLDER}'`,
    "Strict-Transport-Security": "max-age=1",
    ...extra,
  });

describe("PageCache", () => {
  it("keeps a public 200 and gives every response its own nonce", () => {
    const cache = new PageCache(60, PLACEHOLDER);
    const body = `<script nonce="${PLACEHOLDER}">a</script><p>é</p><script nonce="${PLACEHOLDER}">b</script>`;
    expect(cache.store("/a|0", 200, publicHeaders(), body)).toBe(true);
    const hit = cache.lookup("/a|0");
    expect(hit.state).toBe("fresh");
    const first = cache.materialize(hit.page!, "n1");
    const second = cache.materialize(hit.page!, "n2");
    expect(first.body.toString("utf8")).toBe(`<script nonce="n1">a</script><p>é</p><script nonce="n1">b</script>`);
    expect(second.body.toString("utf8")).toContain(`nonce="n2"`);
    expect(Object.fromEntries(first.headers)["content-security-policy"]).toBe("script-src 'nonce-n1'");
    // HSTS is decided per request, never replayed from the first one.
    expect(first.headers.map(([name]) => name)).not.toContain("strict-transport-security");
  });

  it("never keeps errors, private pages or responses that set cookies", () => {
    const cache = new PageCache(60, PLACEHOLDER);
    expect(cache.store("/404|0", 404, publicHeaders(), "x")).toBe(false);
    expect(cache.store("/p|0", 200, new Headers({ "Cache-Control": "private, no-store" }), "x")).toBe(false);
    expect(cache.store("/c|0", 200, publicHeaders({ "Set-Cookie": "a=b" }), "x")).toBe(false);
    expect(cache.store("/n|0", 200, new Headers({ "Cache-Control": "public, max-age=60" }), "x")).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("serves a stale page inside stale-while-revalidate, then forgets it", () => {
    const cache = new PageCache(60, PLACEHOLDER);
    cache.store("/a|0", 200, publicHeaders(), "x");
    const storedAt = Date.now();
    expect(cache.lookup("/a|0", storedAt + 61_000).state).toBe("stale");
    expect(cache.lookup("/a|0", storedAt + 700_000).state).toBe("miss");
  });

  it("caps how long a page is fresh at the configured seconds", () => {
    const cache = new PageCache(5, PLACEHOLDER);
    cache.store("/a|0", 200, publicHeaders(), "x");
    expect(cache.lookup("/a|0", Date.now() + 6_000).state).toBe("stale");
  });

  it("runs one refresh at a time per page", async () => {
    const cache = new PageCache(60, PLACEHOLDER);
    let runs = 0;
    let release!: () => void;
    const slow = () => new Promise<void>((resolve) => ((release = resolve), runs++));
    cache.revalidate("/a|0", slow);
    cache.revalidate("/a|0", slow);
    expect(runs).toBe(1);
    release();
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
