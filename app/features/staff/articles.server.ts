import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/adapters/store/index.server";
import { contentChanged } from "~/lib/cache.server";
import { sanitizeArticleHtml } from "~/lib/html.server";
import { ROLES } from "~/lib/route-handle";
import { ArticleSchema, type Article } from "~/features/content/content";
import { ARTICLE_SLUGS } from "~/features/content/content.server";
import { getTeachers } from "~/features/content/teacher.server";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { ARTICLE_STATES, readingMinutesOf, type ArticleForm, type ArticleIntent, type ArticleState } from "./article-form";

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
  state: z.enum(ARTICLE_STATES).optional(),
  /** When a scheduled article publishes itself (ISO). */
  publishAt: z.string().nullable().default(null),
  /** Who scheduled it: the publish job acts in their name in the audit log. */
  scheduledBy: z.object({ uid: z.string(), name: z.string(), role: z.enum(ROLES) }).nullable().default(null),
  /** Set when it was first public: from then on its old addresses redirect. */
  firstPublishedAt: z.string().nullable().default(null),
});
export type EditorArticle = z.infer<typeof EditorArticleSchema>;

const SlugClaimSchema = z.object({ articleId: z.string() });

/** An article's state; a seeded article without one is published or unpublished by its flag. */
export function stateOf(article: EditorArticle): ArticleState {
  return article.state ?? (article.published ? "published" : "unpublished");
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

export type ArticleSaveResult = { ok: true; id: string; changed: boolean; state: ArticleState } | { ok: false; field: "titleSlug" | "authorTeacherId" | "intent"; message: string; status: number };

/** The fields the audit log describes an article by (the running bookkeeping left out). */
function facts(article: EditorArticle): Record<string, unknown> {
  const { id: _id, ...rest } = article;
  return { ...rest, state: stateOf(article) };
}

const NEXT_STATE: Record<ArticleIntent, (from: ArticleState) => ArticleState | null> = {
  save: (from) => from,
  schedule: (from) => (from === "published" ? null : "scheduled"),
  publish: () => "published",
  unpublish: (from) => (from === "published" ? "unpublished" : from === "scheduled" ? "draft" : null),
};

/** Which public cache keys an article's change touches. */
const ARTICLE_CACHE_PREFIXES = ["articles:", "article:", "articleSummaries"];

/**
 * Creates (id null) or changes an article from the editor's form, and moves its state as the
 * pressed button says. The body is sanitized before it is stored (and again when it is rendered).
 */
export async function saveArticle(actor: AuditActor, id: string | null, form: ArticleForm, publishAt: Date | null, now = new Date()): Promise<ArticleSaveResult> {
  const author = (await articleAuthors()).find((t) => t.id === form.authorTeacherId);
  if (!author) return { ok: false, field: "authorTeacherId", message: "Please choose the teacher who wrote it.", status: 400 };
  // Seeded articles never claimed their address: a live article elsewhere with this address is a clash too.
  const { docs: sameSlug } = await getStore().query(ARTICLES, EditorArticleSchema, { where: [{ field: "titleSlug", op: "==", value: form.titleSlug }], limit: 2 });
  if (sameSlug.some((doc) => doc.id !== id)) return { ok: false, field: "titleSlug", message: "Another article uses that address. Please choose another.", status: 409 };
  const articleId = id ?? `a-${randomUUID().slice(0, 12)}`;
  const result = await getStore().transaction(async (tx): Promise<ArticleSaveResult> => {
    const before = id ? await tx.get(ARTICLES, id, EditorArticleSchema) : null;
    if (id && !before) return { ok: false, field: "intent", message: "That article no longer exists.", status: 404 };
    const claim = await tx.get(ARTICLE_SLUGS, form.titleSlug, SlugClaimSchema);
    if (claim && claim.articleId !== articleId) return { ok: false, field: "titleSlug", message: "Another article uses (or used) that address. Please choose another.", status: 409 };
    const oldClaim = before && before.titleSlug !== form.titleSlug ? await tx.get(ARTICLE_SLUGS, before.titleSlug, SlugClaimSchema) : null;
    const from: ArticleState = before ? stateOf(before) : "draft";
    const to = NEXT_STATE[form.intent](from);
    if (to === null) return { ok: false, field: "intent", message: form.intent === "schedule" ? "This article is already published; unpublish it first to schedule it." : "Only a published or scheduled article can be taken down.", status: 409 };
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
      firstPublishedAt: before?.firstPublishedAt ?? (before?.published ? before.publishedAt : null) ?? (publishing ? now.toISOString() : null),
    };
    if (to === "scheduled" && !after.publishAt) return { ok: false, field: "intent", message: "Please give the day and time to publish.", status: 400 };
    const label = after.title;
    const action = !before ? "created the article" : to !== from ? `${to === "scheduled" ? "scheduled" : to === "published" ? "published" : to === "draft" ? "unscheduled" : "unpublished"} the article` : "edited the article";
    const changed = recordChange(tx, { actor, area: "articles", action, target: { collection: ARTICLES, id: articleId, label }, before: before ? facts(before) : null, after: facts(after), at: now });
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

/**
 * The scheduled-publishing job: every scheduled article whose time has come is published, each in
 * its own transaction that re-reads it first, so two instances running at once publish it once.
 * Answers how many this run published.
 */
export async function publishDueArticles(now = new Date()): Promise<number> {
  const { docs } = await getStore().query(ARTICLES, EditorArticleSchema, { where: [{ field: "state", op: "==", value: "scheduled" }], limit: 200 });
  let published = 0;
  for (const { id } of docs) {
    const done = await getStore().transaction(async (tx) => {
      const article = await tx.get(ARTICLES, id, EditorArticleSchema);
      if (!article || stateOf(article) !== "scheduled" || !article.publishAt || Date.parse(article.publishAt) > now.getTime()) return false;
      const after: EditorArticle = { ...article, state: "published", published: true, publishedAt: article.publishAt, firstPublishedAt: article.firstPublishedAt ?? article.publishAt, publishAt: null, scheduledBy: null };
      const actor = article.scheduledBy ?? { uid: "system", name: "Scheduled publishing", role: "blogEditor" as const };
      tx.update(ARTICLES, id, { state: after.state, published: true, publishedAt: after.publishedAt, firstPublishedAt: after.firstPublishedAt, publishAt: null, scheduledBy: null });
      recordChange(tx, { actor, area: "articles", action: "published the article at its scheduled time", target: { collection: ARTICLES, id, label: article.title }, before: facts(article), after: facts(after), at: new Date() });
      return true;
    });
    if (done) published += 1;
  }
  if (published > 0) contentChanged(ARTICLE_CACHE_PREFIXES);
  return published;
}

/** A draft (or any article) as the public page would render it, for the staff-only preview. */
export function previewOf(article: EditorArticle): Article {
  return { ...article, bodyHtml: sanitizeArticleHtml(article.bodyHtml) };
}
