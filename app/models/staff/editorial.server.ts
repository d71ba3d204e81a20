import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { TransactionContext } from "~/services/store/port.server";
import { contentChanged } from "~/lib/cache.server";
import { sanitizeArticleHtml } from "~/lib/html.server";
import { LearningSeriesSchema, PressArticleSchema, type LearningSeries, type PressArticle } from "~/models/content/content";
import type { AuditActor, AuditArea } from "./audit";
import { recordChange } from "./audit.server";
import { lessonSlugs, nextPublishState, type LearnForm, type PressForm, type PublishIntent, type PublishState } from "./editorial-form";
import { SCHEDULE_FIELDS, publishDue, publishStateOf } from "./publishing.server";

/**
 * Press items (`pressArticles`) and learn series (`learningPages`) from the blog editor's side
 * (issue 26; ADR 053). Each document keeps the public shape plus its `state`; `published` stays the
 * one field the public pages read, true exactly when the state is published (seeded documents have
 * neither and read as published). Every change is one transaction with its one audit entry; a save
 * that changes nothing writes nothing; a real change drops the public caches at once.
 */

export const PRESS = "pressArticles";
export const LEARN = "learningPages";
/** `learnSlugs/{slug}` → the series that holds the address, claimed inside the save's transaction. */
export const LEARN_SLUGS = "learnSlugs";

export const EditorPressSchema = PressArticleSchema.extend(SCHEDULE_FIELDS);
export type EditorPress = z.infer<typeof EditorPressSchema>;
export const EditorSeriesSchema = LearningSeriesSchema.extend({
  ...SCHEDULE_FIELDS,
  firstPublishedAt: z.string().nullable().default(null),
});
export type EditorSeries = z.infer<typeof EditorSeriesSchema>;
const SlugClaimSchema = z.object({ seriesId: z.string() });

export { publishStateOf };

const validId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

export async function listPressForStaff(): Promise<EditorPress[]> {
  const { docs } = await getStore().query(PRESS, EditorPressSchema, { limit: 1000 });
  return docs.map((d) => d.data).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}
export function getPressForStaff(id: string): Promise<EditorPress | null> {
  return validId(id) ? getStore().get(PRESS, id, EditorPressSchema) : Promise.resolve(null);
}
export async function listSeriesForStaff(): Promise<EditorSeries[]> {
  const { docs } = await getStore().query(LEARN, EditorSeriesSchema, { limit: 1000 });
  return docs.map((d) => d.data).sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
}
export function getSeriesForStaff(id: string): Promise<EditorSeries | null> {
  return validId(id) ? getStore().get(LEARN, id, EditorSeriesSchema) : Promise.resolve(null);
}

export type EditorialSaveResult =
  { ok: true; id: string; changed: boolean; state: PublishState } | { ok: false; field: string; message: string; status: number };

interface Kind<T> {
  collection: string;
  schema: z.ZodType<T, z.ZodTypeDef, unknown>;
  area: AuditArea;
  noun: string;
  cacheKeys: readonly string[];
}

const ACTION_FOR: Record<PublishState, string> = {
  draft: "unscheduled",
  scheduled: "scheduled",
  published: "published",
  unpublished: "unpublished",
};
type Schedulable = {
  id: string;
  title: string;
  published: boolean;
  state?: PublishState;
  publishAt: string | null;
  scheduledBy: AuditActor | null;
};

/**
 * The one save both kinds share: read the record in the transaction, move its state as the button
 * says, let `build` make the new document (or refuse, beside a field), record the change, write.
 */
