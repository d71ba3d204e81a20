import { z } from "zod";
import { FALLBACK_TIME_ZONE, calendarDay, validTimeZone } from "~/models/identity/user";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);
const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** faqEntries */
export const FaqEntrySchema = z.object({
  id: z.string(),
  category: z.string().min(1),
  question: z.string().min(1),
  /** Plain text; blank lines separate paragraphs. */
  answer: z.string().min(1),
  order: z.number().int().default(0),
});
export type FaqEntry = z.infer<typeof FaqEntrySchema>;

/** pressArticles */
export const PressArticleSchema = z.object({
  id: z.string(),
  outlet: z.string().min(1),
  title: z.string().min(1),
  publishedAt: isoDate,
  url: z.string().url(),
  excerpt: z.string().default(""),
  /** Shown on /press (issue 26): a draft or a taken-down item is kept but not shown. Seeded items are public. */
  published: z.boolean().default(true),
});
export type PressArticle = z.infer<typeof PressArticleSchema>;

/** articles (the blog) */
export const ArticleSchema = z.object({
  id: z.string(),
  titleSlug: slug,
  title: z.string().min(1),
  excerpt: z.string().default(""),
  /** Stored as written; sanitized on the server before it is rendered. */
  bodyHtml: z.string(),
  category: z.string().min(1),
  authorName: z.string().min(1),
  authorTeacherId: z.string().nullable().default(null),
  publishedAt: isoDate,
  readingMinutes: z.number().int().min(1).default(4),
  heroColor: hexColor.default("#8fb0a2"),
  tags: z.array(z.string()).default([]),
  published: z.boolean().default(true),
  /** An uploaded cover picture (issue 26; ADR 053), served by the app's image route; null draws the colour art. */
  coverUrl: z
    .string()
    .regex(/^\/images\/members\/[0-9a-f]{32}\.webp$/)
    .nullable()
    .default(null),
});
export type Article = z.infer<typeof ArticleSchema>;

/** jobOpenings (careers) */
export const JobOpeningSchema = z.object({
  id: slug,
  title: z.string().min(1),
  team: z.string().min(1),
  location: z.string().min(1),
  employmentType: z.string().default("Full time"),
  summary: z.string().min(1),
  responsibilities: z.array(z.string()).default([]),
  requirements: z.array(z.string()).default([]),
  postedAt: isoDate,
  open: z.boolean().default(true),
});
export type JobOpening = z.infer<typeof JobOpeningSchema>;

/** quotes */
export const QuoteSchema = z.object({
  id: z.string(),
  text: z.string().min(1),
  name: z.string().min(1),
  detail: z.string().default(""),
  order: z.number().int().default(0),
  /** "member": what a member said, shown as such; "daily": a line for the day (issue 27). */
  kind: z.enum(["member", "daily"]).default("member"),
});
export type Quote = z.infer<typeof QuoteSchema>;

/**
 * The quote of the day (issue 27): the daily quotes in a fixed order, one per calendar day in `zone`,
 * so everyone whose day it is sees the same one, and the next day brings the next. Null when there are none.
 */
// One collator for every call: `localeCompare` with options builds a new one each time it is called.
const NUMBERED_IDS = new Intl.Collator("en", { numeric: true });

export function dailyQuote<Q extends Pick<Quote, "id" | "kind">>(
  quotes: Q[],
  now: number | Date,
  zone: string | null | undefined,
): Q | null {
  const daily = quotes.filter((q) => q.kind === "daily").sort((a, b) => NUMBERED_IDS.compare(a.id, b.id));
  if (daily.length === 0) return null;
  // The reader's day; an unknown or forged zone reads the fallback's.
  const day = calendarDay(new Date(now), validTimeZone(zone) ?? FALLBACK_TIME_ZONE);
  const dayNumber = Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
  return daily[((dayNumber % daily.length) + daily.length) % daily.length];
}

/** learningPages: a learn series and its lessons, in order. */
export const LearningSeriesSchema = z.object({
  id: z.string(),
  slug,
  title: z.string().min(1),
  summary: z.string().min(1),
  color: hexColor.default("#8fb0a2"),
  order: z.number().int().default(0),
  lessons: z
    .array(
      z.object({
        slug,
        title: z.string().min(1),
        summary: z.string().default(""),
        durationMinutes: z.number().int().min(1),
        bodyHtml: z.string().default(""),
      }),
    )
    .default([]),
  /** Shown on /learn (issue 26): a draft or a taken-down series is kept but not shown. Seeded series are public. */
  published: z.boolean().default(true),
});
export type LearningSeries = z.infer<typeof LearningSeriesSchema>;

type ArticleSummary = Pick<Article, "titleSlug" | "title" | "category" | "publishedAt">;

/**
 * An article's neighbours in the newest-first list: the older one before it, the newer one after it,
 * and up to `limit` related articles (same category first, then the most recent others).
 */
export function articleNeighbours(summaries: ArticleSummary[], slug: string, limit = 3) {
  const index = summaries.findIndex((a) => a.titleSlug === slug);
  if (index === -1) return { previous: null, next: null, related: [] as ArticleSummary[] };
  const current = summaries[index];
  const others = summaries.filter((a) => a.titleSlug !== slug);
  const related = [
    ...others.filter((a) => a.category === current.category),
    ...others.filter((a) => a.category !== current.category),
  ].slice(0, limit);
  return {
    previous: summaries[index + 1] ?? null,
    next: index > 0 ? summaries[index - 1] : null,
    related,
  };
}

/** globals/newsBanner: one short line of news shown on pages whose handle sets `banner`. */
export const NewsBannerSchema = z.object({
  id: z.literal("newsBanner"),
  active: z.boolean(),
  text: z.string().min(1).max(160),
  linkLabel: z.string().min(1).max(40),
  /** Same-site only: the banner never sends anyone elsewhere. */
  href: z.string().regex(/^\/(?![/\\])/),
});
export type NewsBanner = z.infer<typeof NewsBannerSchema>;
