import { describe, expect, it } from "vitest";
import { RELOAD_GUARD_MS, decideReload, isChunkLoadError, parseReloadRecords } from "./reload-guard";

describe("the chunk-failure reload guard (§8, §9: once per path within 10 s)", () => {
  const t0 = 1_800_000_000_000;

  it("allows the first reload for a path and records it", () => {
    const first = decideReload([], "/about", t0);
    expect(first).toEqual({ reload: true, records: [{ path: "/about", at: t0 }] });
  });

  it("refuses a second reload for the same path inside the window, at every instant of it", () => {
    const { records } = decideReload([], "/about", t0);
    for (const offset of [0, 1, 5_000, RELOAD_GUARD_MS - 1]) {
      expect(decideReload(records, "/about", t0 + offset).reload).toBe(false);
    }
  });

  it("allows it again from exactly 10 s on", () => {
    const { records } = decideReload([], "/about", t0);
    expect(decideReload(records, "/about", t0 + RELOAD_GUARD_MS).reload).toBe(true);
    expect(decideReload(records, "/about", t0 + RELOAD_GUARD_MS + 60_000).reload).toBe(true);
  });

  it("keeps paths apart: another path may reload inside the window", () => {
    const { records } = decideReload([], "/about", t0);
    const other = decideReload(records, "/teachers", t0 + 1_000);
    expect(other.reload).toBe(true);
    expect(other.records.map((r) => r.path)).toEqual(["/about", "/teachers"]);
    expect(decideReload(other.records, "/about", t0 + 2_000).reload).toBe(false);
  });

  it("forgets records outside the window, including ones from a clock that went back", () => {
    const stale = [
      { path: "/a", at: t0 - RELOAD_GUARD_MS },
      { path: "/b", at: t0 + 2 * RELOAD_GUARD_MS },
      { path: "/c", at: t0 - 1 },
    ];
    expect(decideReload(stale, "/d", t0).records.map((r) => r.path)).toEqual(["/c", "/d"]);
  });

  it("stays bounded however many paths fail", () => {
    let records = parseReloadRecords(null);
    for (let i = 0; i < 100; i += 1) records = decideReload(records, `/p${i}`, t0 + i).records;
    expect(records.length).toBeLessThanOrEqual(21);
  });

  it("reads stored records defensively", () => {
    expect(parseReloadRecords("not json")).toEqual([]);
    expect(parseReloadRecords('{"path":"/"}')).toEqual([]);
    expect(parseReloadRecords('[{"path":"/","at":1},{"path":1,"at":2},null,{"path":"/x","at":"3"},{"__proto__":{"at":1}}]')).toEqual([
      { path: "/", at: 1 },
    ]);
  });

  it("recognises the browsers' chunk-load failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/build/a.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
