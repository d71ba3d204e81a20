import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { contentChanged } from "~/lib/cache.server";
import { sanitizeArticleHtml } from "~/lib/html.server";
import { ArticleSchema, type Article } from "~/models/content/content";
import { ARTICLE_SLUGS } from "~/models/content/content.server";
import { getTeachers } from "~/models/content/teacher.server";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { readingMinutesOf, type ArticleForm, type ArticleState } from "./article-form";
import { nextPublishState } from "./publishing";
import { SCHEDULE_FIELDS, publishDue, publishStateOf, type DueKind } from "./publishing.server";

/**
 * Articles from the blog editor's side (issue 26; ADR 047). One document per article in `articles`,
 * the public pages' own shape plus the editor's state: `published` stays the one field the public
 * queries read, true exactly when the state is published. Each address an article has had is
 * claimed in `articleSlugs/{slug}`, so two articles never share one and an address that was public
 * keeps answering with a 301 to the current one. Every change is one transaction with its one audit
 * entry; a save that changes nothing writes nothing.
 */

export const ARTICLES = "articles";

export const EditorArticleSchema = ArticleSchema.extend({
  ...SCHEDULE_FIELDS,
  /** Set when it was first public: from then on its old addresses redirect. */
  firstPublishedAt: z.string().nullable().default(null),
});
export type EditorArticle = z.infer<typeof EditorArticleSchema>;

const SlugClaimSchema = z.object({ articleId: z.string() });

/** An article's state; a seeded article without one is published or unpublished by its flag. */
export function stateOf(article: EditorArticle): ArticleState {
  return publishStateOf(article);
}

