import { getEnv } from "~/lib/env.server";

/** /robots.txt: everything public may be crawled; the sitemap lists it. */
export function loader() {
  const { PUBLIC_SITE_URL, APP_ENV } = getEnv();
  // A staging copy asks crawlers to stay away, so it never competes with the real site.
  const rules = APP_ENV === "staging" ? "User-agent: *\nDisallow: /\n" : "User-agent: *\nAllow: /\nDisallow: /api/\n";
  return new Response(`${rules}\nSitemap: ${new URL("/sitemap.xml", PUBLIC_SITE_URL)}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600, s-maxage=3600" },
  });
}
