import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/content/article-view";
import { articleNeighbours } from "~/models/content/content";
import { getArticleBySlug, getArticleRedirect, listArticleSummaries } from "~/models/content/content.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getTeachersByIds } from "~/models/content/teacher.server";

export const handle = defineHandle({
  query: ["signup"],
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
  if (!article) {
    // An article renamed after it was public keeps its old address as a permanent redirect.
    const moved = params.titleSlug ? await getArticleRedirect(params.titleSlug) : null;
    if (moved) throw redirect(`/blog/${moved}`, 301);
    throw notFound();
  }
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
      coverUrl: article.coverUrl,
      bodyHtml: article.bodyHtml,
    },
  };
}

export default function ArticleRoute() {
  return <ArticleView {...useLoaderData<typeof loader>()} />;
}
