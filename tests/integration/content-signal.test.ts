import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 26 (ADR 052): a staff change made on another instance reaches this one's caches. The other
 * instance is played by writing what it writes (the banner, then `cacheSignals/content`) straight to
 * the shared store; this process follows the signal as every server does, polling fast here.
 */

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/adapters/store/index.server");
const { getNewsBanner } = await import("../../app/features/content/content.server");
const { onContentChange } = await import("../../app/lib/cache.server");
const { CACHE_SIGNALS, followContentChanges, publishContentChange } = await import("../../app/platform/content-signal.server");

const banner = (text: string) => ({ id: "newsBanner", active: true, text, linkLabel: "More", href: "/about" });
const stop = followContentChanges(50);
afterAll(() => stop());
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("content changes across instances", () => {
  it("empties this instance's content and page caches when another instance signals a change, and only then", async () => {
    let pageCacheCleared = 0;
    onContentChange(() => (pageCacheCleared += 1));
    await getStore().set("globals", "newsBanner", banner("First"));
    await settle();
    expect((await getNewsBanner())?.text).toBe("First");

    // The other instance saves a new banner: until it signals, this one keeps its cached copy.
    await getStore().set("globals", "newsBanner", banner("Second"));
    await settle();
    expect((await getNewsBanner())?.text).toBe("First");
    expect(pageCacheCleared).toBe(0);

    await getStore().set(CACHE_SIGNALS, "content", { version: "other-instance-1", at: Date.now() });
    await settle();
    expect((await getNewsBanner())?.text).toBe("Second");
    expect(pageCacheCleared).toBe(1);

    // This instance's own change clears here at once and is not applied a second time when seen.
    await getStore().set("globals", "newsBanner", banner("Third"));
    await publishContentChange(["newsBanner"]);
    expect((await getNewsBanner())?.text).toBe("Third");
    await settle();
    expect(pageCacheCleared).toBe(2);
  });
});
