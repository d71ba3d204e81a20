import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArticleArt, formatDate } from "~/components/article-card";
import { CtaBand } from "~/components/cta-band";
import { getArticleBySlug } from "~/models/content.server";
import { notFound } from "~/models/errors";
import { defineHandle } from "~/models/route-handle";
import { pageMeta } from "~/models/seo";
import { getTeachersByIds } from "~/models/teacher.server";
import { sanitizeArticleHtml } from "~/services/html.server";

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
  const [author] = article.authorTeacherId ? await getTeachersByIds([article.authorTeacherId]) : [];
  return {
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
      bodyHtml: sanitizeArticleHtml(article.bodyHtml),
    },
  };
}

export default function ArticleRoute() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <>
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
        </div>
      </article>
      <CtaBand
        title="Reading is a start. Practising is the rest."
        body="Join a live class this week and try what you just read with a teacher beside you."
        secondary={{ label: "More articles", href: "/blog" }}
      />
    </>
  );
}
