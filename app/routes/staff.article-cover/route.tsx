import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { setArticleCover } from "~/models/staff/article-cover.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { readPhotoForm } from "~/server/photo-form.server";
import { requireStaff } from "~/server/staff-access.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26 (ADR 053): an article's cover picture, posted as multipart from the article's edit page
 * (one fixed address, so the front door's larger cap for uploads names it exactly). Answers with a
 * redirect back to the article and what happened, so it works without JavaScript.
 */
export const handle = defineHandle({
  name: "staff-article-cover",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.articles.roles],
});

export async function loader() {
  return redirect("/staff/articles");
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "articles");
  const id = new URL(request.url).searchParams.get("article") ?? "";
  const back = (query: string) => redirect(`/staff/articles/${encodeURIComponent(id)}?${query}`);
  const form = await readPhotoForm(request);
  if (!form.ok) return form.code === "bad_request" ? back("cover_error=photo_missing") : back(`cover_error=${form.code}`);
  const remove = form.fields.get("intent") === "remove-cover";
  const result = await setArticleCover(actor, id, remove ? null : (form.file ?? new File([], "")));
  if (!result.ok) {
    if (result.code === "not_found") return redirect("/staff/articles");
    return back(`cover_error=${result.code}`);
  }
  return back(`done=${result.changed ? (remove ? "cover-removed" : "cover") : "unchanged"}`);
}
