import { Link } from "@remix-run/react";
import { useId } from "react";
import type { Article } from "~/features/content/content";
import { mix } from "~/lib/colour";

/** Only what an article card shows. */
export interface ArticleCardData {
  titleSlug: string;
  title: string;
  excerpt: string;
  category: string;
  authorName: string;
  publishedAt: string;
  readingMinutes: number;
  heroColor: string;
}

export function toArticleCard(article: Article): ArticleCardData {
  return {
    titleSlug: article.titleSlug,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    authorName: article.authorName,
    publishedAt: article.publishedAt,
    readingMinutes: article.readingMinutes,
    heroColor: article.heroColor,
  };
}

export function ArticleCard({ article, headingLevel = 3 }: { article: ArticleCardData; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card card--link">
      <div className="card__art">
        <ArticleArt color={article.heroColor} seed={article.titleSlug} width={600} height={300} />
      </div>
      <p className="eyebrow">{article.category}</p>
      <Heading>
        <Link className="card__link" to={`/blog/${article.titleSlug}`} prefetch="intent">
          {article.title}
        </Link>
      </Heading>
      {article.excerpt ? <p className="muted">{article.excerpt}</p> : null}
      <p className="card__meta">
        <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> · {article.readingMinutes} min read
      </p>
    </article>
  );
}

/** Soft overlapping gradients in the article's colour; `seed` moves the shapes so cards differ. */
export function ArticleArt({
  color,
  seed,
  width,
  height,
}: {
  color: string;
  seed: string;
  width: number;
  height: number;
}) {
  const id = `art-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const h = hash(seed);
  const x1 = 20 + (h % 40);
  const y1 = 20 + ((h >>> 3) % 50);
  const x2 = 60 + ((h >>> 6) % 30);
  const y2 = 50 + ((h >>> 9) % 40);
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${id}-a`} cx={`${x1}%`} cy={`${y1}%`} r="60%">
          <stop offset="0%" stopColor={mix(color, "#ffffff", 0.55)} />
          <stop offset="100%" stopColor={color} stopOpacity="0" />
        </radialGradient>
        <radialGradient id={`${id}-b`} cx={`${x2}%`} cy={`${y2}%`} r="55%">
          <stop offset="0%" stopColor={mix(color, "#12141b", 0.25)} />
          <stop offset="100%" stopColor={color} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width={width} height={height} fill={mix(color, "#faf8f5", 0.35)} />
      <rect width={width} height={height} fill={`url(#${id}-b)`} />
      <rect width={width} height={height} fill={`url(#${id}-a)`} />
      <circle
        cx={(width * x2) / 100}
        cy={(height * (30 + ((h >>> 12) % 40))) / 100}
        r={height / 5}
        fill="#ffffff"
        fillOpacity="0.18"
      />
    </svg>
  );
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}