/** Every article, newest change first, for the editor's list. */
export async function listArticlesForStaff(): Promise<EditorArticle[]> {
  const { docs } = await getStore().query(ARTICLES, EditorArticleSchema, { limit: 1000 });
  return docs.map((doc) => doc.data).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

export function getArticleForStaff(id: string): Promise<EditorArticle | null> {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? getStore().get(ARTICLES, id, EditorArticleSchema) : Promise.resolve(null);
}

/** The teachers an article may name as its author. */
export async function articleAuthors(): Promise<Array<{ id: string; name: string }>> {
  return (await getTeachers()).map((t) => ({ id: t.id, name: t.fullName })).sort((a, b) => a.name.localeCompare(b.name));
}

export type ArticleSaveResult =
  | { ok: true; id: string; changed: boolean; state: ArticleState }
  | { ok: false; field: "titleSlug" | "authorTeacherId" | "form"; message: string; status: number };

/** The fields the audit log describes an article by (the running bookkeeping left out). */
function facts(article: EditorArticle): Record<string, unknown> {
  const { id: _id, ...rest } = article;
  return { ...rest, state: stateOf(article) };
}

/** Which public cache keys an article's change touches. */
const ARTICLE_CACHE_PREFIXES = ["articles:", "article:", "articleSummaries"];

/**
 * Creates (id null) or changes an article from the editor's form, and moves its state as the
 * pressed button says. The body is sanitized before it is stored (and again when it is rendered).
 */
export async function saveArticle(
  actor: AuditActor,
  id: string | null,
  form: ArticleForm,
  publishAt: Date | null,
  now = new Date(),
): Promise<ArticleSaveResult> {
  const author = (await articleAuthors()).find((t) => t.id === form.authorTeacherId);
  if (!author) return { ok: false, field: "authorTeacherId", message: "Please choose the teacher who wrote it.", status: 400 };
  // Seeded articles never claimed their address: a live article elsewhere with this address is a clash too.
  const { docs: sameSlug } = await getStore().query(ARTICLES, EditorArticleSchema, {
    where: [{ field: "titleSlug", op: "==", value: form.titleSlug }],
    limit: 2,
  });
  if (sameSlug.some((doc) => doc.id !== id))
    return { ok: false, field: "titleSlug", message: "Another article uses that address. Please choose another.", status: 409 };
  const articleId = id ?? `a-${randomUUID().slice(0, 12)}`;
  const result = await getStore().transaction(async (tx): Promise<ArticleSaveResult> => {
    const before = id ? await tx.get(ARTICLES, id, EditorArticleSchema) : null;
    if (id && !before) return { ok: false, field: "form", message: "That article no longer exists.", status: 404 };
    const claim = await tx.get(ARTICLE_SLUGS, form.titleSlug, SlugClaimSchema);
    if (claim && claim.articleId !== articleId)
      return { ok: false, field: "titleSlug", message: "Another article uses (or used) that address. Please choose another.", status: 409 };
    const oldClaim = before && before.titleSlug !== form.titleSlug ? await tx.get(ARTICLE_SLUGS, before.titleSlug, SlugClaimSchema) : null;
    const from: ArticleState = before ? stateOf(before) : "draft";
    const to = nextPublishState(form.intent, from);
    if (to === null)
      return {
        ok: false,
        field: "form",
        message:
          form.intent === "schedule"
            ? "This article is already published; unpublish it first to schedule it."
            : "Only a published or scheduled article can be taken down.",
        status: 409,
      };
    const publishing = to === "published" && from !== "published";
    const after: EditorArticle = {
      id: articleId,
      titleSlug: form.titleSlug,
      title: form.title,
      excerpt: form.excerpt,
      bodyHtml: sanitizeArticleHtml(form.bodyHtml),
      category: form.category,
      authorName: author.name,
      authorTeacherId: author.id,
      heroColor: form.heroColor,
      readingMinutes: readingMinutesOf(form.bodyHtml),
      tags: before?.tags ?? [],
      coverUrl: before?.coverUrl ?? null,
      publishedAt: publishing ? now.toISOString() : (before?.publishedAt ?? now.toISOString()),
      published: to === "published",
      state: to,
      publishAt: to === "scheduled" ? (publishAt?.toISOString() ?? before?.publishAt ?? null) : null,
      scheduledBy: to === "scheduled" ? (form.intent === "schedule" ? actor : (before?.scheduledBy ?? actor)) : null,
      firstPublishedAt:
        before?.firstPublishedAt ?? (before?.published ? before.publishedAt : null) ?? (publishing ? now.toISOString() : null),
    };
    if (to === "scheduled" && !after.publishAt)
      return { ok: false, field: "form", message: "Please give the day and time to publish.", status: 400 };
    const label = after.title;
    const action = !before
      ? "created the article"
      : to !== from
        ? `${to === "scheduled" ? "scheduled" : to === "published" ? "published" : to === "draft" ? "unscheduled" : "unpublished"} the article`
        : "edited the article";
    const changed = recordChange(tx, {
      actor,
      area: "articles",
      action,
      target: { collection: ARTICLES, id: articleId, label },
      before: before ? facts(before) : null,
      after: facts(after),
      at: now,
    });
    if (!changed) return { ok: true, id: articleId, changed: false, state: from };
    tx.set(ARTICLES, articleId, after);
    if (!claim) tx.set(ARTICLE_SLUGS, form.titleSlug, { articleId });
    // An address nobody outside ever saw is let go; one that was public keeps pointing here (a 301).
    if (before && before.titleSlug !== form.titleSlug) {
      if (after.firstPublishedAt) tx.set(ARTICLE_SLUGS, before.titleSlug, { articleId });
      else if (oldClaim) tx.delete(ARTICLE_SLUGS, before.titleSlug);
    }
    return { ok: true, id: articleId, changed: true, state: to };
  });
  if (result.ok && result.changed) contentChanged(ARTICLE_CACHE_PREFIXES);
  return result;
}

const ARTICLE_KIND: DueKind<EditorArticle> = {
  collection: ARTICLES,
  schema: EditorArticleSchema,
  area: "articles",
  noun: "article",
  cacheKeys: ARTICLE_CACHE_PREFIXES,
  facts,
  onPublish: (article, at) => ({ publishedAt: at, firstPublishedAt: article.firstPublishedAt ?? at }),
};

/** The scheduled-publishing job's part for articles: every scheduled article whose time has come, once. */
export function publishDueArticles(now = new Date()): Promise<number> {
  return publishDue(ARTICLE_KIND, now);
}

/** A draft (or any article) as the public page would render it, for the staff-only preview. */
export function previewOf(article: EditorArticle): Article {
  return { ...article, bodyHtml: sanitizeArticleHtml(article.bodyHtml) };
}
