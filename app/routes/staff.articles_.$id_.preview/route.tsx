import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArticleView } from "~/components/content/article-view";
import { PreviewNotice } from "~/components/staff/preview-notice";
import { FALLBACK_TIME_ZONE, validTimeZone } from "~/models/identity/user";
import { previewNotice } from "~/models/staff/publishing";
import { getArticleForStaff, previewOf, stateOf } from "~/models/staff/articles.server";
import { getTeachersByIds } from "~/models/content/teacher.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/**
 * Issue 26: a staff-only preview of any article, a draft included, drawn by the public article
 * page's own component from the same sanitized HTML, so it looks exactly as it will on the blog.
 */
export const handle = defineHandle({
  name: "staff-article-preview",
  layout: "main",
  theme: "light",
  banner: true,
  requiresAuth: true,
  roles: [...STAFF_AREAS.articles.roles],
});

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Preview: ${data?.article.title ?? "article"} · Staff · Stillhour` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, "articles");
  const stored = await getArticleForStaff(params.id ?? "");
  if (!stored) throw notFound();
  const article = previewOf(stored);
  const [author] = article.authorTeacherId ? await getTeachersByIds([article.authorTeacherId]) : [];
  return data(
    {
      id: stored.id,
      notice: previewNotice(
        stateOf(stored),
        stored.publishAt ?? null,
        "the blog",
        validTimeZone(staff.user.mostRecentTimeZone) ?? FALLBACK_TIME_ZONE,
      ),
      previous: null,
      next: null,
      related: [],
      article: {
        titleSlug: article.titleSlug,
        title: article.title,
        excerpt: article.excerpt,
        category: article.category,
        authorName: article.authorName,
        authorSlug: author?.urlParam ?? null,
        publishedAt: stored.publishAt ?? article.publishedAt,
        readingMinutes: article.readingMinutes,
        heroColor: article.heroColor,
        coverUrl: article.coverUrl,
        bodyHtml: article.bodyHtml,
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function StaffArticlePreviewRoute() {
  const { id, notice, ...page } = useLoaderData<typeof loader>();
  return (
    <>
      <PreviewNotice text={notice} editHref={`/staff/articles/${id}`} />
      <ArticleView {...page} />
    </>
  );
}
