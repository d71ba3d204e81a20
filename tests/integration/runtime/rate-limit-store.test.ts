import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore, setStoreForTests } = await import("../../../app/services/store/index.server");
const { createSqliteStore } = await import("../../../app/services/store/sqlite.server");
const { RATE_LIMITS, createRateLimit, deleteExpiredRateLimits } = await import("../../../app/platform/rate-limit.server");
type DocumentStore = import("../../../app/services/store/port.server").DocumentStore;

/** The fixed-window limits of ADR 035, on the SQLite driver. */

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const anything = z.record(z.unknown());

async function counters() {
  return (await getStore().query(RATE_LIMITS, anything)).docs;
}

let store: DocumentStore;
beforeAll(() => {
  store = createSqliteStore(":memory:");
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store.close();
});

describe("a rate limit in the store", () => {
  it("allows `limit` attempts per window, says how long is left, and starts again with the next window", async () => {
    const limit = createRateLimit({ name: "test-window", limit: 3, windowMs: 10 * MINUTE, per: "address" });
    const at = T0 + 4 * MINUTE;
    const verdicts = [];
    for (let i = 0; i < 5; i++) verdicts.push(await limit.attempt("198.51.100.1", at));
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, false, false]);
    expect(verdicts[3].retryAfterMs).toBe(6 * MINUTE);
    expect((await limit.blocked("198.51.100.1", at)).ok).toBe(false);
    expect((await limit.attempt("198.51.100.2", at)).ok).toBe(true);
    expect((await limit.attempt("198.51.100.1", T0 + 10 * MINUTE)).ok).toBe(true);
  });

  it("holds across two instances of the limit on one store, as two server processes", async () => {
    const first = createRateLimit({ name: "test-shared", limit: 4, windowMs: MINUTE, per: "address" });
    const second = createRateLimit({ name: "test-shared", limit: 4, windowMs: MINUTE, per: "address" });
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await (i % 2 ? second : first).attempt("key", T0)).ok);
    expect(results).toEqual([true, true, true, true, false, false]);
  });

  it("counts 50 concurrent attempts exactly", async () => {
    const limit = createRateLimit({ name: "test-concurrent", limit: 20, windowMs: MINUTE, per: "address" });
    const results = await Promise.all(Array.from({ length: 50 }, () => limit.attempt("flood", T0)));
    expect(results.filter((r) => r.ok)).toHaveLength(20);
  });

  it("writes nothing for a refused attempt, and forgets nothing once forgiven", async () => {
    const limit = createRateLimit({ name: "test-forgive", limit: 2, windowMs: MINUTE, per: "address" });
    await limit.attempt("k", T0);
    await limit.attempt("k", T0);
    const before = JSON.stringify(await counters());
    for (let i = 0; i < 10; i++) expect((await limit.attempt("k", T0)).ok).toBe(false);
    expect(JSON.stringify(await counters())).toBe(before);
    await limit.forgive("k", T0);
    expect((await limit.attempt("k", T0)).ok).toBe(true);
    expect((await limit.attempt("k", T0)).ok).toBe(false);
  });

  it("keeps no address or e-mail in the store, only a keyed digest", async () => {
    const limit = createRateLimit({ name: "test-digest", limit: 2, windowMs: MINUTE, per: "address" });
    await limit.attempt("person@example.com", T0);
    await limit.attempt("203.0.113.77", T0);
    const text = JSON.stringify(await counters());
    expect(text).not.toContain("person@example.com");
    expect(text).not.toContain("203.0.113.77");
  });

  it("still limits in this process when the store fails", async () => {
    const limit = createRateLimit({ name: "test-fallback", limit: 2, windowMs: MINUTE, per: "address" });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    setStoreForTests({ ...store, transaction: () => Promise.reject(new Error("disk on fire")) } as DocumentStore);
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push((await limit.attempt("k", T0)).ok);
      expect(results).toEqual([true, true, false]);
    } finally {
      setStoreForTests(store);
      warn.mockRestore();
    }
  });

  it("deletes ended windows and keeps the current ones", async () => {
    const limit = createRateLimit({ name: "test-expiry", limit: 2, windowMs: MINUTE, per: "address" });
    await limit.attempt("old", T0 - 10 * MINUTE);
    await limit.attempt("now", T0);
    const mine = async () => (await counters()).filter((doc) => doc.data.limit === "test-expiry").length;
    expect(await mine()).toBe(2);
    await deleteExpiredRateLimits(T0);
    expect(await mine()).toBe(1);
  });
});