async function saveEditorial<T extends Schedulable>(
  kind: Kind<T>,
  actor: AuditActor,
  id: string | null,
  intent: PublishIntent,
  publishAt: Date | null,
  build: (
    tx: TransactionContext,
    before: T | null,
    to: PublishState,
    recordId: string,
  ) => Promise<{ record: T; alsoWrite?: () => void } | { field: string; message: string; status: number }>,
  now: Date,
): Promise<EditorialSaveResult> {
  const recordId = id ?? `${kind.area}-${randomUUID().slice(0, 12)}`;
  const result = await getStore().transaction(async (tx): Promise<EditorialSaveResult> => {
    const before = id ? await tx.get(kind.collection, id, kind.schema) : null;
    if (id && !before) return { ok: false, field: "form", message: `That ${kind.noun} no longer exists.`, status: 404 };
    const from = before ? publishStateOf(before) : "draft";
    const to = nextPublishState(intent, from);
    if (to === null)
      return intent === "schedule"
        ? { ok: false, field: "form", message: `This ${kind.noun} is already published; take it down first to schedule it.`, status: 409 }
        : { ok: false, field: "form", message: `Only a published or scheduled ${kind.noun} can be taken down.`, status: 409 };
    const built = await build(tx, before, to, recordId);
    if (!("record" in built)) return { ok: false, ...built };
    // A scheduled record keeps its time and its scheduler through a plain save; any other state has neither.
    const schedule =
      to === "scheduled"
        ? {
            publishAt: publishAt?.toISOString() ?? before?.publishAt ?? null,
            scheduledBy: intent === "schedule" ? actor : (before?.scheduledBy ?? actor),
          }
        : { publishAt: null, scheduledBy: null };
    if (to === "scheduled" && !schedule.publishAt)
      return { ok: false, field: "publishAt", message: "Please give the day and time to publish, such as 2030-05-01 09:00.", status: 400 };
    const after = { ...built.record, ...schedule } as T;
    const { id: _a, ...facts } = { ...after, state: to } as T & { state: PublishState };
    const previous = before ? (({ id: _b, ...rest }) => ({ ...rest, state: from }))(before) : null;
    const action = !before ? `created the ${kind.noun}` : to !== from ? `${ACTION_FOR[to]} the ${kind.noun}` : `edited the ${kind.noun}`;
    const changed = recordChange(tx, {
      actor,
      area: kind.area,
      action,
      target: { collection: kind.collection, id: recordId, label: after.title },
      before: previous,
      after: facts,
      at: now,
    });
    if (!changed) return { ok: true, id: recordId, changed: false, state: from };
    tx.set(kind.collection, recordId, { ...after, state: to, published: to === "published" });
    built.alsoWrite?.();
    return { ok: true, id: recordId, changed: true, state: to };
  });
  if (result.ok && result.changed) contentChanged(kind.cacheKeys);
  return result;
}

const PRESS_KIND: Kind<EditorPress> = {
  collection: PRESS,
  schema: EditorPressSchema,
  area: "press",
  noun: "press item",
  cacheKeys: ["pressArticles"],
};
const LEARN_KIND: Kind<EditorSeries> = {
  collection: LEARN,
  schema: EditorSeriesSchema,
  area: "learn",
  noun: "series",
  cacheKeys: ["learningPages"],
};

/** Creates (id null) or changes a press item and moves its state as the pressed button says. */
export function savePressItem(
  actor: AuditActor,
  id: string | null,
  form: PressForm,
  publishAt: Date | null = null,
  now = new Date(),
): Promise<EditorialSaveResult> {
  return saveEditorial(
    PRESS_KIND,
    actor,
    id,
    form.intent,
    publishAt,
    async (_tx, _before, to, recordId) => ({
      record: {
        id: recordId,
        outlet: form.outlet,
        title: form.title,
        url: form.url,
        publishedAt: form.publishedAt,
        excerpt: form.excerpt,
        published: to === "published",
        publishAt: null,
        scheduledBy: null,
      },
    }),
    now,
  );
}

/**
 * Creates or changes a learn series. Its address is claimed in `learnSlugs` inside the transaction
 * (two series never share one) and is fixed once the series has been public: links to it keep
 * working. Lesson bodies are sanitized before they are stored (and again when they are rendered).
 */
