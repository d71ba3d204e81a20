import type { MetaFunction } from "@remix-run/node";
import { pageMeta } from "~/lib/seo";
import { useLanderData, type LanderData } from "./lander-data";
import { LanderPage } from "./lander-page";

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
