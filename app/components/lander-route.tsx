import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { pageMeta } from "~/models/seo";
import { LanderPage, type LanderData } from "./lander-page";

/** Route ids of the two pathless layouts whose loaders load a landing page. */
const LANDER_LAYOUT_IDS = ["routes/_lander", "routes/_partner"] as const;

/** The landing page loaded by whichever lander layout matched, or undefined elsewhere. */
export function useLanderData(): LanderData | undefined {
  const lander = useRouteLoaderData(LANDER_LAYOUT_IDS[0]) as LanderData | undefined;
  const partner = useRouteLoaderData(LANDER_LAYOUT_IDS[1]) as LanderData | undefined;
  return lander ?? partner;
}

/** The default export of every lander and partner page file. */
export function LanderRoute() {
  const data = useLanderData();
  // The layout's loader throws a 404 before rendering when the page is missing.
  if (!data) return null;
  return <LanderPage page={data.page} teachers={data.teachers} />;
}

/** The meta of both lander layouts: the page's own SEO title and description. */
export const landerMeta: MetaFunction<() => Promise<LanderData & { seo: { title: string; description: string } }>> = ({
  data,
  matches,
  location,
}) =>
  data
    ? pageMeta({ title: data.seo.title, description: data.seo.description, path: `/${data.page.slug}`, matches })
    : pageMeta({ title: "Page not found", path: location.pathname, matches });
