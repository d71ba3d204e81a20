import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { getPhotoStorage } from "~/services/photos/index.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import {
  hexColor,
  isPhotoFileName,
  photoFileName,
  photoFileNameFromUrl,
  photoUrlFor,
  sniffPhotoType,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_QUALITY,
  PHOTO_SIZE,
  type PhotoErrorCode,
  type PhotoType,
} from "./profile-photo";
import { getPrivateUser, savePrivateUser } from "./user.server";

/**
 * Profile photos (read from the settings form by app/server/photo-form.server.ts): checked by their
 * content, re-encoded by sharp (libvips) into a clean square WebP, and stored under a new name.
 * Rules and limits live in ./profile-photo.ts.
 */

// Decoded images are not kept between requests: each photo is seen once.
sharp.cache(false);

// Re-encoding costs about 0.2 s of CPU for a 12 MP photo: plenty for a person, a ceiling for a script.
export const PROFILE_PHOTO_LIMIT = createRateLimit({ name: "profile-photo", limit: 20, windowMs: 10 * 60_000, per: "account" });
const uploadsPerMember = PROFILE_PHOTO_LIMIT;

export type PreparedPhoto = { ok: true; webp: Buffer; color: string; sourceType: PhotoType } | { ok: false; code: PhotoErrorCode };

/**
 * Checks an upload by its content and re-encodes it: turned upright from its EXIF orientation,
 * cropped to `size` (a PHOTO_SIZE square unless asked otherwise) around its most interesting part, WebP, with every
 * piece of metadata (EXIF, GPS, XMP, ICC) left behind. Also finds its dominant colour (§7 palette).
 */
export async function preparePhoto(
  bytes: Uint8Array,
  size: { width: number; height: number } = { width: PHOTO_SIZE, height: PHOTO_SIZE },
): Promise<PreparedPhoto> {
  if (bytes.byteLength === 0) return { ok: false, code: "photo_empty" };
  if (bytes.byteLength > PHOTO_MAX_BYTES) return { ok: false, code: "photo_too_large" };
  const sourceType = sniffPhotoType(bytes);
  if (!sourceType) return { ok: false, code: "photo_unsupported" };
  if (sourceType === "heic") return { ok: false, code: "photo_heic" };
  const input = () => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error", pages: 1 });
  try {
    const metadata = await input().metadata();
    // The decoder must read the same type the first bytes announced (an AVIF is "heif" coded with AV1).
    const decoded = metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
    if (decoded === "heic") return { ok: false, code: "photo_heic" };
    if (decoded !== sourceType) return { ok: false, code: "photo_unsupported" };
    if (!metadata.width || !metadata.height) return { ok: false, code: "photo_unreadable" };
    if (metadata.width * metadata.height > PHOTO_MAX_PIXELS) return { ok: false, code: "photo_too_many_pixels" };
    const webp = await input()
      .autoOrient()
      .resize(size.width, size.height, { fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: PHOTO_QUALITY })
      .toBuffer();
    const { dominant } = await sharp(webp).stats();
    return { ok: true, webp, color: hexColor(dominant), sourceType };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) return { ok: false, code: "photo_too_many_pixels" };
    if (/unsupported image format/i.test(message)) return { ok: false, code: "photo_unsupported" };
    return { ok: false, code: "photo_unreadable" };
  }
}

export type PhotoChange = { ok: true; photoUrl: string | null } | { ok: false; code: PhotoErrorCode | "rate_limited" };

/**
 * Gives the member a new photo: stored under a new unguessable name (so no cache can show the old
 * one), saved on their record with its colour, then the previous file removed.
 */
export async function updateProfilePhoto(uid: string, upload: File | null): Promise<PhotoChange> {
  if (!upload || (upload.size === 0 && upload.name === "")) return { ok: false, code: "photo_missing" };
  if (upload.size > PHOTO_MAX_BYTES) return { ok: false, code: "photo_too_large" };
  if (!(await uploadsPerMember.attempt(uid)).ok) return { ok: false, code: "rate_limited" };
  const prepared = await preparePhoto(new Uint8Array(await upload.arrayBuffer()));
  if (!prepared.ok) return prepared;
  const storage = getPhotoStorage();
  const name = photoFileName(randomBytes(16).toString("hex"));
  const previous = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl);
  try {
    await storage.put(name, prepared.webp, "image/webp");
  } catch (error) {
    logFailure("profile photo not stored", uid, error);
    return { ok: false, code: "photo_storage_failed" };
  }
  const photoUrl = photoUrlFor(name);
  try {
    await savePrivateUser(uid, { photoUrl, photoColor: prepared.color });
  } catch (error) {
    logFailure("profile photo not saved on the record", uid, error);
    await removeQuietly(name, uid);
    return { ok: false, code: "photo_storage_failed" };
  }
  if (previous && previous !== name) await removeQuietly(previous, uid);
  return { ok: true, photoUrl };
}

/** Takes the member's photo away: the record first (the header shows initials again), then the file. */
export async function removeProfilePhoto(uid: string): Promise<PhotoChange> {
  const previous = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl);
  await savePrivateUser(uid, { photoUrl: null, photoColor: null });
  if (previous) await removeQuietly(previous, uid);
  return { ok: true, photoUrl: null };
}

/** Removes the member's photo file, for account deletion; the record goes with the rest of it. Safe to repeat. */
export async function deleteProfilePhotoFile(uid: string): Promise<void> {
  const previous = photoFileNameFromUrl((await getPrivateUser(uid))?.photoUrl);
  if (previous) await getPhotoStorage().delete(previous);
}

/** A stored photo's bytes by its file name, or null for any other name or a file that is gone. */
export async function getProfilePhotoFile(name: string): Promise<Buffer | null> {
  if (!isPhotoFileName(name)) return null;
  return getPhotoStorage().get(name);
}

/** The dominant colour of a stored photo, for its palette (§7). */
export async function photoColorOf(webp: Buffer): Promise<string> {
  return hexColor((await sharp(webp).stats()).dominant);
}

/** A leftover file costs a little disk, never a broken page: log it and carry on. */
async function removeQuietly(name: string, uid: string) {
  try {
    await getPhotoStorage().delete(name);
  } catch (error) {
    logFailure("old profile photo not removed", uid, error);
  }
}

function logFailure(msg: string, uid: string, error: unknown) {
  console.error(
    JSON.stringify({ level: "error", msg, uid, cause: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  );
}
