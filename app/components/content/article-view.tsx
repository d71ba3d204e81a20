import { useMatches } from "@remix-run/react";
import { Link } from "~/components/link";
import { ArticleArt, formatDate } from "./article-card";
import { CtaBand } from "~/components/cta-band";
import { JsonLd } from "~/components/json-ld";
import { ShareLinks } from "./share-links";
import { articleJsonLd, siteUrlFrom } from "~/lib/seo";

/**
 * The public article page's body, drawn from the loader's data: the blog route renders it, and the
 * blog editor's preview renders the very same component (issue 26), so a draft looks exactly as it
 * will once published.
 */

type ArticleLink = { titleSlug: string; title: string; category: string } | null;

export interface ArticleViewProps {
  article: {
    titleSlug: string;
    title: string;
    excerpt: string;
    category: string;
    authorName: string;
    authorSlug: string | null;
    publishedAt: string;
    readingMinutes: number;
    heroColor: string;
    /** An uploaded cover picture (ADR 053), or null for the colour art. */
    coverUrl?: string | null;
    bodyHtml: string;
  };
  previous: ArticleLink;
  next: ArticleLink;
  related: ArticleLink[];
}

export function ArticleView({ article, previous, next, related }: ArticleViewProps) {
  const siteUrl = siteUrlFrom(useMatches());
  const path = `/blog/${article.titleSlug}`;
  return (
    <>
      <JsonLd
        data={articleJsonLd({
          siteUrl,
          path,
          title: article.title,
          description: article.excerpt,
          publishedAt: article.publishedAt,
          authorName: article.authorName,
          authorPath: article.authorSlug ? `/teachers/${article.authorSlug}` : null,
        })}
      />
      <article aria-labelledby="article-title">
        <header className="article-header">
          <div className="container container--narrow">
            <Link className="back-link" to="/blog">
              <span aria-hidden="true">←</span> All articles
            </Link>
            <p className="eyebrow">{article.category}</p>
            <h1 id="article-title">{article.title}</h1>
            {article.excerpt ? <p className="lede">{article.excerpt}</p> : null}
            <p className="article-header__meta">
              <span>
                By {article.authorSlug ? <Link to={`/teachers/${article.authorSlug}`}>{article.authorName}</Link> : article.authorName}
              </span>
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              <span>{article.readingMinutes} min read</span>
            </p>
          </div>
        </header>
        <div className="container container--narrow">
          <div className="article-art">
            {article.coverUrl ? (
              <img src={article.coverUrl} alt="" width={1140} height={480} decoding="async" />
            ) : (
              <ArticleArt seed={article.titleSlug} category={article.category} width={760} height={320} eager />
            )}
          </div>
          {/* Sanitized on the server by sanitizeArticleHtml; links inside are handled as dynamic content. */}
          <div className="prose" data-dynamic-content dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
          <ShareLinks
            content={{
              url: new URL(path, siteUrl).toString(),
              title: article.title,
              description: article.excerpt,
              hashtags: ["stillhour", article.category.toLowerCase().replace(/[^a-z0-9]+/g, "")],
              twitterUser: "stillhour",
            }}
          />
          {previous || next ? (
            <nav className="article-pager" aria-label="More articles">
              {previous ? (
                <Link className="article-pager__link" to={`/blog/${previous.titleSlug}`} rel="prev">
                  <span className="muted">Previous</span> {previous.title}
                </Link>
              ) : (
                <span />
              )}
              {next ? (
                <Link className="article-pager__link article-pager__link--next" to={`/blog/${next.titleSlug}`} rel="next">
                  <span className="muted">Next</span> {next.title}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </article>
      {related.length > 0 ? (
        <section className="section" aria-labelledby="related-title">
          <div className="container container--narrow">
            <h2 id="related-title">Read next</h2>
            <ul className="related-list">
              {related.map((item) =>
                item ? (
                  <li key={item.titleSlug}>
                    <p className="card__meta">{item.category}</p>
                    <Link to={`/blog/${item.titleSlug}`}>{item.title}</Link>
                  </li>
                ) : null,
              )}
            </ul>
          </div>
        </section>
      ) : null}
      <CtaBand
        title="Reading is a start. Practising is the rest."
        body="Join a live class this week and try what you just read with a teacher beside you."
        secondary={{ label: "More articles", href: "/blog" }}
      />
    </>
  );
}
