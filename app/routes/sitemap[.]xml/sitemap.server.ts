import { getJobOpenings, getLearningSeries, listArticleSummaries } from "~/models/content/content.server";
import { listLandingPages } from "~/models/content/landing-page.server";
import { getCatalogue } from "~/models/on-demand/on-demand.server";
import { listStudios } from "~/models/studios/studio.server";
import { getTeachers } from "~/models/content/teacher.server";
import { monthOf } from "~/models/engagement/challenges";
import { listChallenges } from "~/models/engagement/challenges.server";
import { localDay } from "~/models/engagement/practice-calendar";
import { cached } from "~/lib/cache.server";
import { getEnv } from "~/lib/env.server";

const STATIC_PATHS = [
  "/",
  "/about",
  "/teachers",
  "/blog",
  "/learn",
  "/faq",
  "/press",
  "/careers",
  "/privacy",
  "/terms",
  "/recommend",
  "/mental-detox-ebook",
  "/on-demand",
  "/gift",
  "/credits",
  "/studios",
  "/challenges",
];

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/**
 * The challenges whose pages a search engine may list (issue 27): every one that has begun (its page
 * answers 200 for visitors, running or ended), read through the content cache like teachers and studios.
 */
export async function sitemapChallenges(now = Date.now()): Promise<string[]> {
  const month = monthOf(localDay(now, "UTC"));
  const challenges = await cached("sitemapChallenges", { ttlSeconds: getEnv().CONTENT_CACHE_SECONDS }, async () =>
    (await listChallenges()).map((c) => ({ slug: c.slug, firstMonth: c.firstMonth })),
  );
  return challenges.filter((c) => c.firstMonth <= month).map((c) => c.slug);
}

/** Every public page that answers 200: static pages, landers, teachers, articles, series, openings, studios and challenges. */
export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const [landers, teachers, articles, series, openings, catalogue, studios, challenges] = await Promise.all([
    listLandingPages(),
    getTeachers(),
    listArticleSummaries(),
    getLearningSeries(),
    getJobOpenings(),
    getCatalogue(),
    listStudios(),
    sitemapChallenges(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...landers.map((page) => ({ path: `/${page.slug}` })),
    ...teachers.map((teacher) => ({ path: `/teachers/${teacher.urlParam}` })),
    ...articles.map((article) => ({ path: `/blog/${article.titleSlug}`, lastModified: article.publishedAt.slice(0, 10) })),
    ...series.map((s) => ({ path: `/learn/${s.slug}` })),
    ...openings.map((opening) => ({ path: `/careers/${opening.id}`, lastModified: opening.postedAt.slice(0, 10) })),
    ...catalogue.classes.map((item) => ({
      path: `/on-demand/${item.slug}`,
      lastModified: new Date(item.publishedAt).toISOString().slice(0, 10),
    })),
    ...catalogue.series.map((s) => ({ path: `/on-demand/series/${s.slug}` })),
    ...studios.map((studio) => ({ path: `/studios/${studio.slug}` })),
    ...challenges.map((slug) => ({ path: `/challenges/${slug}` })),
  ];
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = entries
    .map((entry) => {
      const loc = escape(new URL(entry.path, siteUrl).toString());
      return `  <url><loc>${loc}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
