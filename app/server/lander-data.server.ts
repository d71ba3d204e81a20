import { withPageOffer } from "~/models/billing/lander-offer.server";
import { requireLandingPageView } from "~/models/content/landing-page.server";

/**
 * What the two lander layouts load, through one module (as home-data.server.ts does for the home
 * page): the page's words and the offer its button carries, checked against each other (ADR 056).
 * One import keeps the browser's stand-in for server code to one chunk on these first loads.
 */
export async function requireLanderView(pathname: string) {
  return withPageOffer(await requireLandingPageView(pathname));
}
