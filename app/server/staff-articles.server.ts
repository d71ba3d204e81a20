import { data, redirect } from "@remix-run/node";
import { articleFormValues, readArticleForm, EMPTY_ARTICLE_FORM, type ArticleFormValues } from "~/models/staff/article-form";
import { getArticleForStaff, saveArticle, stateOf } from "~/models/staff/articles.server";
import { carriedFields, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { readRouteForm } from "./body-limits.server";
import { requireStaff } from "./staff-access.server";

/**
 * The one action behind the new-article and edit-article pages (issue 26): guard, read, validate,
 * save with its audit entry, and back to the article with what happened; on a refusal the typed
 * values come back with each message beside its field.
 */
export async function articleAction(request: Request, id: string | null) {
  const { actor, zone } = await requireStaff(request, "articles");
  const body = await readRouteForm(request);
  // A refused body still shows what arrived of it: the form is never wiped (issue 35).
  if (!body.ok) {
    const values: ArticleFormValues = body.partial ? articleFormValues(body.partial) : EMPTY_ARTICLE_FORM;
    return data({ errors: { form: body.message } as Record<string, string>, values, refused: true }, { status: body.status });
  }
  const values = articleFormValues(body.formData);
  const read = readArticleForm(values, new Date(), zone);
  if (!read.ok) return data({ errors: read.errors as Record<string, string>, values }, { status: 400 });
  if (read.form.intent === "unpublish" && id && !isConfirmed(body.formData)) {
    // Issue 34: taking a published article down asks once more (unscheduling a draft does not).
    const article = await getArticleForStaff(id);
    if (article && stateOf(article) === "published") {
      const confirmation: Confirmation = {
        heading: `Take “${article.title}” down from the blog?`,
        facts: [
          "It leaves the blog, its list and search at once; anyone following a link to it finds a page saying it isn't there.",
          "Any changes you made in the form are saved with it.",
          "You can publish it again later, at the same address.",
        ],
        confirmLabel: "Yes, take it down",
        keepLabel: "Keep it published",
        fields: carriedFields(body.formData),
      };
      return data({ errors: {} as Record<string, string>, values, confirmation });
    }
  }
  const saved = await saveArticle(actor, id, read.form, read.publishAt);
  if (!saved.ok) return data({ errors: { [saved.field]: saved.message } as Record<string, string>, values }, { status: saved.status });
  return redirect(`/staff/articles/${saved.id}?done=${saved.changed ? read.form.intent : "unchanged"}`);
}
