import { Link } from "~/components/link";
import type { Article } from "~/models/content/content";
import { sceneFor } from "~/lib/art/art-scene";
import { ArtImage } from "~/components/art-image";

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
        <ArticleArt seed={article.titleSlug} category={article.category} width={640} height={360} />
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

/** The article's own scene (~/lib/illustration), chosen by its category and drawn from its slug. */
export function ArticleArt({
  seed,
  category,
  width,
  height,
  eager = false,
}: {
  seed: string;
  category: string;
  width: number;
  height: number;
  eager?: boolean;
}) {
  return <ArtImage kind={sceneFor(category, seed)} seed={seed} width={width} height={height} eager={eager} />;
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(iso));
}
