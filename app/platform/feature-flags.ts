import { z } from "zod";

/**
 * §3 `featureFlags`: switches kept in the store, one document per flag (`{ id, enabled }`), read on the
 * server through the content cache. Every flag has a default here, used when the store has none or
 * holds something that is not a boolean, so a missing or broken document never changes behaviour.
 */
export const FEATURE_FLAG_DEFAULTS = {
  /** The on-demand library in navigation and on the home page. */
  onDemand: true,
  /** Gift memberships (issue 11). */
  gifts: false,
  /** Class credits and in-person studios (issue 12). */
  studios: false,
  /** The ad pixel's page views, when a pixel is configured. */
  adPixel: true,
  /** The tag manager and social scripts, when configured. */
  tagManager: true,
  /** Surveys after classes. */
  surveys: false,
} as const satisfies Record<string, boolean>;

export type FeatureFlagName = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = { [K in FeatureFlagName]: boolean };

export const FeatureFlagDocumentSchema = z.object({ id: z.string().min(1).max(100), enabled: z.boolean() });

/** The flags from stored documents: known names only, defaults for the rest. */
export function resolveFeatureFlags(documents: ReadonlyArray<{ id: string; enabled: boolean }>): FeatureFlags {
  const flags: FeatureFlags = { ...FEATURE_FLAG_DEFAULTS };
  for (const doc of documents) {
    if (Object.hasOwn(FEATURE_FLAG_DEFAULTS, doc.id)) flags[doc.id as FeatureFlagName] = doc.enabled;
  }
  return flags;
}
