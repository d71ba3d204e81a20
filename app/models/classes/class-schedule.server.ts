import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { DocumentStore } from "~/services/store/port.server";
import { cached, invalidatePrefix } from "~/lib/cache.server";
import { ClassTemplateSchema, occurrences } from "./class-schedule";
import { LiveClassSchema, type LiveClass } from "~/models/classes/live-class";

/** `classTemplates`: the recurring slots; `classes`: what they make, plus one-off classes. */
export const CLASS_TEMPLATES = "classTemplates";
export const CLASSES = "classes";

/**
 * Makes the classes of every active template for the next `weeks` weeks. A class that exists is
 * never touched (a cancellation or a substitute survives), so running it twice, or on two servers at
 * once, ends with the same documents. Run at start-up and daily (`npm run classes:generate`).
 */
export async function generateClasses(
  options: { now?: Date; weeks?: number; store?: DocumentStore; templateId?: string } = {},
): Promise<{ created: number; existing: number; createdClasses: LiveClass[] }> {
  const store = options.store ?? getStore();
  // One template's classes only, when a staff edit asks (issue 26): the request does not walk every template.
  const { templateId } = options;
  const docs = templateId
    ? await store.get(CLASS_TEMPLATES, templateId, ClassTemplateSchema).then((data) => (data ? [{ id: templateId, data }] : []))
    : (await store.query(CLASS_TEMPLATES, ClassTemplateSchema)).docs;
  const classes = docs
    .filter((doc) => doc.data.active)
    .flatMap((doc) => occurrences(doc.data, options.now ?? new Date(), options.weeks ?? 3));
  // The classes this run made (the one that created a class is the one that reports it, so whoever
  // tells followers about new classes tells them once).
  const createdClasses: LiveClass[] = [];
  for (const liveClass of classes) {
    if (await store.createIfAbsent(CLASSES, liveClass.id, { ...liveClass })) createdClasses.push(liveClass);
  }
  if (createdClasses.length > 0) forgetCachedClasses();
  return { created: createdClasses.length, existing: classes.length - createdClasses.length, createdClasses };
}

/**
 * Classes starting between `from` and `to`, in start order, optionally of one practice or teacher.
 * Online classes only, unless `studioId` asks for one studio's in-person classes (issue 12), or
 * `anywhere` for both (the staff page, issue 23).
 */
export function listUpcomingClasses(options: {
  from: Date;
  to: Date;
  modality?: LiveClass["modality"];
  teacherId?: string;
  studioId?: string;
  anywhere?: boolean;
}): Promise<LiveClass[]> {
  // Rounded to the minute so the cache key changes at most once a minute.
  const from = new Date(Math.floor(options.from.getTime() / 60_000) * 60_000).toISOString();
  const to = new Date(Math.floor(options.to.getTime() / 60_000) * 60_000).toISOString();
  return cached(`schedule:${from}:${to}`, { ttlSeconds: 30 }, async () => {
    const { docs } = await getStore().query(CLASSES, LiveClassSchema, {
      where: [
        { field: "startsAt", op: ">=", value: from },
        { field: "startsAt", op: "<=", value: to },
      ],
      orderBy: [{ field: "startsAt" }],
    });
    return docs.map((doc) => doc.data);
  }).then((classes) =>
    classes.filter(
      (liveClass) =>
        (options.anywhere || liveClass.studioId === (options.studioId ?? null)) &&
        (!options.modality || liveClass.modality === options.modality) &&
        (!options.teacherId || liveClass.teacherId === options.teacherId || liveClass.substituteTeacherId === options.teacherId),
    ),
  );
}

/** One class by its id or its slug; null when there is none. */
export async function getClass(idOrSlug: string): Promise<LiveClass | null> {
  const store = getStore();
  const byId = await store.get(CLASSES, idOrSlug, LiveClassSchema);
  if (byId) return byId;
  const { docs } = await store.query(CLASSES, LiveClassSchema, { where: [{ field: "slug", op: "==", value: idOrSlug }], limit: 1 });
  return docs[0]?.data ?? null;
}

/**
 * One class as pages show it (issue 25, ADR 042): shared by everyone, so kept in this process for
 * 30 s (a further 30 s stale while one reload runs) and dropped here whenever a class is written. It
 * holds the class document only, never who booked it. Actions and jobs read `getClass`, fresh.
 */
export function getClassForPage(idOrSlug: string): Promise<LiveClass | null> {
  return cached(`${CLASS_CACHE_PREFIX}${idOrSlug}`, { ttlSeconds: 30, staleSeconds: 30 }, () => getClass(idOrSlug));
}

const CLASS_CACHE_PREFIX = "class:";

/** The content-cache prefixes of the class pages, the schedule and the home page's list. */
export const SCHEDULE_CACHE_PREFIXES = [CLASS_CACHE_PREFIX, "schedule:", "classes:"] as const;

/** After a class is created or changed: pages read it afresh (one class, the schedule, the home page's list). */
export function forgetCachedClasses() {
  for (const prefix of SCHEDULE_CACHE_PREFIXES) invalidatePrefix(prefix);
}

/** Upcoming live (online) classes from `now`, soonest first; in-person studio classes are on /studios. */
export function getUpcomingClasses(limit = 6): Promise<LiveClass[]> {
  // Rounded to the minute so the cache key changes at most once a minute.
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  return cached(`classes:${from}:${limit}`, { ttlSeconds: 60 }, async () => {
    const { docs } = await getStore().query("classes", LiveClassSchema, {
      where: [{ field: "startsAt", op: ">=", value: from }],
      orderBy: [{ field: "startsAt" }],
      limit: limit * 4,
    });
    return docs
      .map((d) => d.data)
      .filter((c) => c.studioId === null)
      .slice(0, limit);
  });
}

/**
 * Account deletion (ADR 032, issue 35): takes a person off every class's cohost list. Cohost lists
 * are short and only staff are on them, but nothing indexes who is on one, so every class is read,
 * a page at a time; each change is its own transaction, so a cohost added meanwhile stays.
 */
export async function forgetCohosting(uid: string): Promise<void> {
  const store = getStore();
  let changed = false;
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof store.query<typeof CohostListSchema>>> = await store.query(CLASSES, CohostListSchema, {
      limit: 500,
      cursor,
    });
    for (const doc of page.docs) {
      if (!doc.data.cohostUids.includes(uid)) continue;
      await store.transaction(async (tx) => {
        const current = await tx.get(CLASSES, doc.id, CohostListSchema);
        if (current?.cohostUids.includes(uid))
          tx.update(CLASSES, doc.id, { cohostUids: current.cohostUids.filter((other) => other !== uid) });
      });
      changed = true;
    }
    cursor = page.nextCursor;
  } while (cursor);
  if (changed) forgetCachedClasses();
}

const CohostListSchema = z.object({ cohostUids: z.array(z.string()).default([]) });
