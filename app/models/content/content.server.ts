import { z } from "zod";
import { cached } from "~/lib/cache.server";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import type { WhereClause } from "~/services/store/port.server";
import { sanitizeArticleHtml } from "~/lib/html.server";
import {
  ArticleSchema,
  FaqEntrySchema,
  JobOpeningSchema,
  LearningSeriesSchema,
  NewsBannerSchema,
  PressArticleSchema,
  QuoteSchema,
  type Article,
  type FaqEntry,
  type JobOpening,
  type LearningSeries,
  type NewsBanner,
  type PressArticle,
  type Quote,
} from "./content";

const ttl = () => ({ ttlSeconds: getEnv().CONTENT_CACHE_SECONDS });

export function getFaqEntries(): Promise<FaqEntry[]> {
  return cached("faqEntries", ttl(), async () => {
    const { docs } = await getStore().query("faqEntries", FaqEntrySchema, { orderBy: [{ field: "order" }] });
    return docs.map((d) => d.data);
  });
}

/** Published press coverage, newest first (drafts are filtered here: seeded items have no flag to query). */
export function getPressArticles(): Promise<PressArticle[]> {
  return cached("pressArticles", ttl(), async () => {
    const { docs } = await getStore().query("pressArticles", PressArticleSchema, {
      orderBy: [{ field: "publishedAt", direction: "desc" }],
    });
    return docs.map((d) => d.data).filter((item) => item.published);
  });
}

export const ARTICLES_PER_PAGE = 6;

/** One page of published articles, newest first, optionally in one category. */
export function getArticlePage(options: { category?: string | null; cursor?: string | null }) {
  const key = `articles:${options.category ?? "*"}:${options.cursor ?? ""}`;
  return cached(key, ttl(), async () => {
    const where: WhereClause[] = [{ field: "published", op: "==", value: true }];
    if (options.category) where.push({ field: "category", op: "==", value: options.category });
    const { docs, nextCursor } = await getStore().query("articles", ArticleSchema, {
      where,
      orderBy: [{ field: "publishedAt", direction: "desc" }],
      limit: ARTICLES_PER_PAGE,
      cursor: options.cursor ?? null,
    });
    return { articles: docs.map((d) => d.data), nextCursor };
  });
}

/** A published article ready to render: its stored HTML sanitized once per cache load (ADR 007). */
export function getArticleBySlug(titleSlug: string): Promise<Article | null> {
  return cached(`article:${titleSlug}`, ttl(), async () => {
    const { docs } = await getStore().query("articles", ArticleSchema, {
      where: [{ field: "titleSlug", op: "==", value: titleSlug }],
      limit: 1,
    });
    const article = docs[0]?.data;
    return article && article.published ? { ...article, bodyHtml: sanitizeArticleHtml(article.bodyHtml) } : null;
  });
}

export function getJobOpenings(): Promise<JobOpening[]> {
  return cached("jobOpenings", ttl(), async () => {
    const { docs } = await getStore().query("jobOpenings", JobOpeningSchema, {
      where: [{ field: "open", op: "==", value: true }],
    });
    return docs.map((d) => d.data).sort((a, b) => b.postedAt.localeCompare(a.postedAt));
  });
}

export function getQuotes(): Promise<Quote[]> {
  return cached("quotes", ttl(), async () => {
    const { docs } = await getStore().query("quotes", QuoteSchema, { orderBy: [{ field: "order" }] });
    return docs.map((d) => d.data);
  });
}

/** Every published learn series in order, lesson bodies sanitized. */
export function getLearningSeries(): Promise<LearningSeries[]> {
  return cached("learningPages", ttl(), async () => {
    const { docs } = await getStore().query("learningPages", LearningSeriesSchema, { orderBy: [{ field: "order" }] });
    // Lesson bodies are stored HTML too: sanitized here, once per cache load (ADR 007).
    return docs
      .filter(({ data }) => data.published)
      .map(({ data }) => ({
        ...data,
        lessons: data.lessons.map((lesson) => ({ ...lesson, bodyHtml: sanitizeArticleHtml(lesson.bodyHtml) })),
      }));
  });
}

/** `articleSlugs/{slug}`: each address an article has had, claimed for it (issue 26; ADR 047). */
export const ARTICLE_SLUGS = "articleSlugs";

/**
 * The current address of the published article that once lived at `titleSlug` (it was renamed after
 * it was public), or null: the article page answers with a 301 there.
 */
export function getArticleRedirect(titleSlug: string): Promise<string | null> {
  return cached(`article:moved:${titleSlug}`, ttl(), async () => {
    const claim = await getStore().get(ARTICLE_SLUGS, titleSlug, z.object({ articleId: z.string() }));
    if (!claim) return null;
    const article = await getStore().get("articles", claim.articleId, ArticleSchema);
    return article && article.published && article.titleSlug !== titleSlug ? article.titleSlug : null;
  });
}

/** Every published article's slug and date, newest first, for the sitemap and related links. */
export function listArticleSummaries(): Promise<Array<Pick<Article, "titleSlug" | "title" | "category" | "publishedAt">>> {
  return cached("articleSummaries", ttl(), async () => {
    const { docs } = await getStore().query("articles", ArticleSchema, {
      where: [{ field: "published", op: "==", value: true }],
      orderBy: [{ field: "publishedAt", direction: "desc" }],
      limit: 1000,
    });
    return docs.map(({ data }) => ({
      titleSlug: data.titleSlug,
      title: data.title,
      category: data.category,
      publishedAt: data.publishedAt,
    }));
  });
}

/** One learn series by slug, or null. */
export async function getLearningSeriesBySlug(slug: string): Promise<LearningSeries | null> {
  const series = await getLearningSeries();
  return series.find((s) => s.slug === slug) ?? null;
}

/** The active news banner, or null when there is none (or it is switched off). */
export function getNewsBanner(): Promise<NewsBanner | null> {
  return cached("newsBanner", ttl(), async () => {
    const banner = await getStore().get("globals", "newsBanner", NewsBannerSchema);
    return banner?.active ? banner : null;
  });
}