export async function saveSeries(
  actor: AuditActor,
  id: string | null,
  form: LearnForm,
  publishAt: Date | null = null,
  now = new Date(),
): Promise<EditorialSaveResult> {
  // Seeded series never claimed their address: a series elsewhere with this address is a clash too.
  const { docs: same } = await getStore().query(LEARN, EditorSeriesSchema, {
    where: [{ field: "slug", op: "==", value: form.slug }],
    limit: 2,
  });
  if (same.some((doc) => doc.id !== id))
    return { ok: false, field: "slug", message: "Another series uses that address. Please choose another.", status: 409 };
  return saveEditorial(
    LEARN_KIND,
    actor,
    id,
    form.intent,
    publishAt,
    async (tx, before, to, recordId) => {
      const claim = await tx.get(LEARN_SLUGS, form.slug, SlugClaimSchema);
      if (claim && claim.seriesId !== recordId)
        return { field: "slug", message: "Another series uses that address. Please choose another.", status: 409 };
      const wasPublic = Boolean(before && (before.firstPublishedAt || before.published));
      if (before && wasPublic && before.slug !== form.slug)
        return {
          field: "slug",
          message: `This series has been public at /learn/${before.slug}, so its address stays. Make a new series for a new address.`,
          status: 409,
        };
      // The address the series leaves, with its claim (when one was written).
      const left =
        before && before.slug !== form.slug ? { slug: before.slug, claim: await tx.get(LEARN_SLUGS, before.slug, SlugClaimSchema) } : null;
      const slugs = lessonSlugs(form.lessons.map((l) => l.title));
      const after: EditorSeries = {
        id: recordId,
        slug: form.slug,
        title: form.title,
        summary: form.summary,
        color: form.color,
        order: form.order,
        lessons: form.lessons.map((lesson, i) => ({
          slug: slugs[i],
          title: lesson.title,
          summary: lesson.summary,
          durationMinutes: lesson.durationMinutes,
          bodyHtml: sanitizeArticleHtml(lesson.bodyHtml),
        })),
        published: to === "published",
        publishAt: null,
        scheduledBy: null,
        firstPublishedAt:
          before?.firstPublishedAt ?? (before?.published ? now.toISOString() : null) ?? (to === "published" ? now.toISOString() : null),
      };
      // The claims are written with the change only (a save that changes nothing writes nothing).
      const alsoWrite = () => {
        if (!claim) tx.set(LEARN_SLUGS, form.slug, { seriesId: recordId });
        if (left?.claim) tx.delete(LEARN_SLUGS, left.slug);
      };
      return { record: after, alsoWrite };
    },
    now,
  );
}

/** The audit log's view of a record: its fields without the id, with its state spelled out. */
const factsOf = <T extends Schedulable>({ id: _id, ...rest }: T): Record<string, unknown> => ({ ...rest, state: publishStateOf(rest) });

/**
 * The scheduled-publishing job's part for press items and learn series: every one whose time has
 * come is published once, in its own transaction with its audit entry (publishing.server.ts).
 */
export async function publishDueEditorial(now = new Date()): Promise<number> {
  const press = await publishDue<EditorPress>({ ...PRESS_KIND, facts: factsOf }, now);
  const learn = await publishDue<EditorSeries>(
    { ...LEARN_KIND, facts: factsOf, onPublish: (series, at) => ({ firstPublishedAt: series.firstPublishedAt ?? at }) },
    now,
  );
  return press + learn;
}

/** A press item or series exactly as the public page would render it, drafts included, for the staff-only preview. */
export function previewPress(item: EditorPress): PressArticle {
  return item;
}
export function previewSeries(series: EditorSeries): LearningSeries {
  return { ...series, lessons: series.lessons.map((l) => ({ ...l, bodyHtml: sanitizeArticleHtml(l.bodyHtml) })) };
}
