import { useRouteLoaderData } from "@remix-run/react";
import type { LanderData } from "./lander-page";

/** Route ids of the two pathless layouts whose loaders load a landing page. */
const LANDER_LAYOUT_IDS = ["routes/_lander", "routes/_partner"] as const;

/**
 * The landing page loaded by whichever lander layout matched, or undefined elsewhere.
 * Kept apart from the page component so the header can read it without bundling the whole page.
 */
export function useLanderData(): LanderData | undefined {
  const lander = useRouteLoaderData(LANDER_LAYOUT_IDS[0]) as LanderData | undefined;
  const partner = useRouteLoaderData(LANDER_LAYOUT_IDS[1]) as LanderData | undefined;
  return lander ?? partner;
}
