import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffArticleForm } from "~/components/staff/staff-article-form";
import { StaffArticleCover } from "./staff-article-cover";
import { StaffPage } from "~/components/staff/staff-page";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { confirmationOf } from "~/lib/forms/confirm";
import { publishStateLine } from "~/components/staff/staff-publish-buttons";
import { ARTICLE_STATE_LABEL, COVER_COLORS, articleFormValues } from "~/models/staff/article-form";
import { articleAuthors, getArticleForStaff, stateOf } from "~/models/staff/articles.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { ERRORS, notFound } from "~/lib/errors";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { articleAction } from "~/server/staff-articles.server";
import { requireStaff } from "~/server/staff-access.server";
import { clockDayTime, toLocalInput } from "~/models/identity/clock";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** Issue 26: one article for the blog editor: edit it, preview it, and move it to its next state. */
export const handle = defineHandle({
  name: "staff-article",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.articles.roles],
});

export const meta: MetaFunction = () => [{ title: "Edit article · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  save: "Saved.",
  schedule: "Scheduled. It publishes itself at its time.",
  publish: "Published. It is on the blog now.",
  unpublish: "Taken down from the blog.",
  unchanged: "Nothing changed, so nothing was recorded.",
  cover: "Cover picture saved. It shows on the blog at once if the article is published.",
  "cover-removed": "Cover picture removed; the article shows its colour art again.",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "articles");
  const [article, authors] = await Promise.all([getArticleForStaff(params.id ?? ""), articleAuthors()]);
  if (!article) throw notFound();
  const query = new URL(request.url).searchParams;
  const done = query.get("done") ?? "";
  const coverError = query.get("cover_error") ?? "";
  return data(
    {
      notice: NOTICES[done] ?? null,
      coverUrl: article.coverUrl,
      coverError: coverError in ERRORS && coverError.startsWith("photo_") ? ERRORS[coverError as keyof typeof ERRORS].message : null,
      authors,
      id: article.id,
      state: stateOf(article),
      zone,
      publishesAt: article.publishAt ? clockDayTime(article.publishAt, zone) : null,
      values: {
        intent: "save",
        title: article.title,
        titleSlug: article.titleSlug,
        excerpt: article.excerpt,
        category: article.category,
        authorTeacherId: article.authorTeacherId ?? "",
        heroColor: article.heroColor,
        bodyHtml: article.bodyHtml,
        // Shown, and typed again, on the editor's own clock (issue 34).
        publishAt: article.publishAt ? toLocalInput(article.publishAt, zone) : "",
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request, params }: ActionFunctionArgs) {
  if (!params.id) throw notFound();
  return articleAction(request, params.id);
}

export default function StaffArticleRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, page.values, articleFormValues);
  const busy = useNavigation().state === "submitting";
  // Issue 34: "Unpublish" on a published record asks once more (a page without JavaScript, a dialog with it).
  const confirmation = confirmationOf(result);
  return (
    <ConfirmChange confirmation={confirmation}>
      <StaffPage
        id="article-title"
        title={page.values.title}
        intro={publishStateLine(ARTICLE_STATE_LABEL[page.state], page.state, page.publishesAt)}
        notice={page.notice}
      >
        <p>
          <a href={`/staff/articles/${page.id}/preview`}>Preview as it will look</a>
          {page.state === "published" ? (
            <>
              {" · "}
              <a href={`/blog/${page.values.titleSlug}`}>Open on the blog</a>
            </>
          ) : null}
          {" · "}
          <a href="/staff/articles">All articles</a>
        </p>
        <StaffArticleForm
          values={typed}
          errors={result?.errors ?? {}}
          authors={page.authors}
          covers={COVER_COLORS}
          state={page.state}
          busy={busy}
          zone={page.zone}
        />
        <StaffArticleCover articleId={page.id} coverUrl={page.coverUrl} error={page.coverError} busy={busy} />
      </StaffPage>
    </ConfirmChange>
  );
}
