import { getSitemapEntries, sitemapXml } from "./sitemap.server";
import { getEnv } from "~/lib/env.server";

/** /sitemap.xml: every public page, teacher, article and series. */
export async function loader() {
  const xml = sitemapXml(getEnv().PUBLIC_SITE_URL, await getSitemapEntries());
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" },
  });
}
