import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_CHECK_EVERY_MS, PREFETCH_DELAY_MS, isVerySlowConnection, watchBuild } from "./build-freshness";

/** A fetch answering the build-meta files from a table, recording each address asked for. */
function server(files: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    const path = url.split("?")[0];
    if (files[path] instanceof Error) throw files[path];
    if (!(path in files)) return new Response("not found", { status: 404 });
    return Response.json(files[path]);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

describe("keeping clients current", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_800_000_000_000 }));
  afterEach(() => vi.useRealTimers());

  const meta = { id: "abc123", timestamp: 1, routeRules: { "/sitemap.xml": { document: true } } };

  it("prefetches the running build's manifest 1 s after load, not before", async () => {
    const { fetch, asked } = server({ "/build-meta/abc123.json": meta });
    const watch = watchBuild({ buildId: "abc123", fetch, warn: () => undefined });
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(["/build-meta/abc123.json"]);
    expect(watch.manifest()).toEqual(meta);
    watch.stop();
  });

  it("skips the prefetch on a very slow connection or with save-data", async () => {
    for (const connection of [{ effectiveType: "2g" }, { effectiveType: "slow-2g" }, { effectiveType: "4g", saveData: true }]) {
      const { fetch, asked } = server({ "/build-meta/abc123.json": meta });
      const watch = watchBuild({ buildId: "abc123", fetch, connection });
      await vi.advanceTimersByTimeAsync(10_000);
      expect(asked).toEqual([]);
      watch.stop();
    }
    expect(isVerySlowConnection({ effectiveType: "3g" })).toBe(false);
    expect(isVerySlowConnection(null)).toBe(false);
  });

  it("asks for the latest build hourly with a timestamp query, the first time after one hour", async () => {
    const { fetch, asked } = server({ "/build-meta/abc123.json": meta, "/build-meta/latest.json": { id: "abc123", timestamp: 2 } });
    const watch = watchBuild({ buildId: "abc123", fetch });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_EVERY_MS - 1);
    expect(asked.filter((url) => url.includes("latest"))).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked.filter((url) => url.includes("latest"))).toEqual([`/build-meta/latest.json?${1_800_000_000_000 + BUILD_CHECK_EVERY_MS}`]);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_EVERY_MS);
    expect(asked.filter((url) => url.includes("latest"))).toHaveLength(2);
    expect(watch.stale()).toBe(false);
    watch.stop();
    await vi.advanceTimersByTimeAsync(5 * BUILD_CHECK_EVERY_MS);
    expect(asked.filter((url) => url.includes("latest"))).toHaveLength(2);
  });

  it("marks the page stale once a different build is the latest", async () => {
    const { fetch } = server({ "/build-meta/abc123.json": meta, "/build-meta/latest.json": { id: "def456", timestamp: 3 } });
    const watch = watchBuild({ buildId: "abc123", fetch });
    expect(watch.stale()).toBe(false);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_EVERY_MS);
    expect(watch.stale()).toBe(true);
    watch.stop();
  });

  it("only logs when a file cannot be fetched or read, and keeps checking", async () => {
    const warnings: string[] = [];
    const { fetch, asked } = server({ "/build-meta/latest.json": new TypeError("Failed to fetch") });
    const watch = watchBuild({ buildId: "abc123", fetch, warn: (message) => void warnings.push(message) });
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_EVERY_MS);
    expect(watch.manifest()).toBeNull();
    expect(watch.stale()).toBe(false);
    expect(warnings).toEqual([
      "Build manifest not fetched: status 404",
      "Latest build not checked: Failed to fetch",
      "Latest build not checked: Failed to fetch",
    ]);
    expect(asked).toHaveLength(3);
    watch.stop();
    const garbage = server({ "/build-meta/abc123.json": { id: 5 }, "/build-meta/latest.json": "<html>" });
    const second = watchBuild({ buildId: "abc123", fetch: garbage.fetch, warn: (message) => void warnings.push(message) });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_EVERY_MS);
    expect(second.stale()).toBe(false);
    expect(warnings.slice(3)).toEqual([
      "Build manifest not fetched: not a build manifest",
      "Latest build not checked: not a build manifest",
    ]);
    second.stop();
  });
});

describe("the build-meta files the server answers", async () => {
  const { buildMetaFile, buildMetaFor } = await import("~/server/http/build-meta.server");
  const build = {
    assets: { version: "v1a2b3c4" },
    routes: {
      root: { path: "", module: { default: () => null } },
      "routes/about": { path: "about", module: { default: () => null } },
      "routes/sitemap[.]xml": { path: "sitemap.xml", module: {} },
    },
  } as unknown as Parameters<typeof buildMetaFor>[0];
  const meta = buildMetaFor(build, 42);

  it("names the running build and its document-only paths", () => {
    expect(meta).toEqual({ id: "v1a2b3c4", timestamp: 42, routeRules: { "/sitemap.xml": { document: true } } });
    expect(JSON.parse(buildMetaFile(meta, "v1a2b3c4.json")!.body)).toEqual(meta);
    expect(buildMetaFile(meta, "v1a2b3c4.json")!.cacheControl).toContain("immutable");
  });

  it("answers latest.json uncached and nothing else", () => {
    expect(buildMetaFile(meta, "latest.json")).toEqual({ body: '{"id":"v1a2b3c4","timestamp":42}', cacheControl: "no-cache" });
    for (const file of ["old.json", "v1a2b3c4", "../index.js", "latest.json.bak", "__proto__"])
      expect(buildMetaFile(meta, file)).toBeNull();
  });
});
