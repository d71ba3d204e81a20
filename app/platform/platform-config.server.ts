import { cached } from "~/lib/cache.server";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { AD_MAPS_DOCUMENT, AdMapsSchema, DEFAULT_AD_MAPS, type AdMaps } from "./ad-maps";
import { FeatureFlagDocumentSchema, resolveFeatureFlags, type FeatureFlags } from "./feature-flags";

const ttl = () => ({ ttlSeconds: getEnv().CONTENT_CACHE_SECONDS });

/**
 * The feature flags, through the content cache: one store read per cache period for the whole
 * process, and concurrent callers (every loader of one page) share the same read.
 */
export function getFeatureFlags(): Promise<FeatureFlags> {
  return cached("featureFlags", ttl(), async () => {
    const { docs } = await getStore().query("featureFlags", FeatureFlagDocumentSchema, { limit: 200 });
    return resolveFeatureFlags(docs.map((doc) => doc.data));
  });
}

/** The ad pixel's path patterns and event names (§3 adMaps), or the defaults (every path, no events). */
export function getAdMaps(): Promise<AdMaps> {
  return cached("adMaps", ttl(), async () => {
    const stored = await getStore().get("adMaps", AD_MAPS_DOCUMENT, AdMapsSchema);
    return stored ? { pathPatterns: stored.pathPatterns, events: stored.events } : DEFAULT_AD_MAPS;
  });
}

/** What the browser needs for the ad pixel, tag manager and social script: only what is configured and on. */
export interface MarketingConfig {
  pixel: { id: string; pathPatterns: string[]; events: Record<string, string> } | null;
  tagManager: string | null;
  social: string | null;
}

export async function getMarketingConfig(): Promise<MarketingConfig | null> {
  const env = getEnv();
  if (!env.AD_PIXEL_ID && !env.TAG_MANAGER_ID && !env.SOCIAL_TRACKING_ID) return null;
  const flags = await getFeatureFlags();
  const pixel = env.AD_PIXEL_ID && flags.adPixel ? { id: env.AD_PIXEL_ID, ...(await getAdMaps()) } : null;
  const tagManager = flags.tagManager ? (env.TAG_MANAGER_ID ?? null) : null;
  const social = flags.tagManager ? (env.SOCIAL_TRACKING_ID ?? null) : null;
  return pixel || tagManager || social ? { pixel, tagManager, social } : null;
}
