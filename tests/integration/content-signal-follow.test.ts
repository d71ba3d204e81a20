import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";

/**
 * How an instance follows the content signal (platform/content-signal.server.ts): its own change is not
 * applied twice, another instance's change drops only its prefixes, and two changes missed between looks
 * drop everything (only the last one's prefixes are kept in the store).
 */
process.env.SQLITE_PATH = ":memory:";

const { createSqliteStore } = await import("../../app/services/store/sqlite.server");
const { setStoreForTests, getStore } = await import("../../app/services/store/index.server");
const { cached, contentChanged, onContentChange } = await import("../../app/lib/cache.server");
const { startContentSignals, CACHE_SIGNALS } = await import("../../app/platform/content-signal.server");

beforeAll(() => setStoreForTests(createSqliteStore(":memory:")));
afterAll(() => setStoreForTests(undefined));

const tick = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

it("follows other instances' changes by prefix, skips its own, and clears everything after a missed change", async () => {
  const signals = startContentSignals({ mode: "poll", pollMs: 50 });
  let cleared = 0;
  const stopListening = onContentChange(() => (cleared += 1));
  let loads = 0;
  const load = (key: string) => cached(key, { ttlSeconds: 300 }, async () => ++loads);
  try {
    await tick(120);
    await load("teacherPages");
    await load("articles:list");
    expect(loads).toBe(2);

    // Our own change: applied at once here, and not again when the poll sees it.
    contentChanged(["teacher"]);
    await signals.settled();
    expect(cleared).toBe(1);
    await tick(150);
    expect(cleared).toBe(1);
    await load("teacherPages");
    await load("articles:list");
    expect(loads).toBe(3);

    // Another instance's change to articles: articles reload, teachers stay cached.
    const current = (await getStore().get(CACHE_SIGNALS, "content", z.object({ version: z.number() })))!;
    await getStore().set(CACHE_SIGNALS, "content", {
      version: current.version + 1,
      prefixes: ["articles"],
      instance: "elsewhere",
      changedAt: Date.now(),
    });
    await tick(150);
    expect(cleared).toBe(2);
    await load("teacherPages");
    await load("articles:list");
    expect(loads).toBe(4);

    // Two changes elsewhere between two looks: the first one's prefixes are lost, so everything goes.
    await getStore().set(CACHE_SIGNALS, "content", {
      version: current.version + 3,
      prefixes: ["articles"],
      instance: "elsewhere",
      changedAt: Date.now(),
    });
    await tick(150);
    expect(cleared).toBe(3);
    await load("teacherPages");
    await load("articles:list");
    expect(loads).toBe(6);
  } finally {
    stopListening();
    signals.stop();
  }
});
