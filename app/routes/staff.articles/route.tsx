import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffArticleForm } from "~/components/staff/staff-article-form";
import { StaffPage } from "~/components/staff/staff-page";
import { ARTICLE_STATE_LABEL, COVER_COLORS, EMPTY_ARTICLE_FORM, articleFormValues } from "~/models/staff/article-form";
import { articleAuthors, listArticlesForStaff, stateOf } from "~/models/staff/articles.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { useTypedValues } from "~/components/staff/use-typed-values";
import { defineHandle } from "~/lib/route-handle";
import { articleAction } from "~/server/staff-articles.server";
import { requireStaff } from "~/server/staff-access.server";
import { clockDayTime } from "~/models/identity/clock";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: the blog editor's articles. Every article with its state, and the form for a new one
 * (saved as a draft, scheduled, or published at once). Admins and blog editors only.
 */
export const handle = defineHandle({
  name: "staff-articles",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.articles.roles],
});

export const meta: MetaFunction = () => [{ title: "Articles · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "articles");
  const [articles, authors] = await Promise.all([listArticlesForStaff(), articleAuthors()]);
  return data(
    {
      authors,
      zone,
      articles: articles.map((a) => ({
        id: a.id,
        title: a.title,
        titleSlug: a.titleSlug,
        state: stateOf(a),
        publishesAt: a.publishAt ? clockDayTime(a.publishAt, zone) : null,
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  return articleAction(request, null);
}

export default function StaffArticlesRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A refused post shows the form as it was typed, never emptied (issue 35).
  const typed = useTypedValues(result, EMPTY_ARTICLE_FORM, articleFormValues);
  const busy = useNavigation().state === "submitting";
  return (
    <StaffPage
      id="articles-title"
      title="Articles"
      intro="Blog articles in every state. A published change shows on the blog at once; a scheduled article publishes itself at its time. Every change is recorded in the audit log."
    >
      <h2>All articles</h2>
      <ul className="staff-codes" data-testid="articles">
        {page.articles.map((article) => (
          <li key={article.id} className="staff-code" data-article={article.titleSlug}>
            <h3 className="staff-areas__title">
              <a href={`/staff/articles/${article.id}`}>{article.title}</a> · {ARTICLE_STATE_LABEL[article.state]}
            </h3>
            <p>
              /blog/{article.titleSlug}
              {article.state === "scheduled" && article.publishesAt ? ` · publishes ${article.publishesAt}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <StaffArticleForm
        values={typed}
        errors={result?.errors ?? {}}
        authors={page.authors}
        covers={COVER_COLORS}
        state={null}
        busy={busy}
        zone={page.zone}
      />
    </StaffPage>
  );
}
