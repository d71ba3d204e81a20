import { z } from "zod";

/**
 * §3 `adMaps`: what the ad pixel reports. The document `adMaps/pixel` holds the path patterns whose
 * page views it reports (`*` matches any run of characters; the default is every path) and the names
 * the pixel uses for our events (e.g. `Subscribe_Completed` → `Subscribe`). Patterns are globs, not
 * regular expressions, so a stored value can never make matching slow.
 */
export const AD_MAPS_DOCUMENT = "pixel";

const PathPattern = z.string().regex(/^[/*][A-Za-z0-9/_.*~-]{0,199}$/, "must be a path pattern like /subscribe*");
const EventName = z.string().regex(/^[A-Za-z][A-Za-z0-9_ ]{0,63}$/);

export const AdMapsSchema = z.object({
  id: z.literal(AD_MAPS_DOCUMENT),
  pathPatterns: z.array(PathPattern).max(50).default(["*"]),
  events: z
    .record(EventName, EventName)
    .default({})
    .refine((events) => Object.keys(events).length <= 100, "too many events"),
});

export interface AdMaps {
  pathPatterns: string[];
  events: Record<string, string>;
}

export const DEFAULT_AD_MAPS: AdMaps = { pathPatterns: ["*"], events: {} };

/** What the demo store starts with (the seed writes it once; an operator's edits are kept). */
export const DEMO_AD_MAPS = { id: AD_MAPS_DOCUMENT, pathPatterns: ["*"], events: { Subscribe_Completed: "Subscribe" } };
