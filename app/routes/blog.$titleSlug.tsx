import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useMatches } from "@remix-run/react";
import { ArticleArt, formatDate } from "~/components/article-card";
import { CtaBand } from "~/components/cta-band";
import { JsonLd } from "~/components/json-ld";
import { ShareLinks } from "~/components/share-links";
import { articleNeighbours } from "~/features/content/content";
import { getArticleBySlug, listArticleSummaries } from "~/features/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { articleJsonLd, pageMeta, siteUrlFrom } from "~/lib/seo";
import { getTeachersByIds } from "~/features/content/teacher.server";

export const handle = defineHandle({
  name: "article",
  layout: "main",
  banner: true,
  theme: "light",
  key: "path",
  keepScrollOnSignup: true,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? pageMeta({
        title: data.article.title,
        description: data.article.excerpt,
        path: `/blog/${data.article.titleSlug}`,
        matches,
        type: "article",
      })
    : pageMeta({ title: "Page not found", path: `/blog/${params.titleSlug ?? ""}`, matches });

export async function loader({ params }: LoaderFunctionArgs) {
  const article = params.titleSlug ? await getArticleBySlug(params.titleSlug) : null;
  if (!article) throw notFound();
  const [[author], summaries] = await Promise.all([
    article.authorTeacherId ? getTeachersByIds([article.authorTeacherId]) : Promise.resolve([]),
    listArticleSummaries(),
  ]);
  const { previous, next, related } = articleNeighbours(summaries, article.titleSlug);
  const link = (a: { titleSlug: string; title: string; category: string } | null) =>
    a ? { titleSlug: a.titleSlug, title: a.title, category: a.category } : null;
  return {
    previous: link(previous),
    next: link(next),
    related: related.map(link),
    article: {
      titleSlug: article.titleSlug,
      title: article.title,
      excerpt: article.excerpt,
      category: article.category,
      authorName: article.authorName,
      authorSlug: author?.urlParam ?? null,
      publishedAt: article.publishedAt,
      readingMinutes: article.readingMinutes,
      heroColor: article.heroColor,
      bodyHtml: article.bodyHtml,
    },
  };
}

export default function ArticleRoute() {
  const { article, previous, next, related } = useLoaderData<typeof loader>();
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
                By{" "}
                {article.authorSlug ? (
                  <Link to={`/teachers/${article.authorSlug}`}>{article.authorName}</Link>
                ) : (
                  article.authorName
                )}
              </span>
              <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
              <span>{article.readingMinutes} min read</span>
            </p>
          </div>
        </header>
        <div className="container container--narrow">
          <div className="article-art">
            <ArticleArt color={article.heroColor} seed={article.titleSlug} width={760} height={320} />
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
            <ul className="related-list" role="list">
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
