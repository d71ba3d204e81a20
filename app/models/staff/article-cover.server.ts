import { randomBytes } from "node:crypto";
import { getPhotoStorage } from "~/services/photos/index.server";
import { getStore } from "~/services/store/index.server";
import { contentChanged } from "~/lib/cache.server";
import { photoFileName, photoFileNameFromUrl, photoUrlFor, PHOTO_MAX_BYTES, type PhotoErrorCode } from "~/models/identity/profile-photo";
import { preparePhoto } from "~/models/identity/profile-photo.server";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";
import { ARTICLES, EditorArticleSchema } from "./articles.server";

/**
 * An article's cover picture (issue 26; ADR 053) through the profile photos' pipeline: checked by
 * its content, re-encoded by sharp into a clean 1140×480 WebP with no metadata, stored under a new
 * unguessable name by the photos port (disk in the demo, Cloud Storage in production) and served by
 * the app's own image route. The article's `coverUrl` changes in one transaction with its audit
 * entry; the old file is removed after.
 */

export const COVER_SIZE = { width: 1140, height: 480 };

export type CoverChange = { ok: true; changed: boolean } | { ok: false; code: PhotoErrorCode | "not_found" };

/** Sets (a file) or removes (null) the cover of article `id`. */
export async function setArticleCover(actor: AuditActor, id: string, upload: File | null, now = new Date()): Promise<CoverChange> {
  const current = /^[A-Za-z0-9_-]{1,128}$/.test(id) ? await getPhotoArticle(id) : null;
  if (!current) return { ok: false, code: "not_found" };
  let coverUrl: string | null = null;
  let stored: string | null = null;
  if (upload) {
    if (upload.size === 0 && upload.name === "") return { ok: false, code: "photo_missing" };
    if (upload.size > PHOTO_MAX_BYTES) return { ok: false, code: "photo_too_large" };
    const prepared = await preparePhoto(new Uint8Array(await upload.arrayBuffer()), COVER_SIZE);
    if (!prepared.ok) return prepared;
    stored = photoFileName(randomBytes(16).toString("hex"));
    try {
      await getPhotoStorage().put(stored, prepared.webp, "image/webp");
    } catch {
      return { ok: false, code: "photo_storage_failed" };
    }
    coverUrl = photoUrlFor(stored);
  }
  const result = await getStore().transaction(async (tx) => {
    const before = await tx.get(ARTICLES, id, EditorArticleSchema);
    if (!before) return { ok: false as const, code: "not_found" as const, previous: null };
    const changed = recordChange(tx, {
      actor,
      area: "articles",
      action: coverUrl ? "changed the article's cover" : "removed the article's cover",
      target: { collection: ARTICLES, id, label: before.title },
      before: { coverUrl: before.coverUrl },
      after: { coverUrl },
      at: now,
    });
    if (changed) tx.update(ARTICLES, id, { coverUrl });
    return { ok: true as const, changed, previous: changed ? before.coverUrl : null };
  });
  if (!result.ok) {
    if (stored) await removeQuietly(stored);
    return { ok: false, code: result.code };
  }
  if (result.changed) contentChanged(["articles:", "article:", "articleSummaries"]);
  const previous = photoFileNameFromUrl(result.previous);
  if (previous) await removeQuietly(previous);
  return { ok: true, changed: result.changed };
}

async function getPhotoArticle(id: string) {
  return getStore().get(ARTICLES, id, EditorArticleSchema);
}

/** A leftover file costs a little disk, never a broken page. */
async function removeQuietly(name: string) {
  try {
    await getPhotoStorage().delete(name);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "old article cover not removed",
        cause: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
