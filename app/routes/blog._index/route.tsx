import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { ArticleCard, toArticleCard } from "~/components/content/article-card";
import { EmptyState } from "~/components/empty-state";
import { getArticlePage, listArticleSummaries } from "~/models/content/content.server";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";

export const handle = defineHandle({
  query: ["category", "cursor"],
  name: "blog",
  layout: "main",
  theme: "dark",
  banner: true,
});

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta({
    title: data?.category ? `${data.category} · Blog` : "Blog",
    description: "Short, practical reads on meditation, mindfulness, breathwork and sleep from the Stillhour teachers.",
    path: "/blog",
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const category = cleanParam(search.get("category"));
  const cursor = cleanParam(search.get("cursor"));
  const [{ articles, nextCursor }, summaries] = await Promise.all([getArticlePage({ category, cursor }), listArticleSummaries()]);
  const categories = [...new Set(summaries.map((a) => a.category))].sort();
  return { articles: articles.map(toArticleCard), nextCursor, category, categories, isFirstPage: !cursor };
}

export default function BlogRoute() {
  const { articles, nextCursor, category, categories, isFirstPage } = useLoaderData<typeof loader>();
  const older = new URLSearchParams();
  if (category) older.set("category", category);
  if (nextCursor) older.set("cursor", nextCursor);
  const newest = category ? `?${new URLSearchParams({ category })}` : "/blog";
  return (
    <>
      <section className="page-intro" aria-labelledby="blog-title">
        <div className="container">
          <p className="eyebrow">The Stillhour blog</p>
          <h1 id="blog-title">{category ? category : "Notes on a calmer day"}</h1>
          <p>Short reads from our teachers: what to try, why it helps, and how to come back when you drift. No homework.</p>
          {categories.length > 1 ? (
            <nav aria-label="Topics">
              <ul className="category-nav">
                <li>
                  <Link to="/blog" aria-current={category ? undefined : "page"}>
                    Every topic
                  </Link>
                </li>
                {categories.map((name) => (
                  <li key={name}>
                    <Link to={`/blog?${new URLSearchParams({ category: name })}`} aria-current={name === category ? "page" : undefined}>
                      {name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </section>
      <section className="section section--flush-top" aria-label="Articles">
        <div className="container">
          {articles.length > 0 ? (
            <div className="grid grid--cards">
              {articles.map((article) => (
                <ArticleCard key={article.titleSlug} article={article} headingLevel={2} />
              ))}
            </div>
          ) : (
            <EmptyState
              title="Nothing here yet"
              message="There are no articles to show on this page. The newest ones are a click away."
              link={{ to: "/blog", label: "See the newest articles", quiet: true }}
            />
          )}
          {nextCursor || !isFirstPage ? (
            <nav className="pagination" aria-label="More articles">
              {!isFirstPage ? (
                <Link className="button button--secondary" to={newest}>
                  <span aria-hidden="true">←</span> Newest articles
                </Link>
              ) : (
                <span />
              )}
              {nextCursor ? (
                <Link className="button button--secondary" to={`?${older}`}>
                  Older articles <span aria-hidden="true">→</span>
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </section>
    </>
  );
}

/** Visitor input becomes part of a cache key: keep it short and plain. */
function cleanParam(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= 120 ? trimmed : null;
}
