import { useRouteLoaderData } from "@remix-run/react";
import type { LandingPage } from "~/models/content/landing-page";
import type { TeacherCardData } from "~/components/teacher-card";

/** What a lander layout's loader returns: the page (without its SEO fields, with its call-to-action link) and its teachers. */
export type LanderPageData = Omit<LandingPage, "seoTitle" | "seoDescription" | "offer"> & {
  ctaHref: string;
  /** The offer as billing's model states it (ADR 056): `terms` is its one line, every plan's price in it. */
  offer: LandingPage["offer"] & { terms: string };
};
export interface LanderData {
  page: LanderPageData;
  teachers: TeacherCardData[];
}

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
