import { beforeEach, describe, expect, it, vi } from "vitest";

// Issue 13: feature flags and ad maps from the store, through the content cache.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.AD_PIXEL_ID = "123456789012";
process.env.TAG_MANAGER_ID = "GTM-TEST01";

const { getStore } = await import("../../../app/services/store/index.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const { getAdMaps, getFeatureFlags, getMarketingConfig } = await import("../../../app/platform/platform-config.server");
const { FEATURE_FLAG_DEFAULTS, resolveFeatureFlags } = await import("../../../app/platform/feature-flags");

beforeEach(async () => {
  invalidate();
  const store = getStore();
  for (const id of ["gifts", "adPixel", "tagManager", "unknownFlag", "broken"]) await store.delete("featureFlags", id);
  await store.delete("adMaps", "pixel");
});

describe("feature flags", () => {
  it("has a default for every flag when the store has none", async () => {
    expect(await getFeatureFlags()).toEqual(FEATURE_FLAG_DEFAULTS);
  });

  it("takes stored values for known flags and ignores unknown and malformed documents", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await getStore().set("featureFlags", "gifts", { id: "gifts", enabled: true });
    await getStore().set("featureFlags", "unknownFlag", { id: "unknownFlag", enabled: true });
    await getStore().set("featureFlags", "broken", { id: "onDemand", enabled: "no" });
    await getStore().set("featureFlags", "__proto__x", { id: "__proto__", enabled: true });
    const flags = await getFeatureFlags();
    expect(flags).toEqual({ ...FEATURE_FLAG_DEFAULTS, gifts: true });
    expect(Object.keys(flags).sort()).toEqual(Object.keys(FEATURE_FLAG_DEFAULTS).sort());
    expect(({} as Record<string, unknown>).enabled).toBeUndefined();
    await getStore().delete("featureFlags", "__proto__x");
    warn.mockRestore();
  });

  it("reads the store once for 30 concurrent loaders and again only after the cache is dropped", async () => {
    const before = getStore().readCount();
    await Promise.all(Array.from({ length: 30 }, () => getFeatureFlags()));
    await getFeatureFlags();
    const reads = getStore().readCount() - before;
    expect(reads).toBe(1);
    await getStore().set("featureFlags", "gifts", { id: "gifts", enabled: true });
    expect((await getFeatureFlags()).gifts).toBe(false); // still cached
    invalidate("featureFlags");
    expect((await getFeatureFlags()).gifts).toBe(true);
  });

  it("resolves as a pure rule too", () => {
    expect(
      resolveFeatureFlags([
        { id: "studios", enabled: true },
        { id: "toString", enabled: true },
      ]).studios,
    ).toBe(true);
    expect(Object.hasOwn(resolveFeatureFlags([{ id: "toString", enabled: true }]), "toString")).toBe(false);
  });
});

describe("ad maps and what the browser is given", () => {
  it("defaults to every path and no event names", async () => {
    expect(await getAdMaps()).toEqual({ pathPatterns: ["*"], events: {} });
  });

  it("reads the stored patterns and names, and refuses a malformed document as a whole", async () => {
    await getStore().set("adMaps", "pixel", {
      id: "pixel",
      pathPatterns: ["/subscribe*", "/"],
      events: { Subscribe_Completed: "Subscribe" },
    });
    expect(await getAdMaps()).toEqual({ pathPatterns: ["/subscribe*", "/"], events: { Subscribe_Completed: "Subscribe" } });
    invalidate();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await getStore().set("adMaps", "pixel", { id: "pixel", pathPatterns: ["(a+)+$"], events: {} });
    expect(await getAdMaps()).toEqual({ pathPatterns: ["*"], events: {} });
    warn.mockRestore();
  });

  it("hands the browser the pixel with its maps and the tag manager, switched off by their flags", async () => {
    expect(await getMarketingConfig()).toEqual({
      pixel: { id: "123456789012", pathPatterns: ["*"], events: {} },
      tagManager: "GTM-TEST01",
      social: null,
    });
    await getStore().set("featureFlags", "adPixel", { id: "adPixel", enabled: false });
    await getStore().set("featureFlags", "tagManager", { id: "tagManager", enabled: false });
    invalidate();
    expect(await getMarketingConfig()).toBeNull();
  });
});
