import { getJobOpenings, getLearningSeries, listArticleSummaries } from "~/features/content/content.server";
import { listLandingPages } from "~/features/content/landing-page.server";
import { getCatalogue } from "~/features/on-demand/on-demand.server";
import { listStudios } from "~/features/studios/studio.server";
import { getTeachers } from "~/features/content/teacher.server";

const STATIC_PATHS = ["/", "/about", "/teachers", "/blog", "/learn", "/faq", "/press", "/careers", "/privacy", "/terms", "/recommend", "/mental-detox-ebook", "/on-demand", "/gift", "/credits", "/studios"];

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** Every public page that answers 200: static pages, landers, teachers, articles, series and openings. */
export async function getSitemapEntries(): Promise<SitemapEntry[]> {
  const [landers, teachers, articles, series, openings, catalogue, studios] = await Promise.all([
    listLandingPages(),
    getTeachers(),
    listArticleSummaries(),
    getLearningSeries(),
    getJobOpenings(),
    getCatalogue(),
    listStudios(),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...landers.map((page) => ({ path: `/${page.slug}` })),
    ...teachers.map((teacher) => ({ path: `/teachers/${teacher.urlParam}` })),
    ...articles.map((article) => ({ path: `/blog/${article.titleSlug}`, lastModified: article.publishedAt.slice(0, 10) })),
    ...series.map((s) => ({ path: `/learn/${s.slug}` })),
    ...openings.map((opening) => ({ path: `/careers/${opening.id}`, lastModified: opening.postedAt.slice(0, 10) })),
    ...catalogue.classes.map((item) => ({ path: `/on-demand/${item.slug}`, lastModified: new Date(item.publishedAt).toISOString().slice(0, 10) })),
    ...catalogue.series.map((s) => ({ path: `/on-demand/series/${s.slug}` })),
    ...studios.map((studio) => ({ path: `/studios/${studio.slug}` })),
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
