import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { recordEvent } from "~/platform/analytics-event.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import type { OnDemandClass } from "./on-demand";
import { ViewingIdSchema, WatchRecordSchema, mergeProgress, viewingCoversClass, type WatchRecord } from "./watch-history";

/**
 * Watch history and favourites per member (issue 10; spec §3 watchHistory, favoritedContent). Both are
 * keyed by the member's uid and read only through it, so no one ever sees another's; both outlive a
 * cancelled membership.
 */

export const WATCH_HISTORY = "watchHistory";
export const FAVORITED_CONTENT = "favoritedContent";
/** How many records a history page or a shelf reads at most. */
const HISTORY_LIMIT = 500;

const historyId = (uid: string, classSlug: string) => `${uid}__${classSlug}`;
const favoriteId = (uid: string, kind: FavoriteKind, slug: string) => `${uid}__${kind}__${slug}`;

/** What the player posts. Anything else (a negative or absurd position, text, a forged id) is refused. */
export const ProgressFormSchema = z.object({
  position: z
    .string({ required_error: "is missing" })
    .trim()
    .min(1, "is missing")
    .refine((value) => !value.startsWith("-"), "can't be negative")
    .refine((value) => /^\d{1,7}(\.\d{1,6})?$/.test(value), "must be a number of seconds")
    .transform(Number),
  ended: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => value === "true" || value === "1"),
  viewing: ViewingIdSchema,
  seq: z.coerce.number().int().min(0).max(1_000_000),
  events: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value.split(",").filter(Boolean) : []))
    .pipe(z.array(z.enum(["Started", "Mostly_Completed", "Completed"])).max(3)),
});

/** `completed`: this report says the viewing reached its end, and the viewing's recorded progress bears it out. */
export type ProgressOutcome = { ok: true; record: WatchRecord; completed: boolean } | { ok: false; status: 400 | 429; error: string };

/**
 * The player's reports (issue 35): one every 10 s while playing, so a member with a few tabs playing
 * stays far below 300 in ten minutes; past that a report is refused and writes nothing.
 */
export const PROGRESS_LIMIT = createRateLimit({ name: "on-demand-progress", limit: 300, windowMs: 10 * 60_000, per: "account" });

/** Saves the player's report (in a transaction, so concurrent reports never lose one another). */
export async function saveProgress(
  uid: string,
  item: Pick<OnDemandClass, "slug" | "durationSeconds" | "seriesId">,
  form: unknown,
  now = Date.now(),
): Promise<ProgressOutcome> {
  const parsed = ProgressFormSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, status: 400, error: `The ${issue?.path.join(".") || "report"} ${issue?.message ?? "is not valid"}.` };
  }
  const report = parsed.data;
  // The end of the class is where the player stops; a report beyond it (by more than rounding) is forged.
  if (report.position > item.durationSeconds + 1) return { ok: false, status: 400, error: "The position is past the end of the class." };
  if (!(await PROGRESS_LIMIT.attempt(uid, now)).ok)
    return { ok: false, status: 429, error: "That's a lot of progress reports in a short time. Your place is saved up to here." };
  const record = await getStore().transaction(async (tx) => {
    const existing = await tx.get(WATCH_HISTORY, historyId(uid, item.slug), WatchRecordSchema);
    const merged = mergeProgress(existing, report, { uid, classSlug: item.slug, durationSeconds: item.durationSeconds, now });
    if (merged !== existing) tx.set(WATCH_HISTORY, historyId(uid, item.slug), merged);
    return merged;
  });
  // Each event once per viewing, even when the browser repeats a report: the id is the viewing's.
  await Promise.all(
    report.events.map((event) =>
      recordEvent(
        {
          name: `On_Demand_Video_${event}`,
          properties: {
            classSlug: item.slug,
            seriesSlug: item.seriesId,
            viewing: report.viewing,
            position: Math.min(report.position, item.durationSeconds),
            durationSeconds: item.durationSeconds,
          },
        },
        { uid, now, id: `video-${uid}-${report.viewing}-${event}` },
      ),
    ),
  );
  const completed = report.events.includes("Completed") && viewingCoversClass(record, report.viewing, now);
  return { ok: true, record, completed };
}

export async function getWatchRecord(uid: string, classSlug: string): Promise<WatchRecord | null> {
  return getStore().get(WATCH_HISTORY, historyId(uid, classSlug), WatchRecordSchema);
}

/** The member's whole history, most recent first. */
export async function listWatchHistory(uid: string): Promise<WatchRecord[]> {
  const { docs } = await getStore().query(WATCH_HISTORY, WatchRecordSchema, {
    where: [{ field: "uid", op: "==", value: uid }],
    limit: HISTORY_LIMIT,
  });
  return docs
    .map((doc) => doc.data)
    .filter((record) => record.uid === uid)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

export type FavoriteKind = "class" | "series";

const FavoriteSchema = z.object({
  uid: z.string().min(1),
  kind: z.enum(["class", "series"]),
  slug: z.string().min(1),
  createdAt: z.number().int(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

/**
 * Sets a favourite on or off. Idempotent: favouriting twice keeps one record (and its first date),
 * unfavouriting something not favourited is fine.
 */
export async function setFavorite(uid: string, kind: FavoriteKind, slug: string, on: boolean, now = Date.now()): Promise<void> {
  const id = favoriteId(uid, kind, slug);
  if (on) await getStore().createIfAbsent(FAVORITED_CONTENT, id, { uid, kind, slug, createdAt: now });
  else await getStore().delete(FAVORITED_CONTENT, id);
}

export async function isFavorite(uid: string, kind: FavoriteKind, slug: string): Promise<boolean> {
  return Boolean(await getStore().get(FAVORITED_CONTENT, favoriteId(uid, kind, slug), FavoriteSchema));
}

/** The member's favourites, newest first. */
export async function listFavorites(uid: string): Promise<Favorite[]> {
  const { docs } = await getStore().query(FAVORITED_CONTENT, FavoriteSchema, {
    where: [{ field: "uid", op: "==", value: uid }],
    limit: HISTORY_LIMIT,
  });
  return docs
    .map((doc) => doc.data)
    .filter((fav) => fav.uid === uid)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Deletes a leaving member's watch history and favourites. */
export async function forgetWatching(uid: string): Promise<void> {
  for (const collection of [WATCH_HISTORY, FAVORITED_CONTENT]) {
    for (const { id } of await documentsWhere(collection, "uid", uid)) await getStore().delete(collection, id);
  }
}
