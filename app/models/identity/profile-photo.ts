/**
 * Profile photo rules (issue 7, settings): what an upload may be, what we make of it and where it is
 * served. Pure and browser-safe; ./profile-photo.server.ts does the decoding and the storing.
 */

/** The largest file a member may upload: phone photos are 2-5 MB as JPEG. */
/** The form field a photo is sent in, read by the server and named by the page. */
export const PHOTO_FIELD = "photo";

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The largest multipart body the photo form may send: the file plus room for the boundary and fields. */
export const PHOTO_MAX_REQUEST_BYTES = PHOTO_MAX_BYTES + 64 * 1024;
/**
 * Decoded pixels we are willing to hold: a 48 MP phone photo fits; a small file claiming 20,000 x 20,000
 * pixels (a decompression bomb) does not, and is refused before it is decoded.
 */
export const PHOTO_MAX_PIXELS = 50_000_000;
/** Stored photos are squares of this many pixels: twice the largest place one is shown (the settings preview). */
export const PHOTO_SIZE = 512;
/** WebP quality: a 512 px face is 20-60 KB at 80 with no visible loss. */
export const PHOTO_QUALITY = 80;
/** Where members' photos are served; the same path answers `?palette=json&colors=1` (§7). */
export const MEMBER_PHOTO_PATH = "/images/members/";
/** What the file picker offers; the server decides by content, not by this list. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

export type PhotoType = "jpeg" | "png" | "webp" | "gif" | "avif" | "heic";

export type PhotoErrorCode =
  | "photo_missing"
  | "photo_empty"
  | "photo_too_large"
  | "photo_too_many_pixels"
  | "photo_unsupported"
  | "photo_heic"
  | "photo_unreadable"
  | "photo_storage_failed";

/**
 * The image type a file's first bytes announce, or null for anything else (text, scripts, SVG, PDF,
 * TIFF…). Only these reach the decoder; the decoder must then agree.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  // ISO base media files: a box size, then "ftyp" and the major brand.
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].includes(brand)) return "heic";
  }
  return null;
}

/** A new photo's file name: 128 random bits, so the address can't be guessed and is never reused. */
export function photoFileName(randomHex: string): string {
  if (!/^[0-9a-f]{32}$/.test(randomHex)) throw new RangeError("a photo name needs 32 lowercase hex digits");
  return `${randomHex}.webp`;
}

/** Whether `name` is a file name photoFileName could have made (nothing else is ever read from storage). */
export function isPhotoFileName(name: string): boolean {
  return /^[0-9a-f]{32}\.webp$/.test(name);
}

/** The address a stored photo is served at. */
export function photoUrlFor(fileName: string): string {
  return `${MEMBER_PHOTO_PATH}${fileName}`;
}

/** The stored file behind a member's photoUrl, or null when the URL is not one of ours. */
export function photoFileNameFromUrl(photoUrl: string | null | undefined): string | null {
  if (!photoUrl?.startsWith(MEMBER_PHOTO_PATH)) return null;
  const name = photoUrl.slice(MEMBER_PHOTO_PATH.length);
  return isPhotoFileName(name) ? name : null;
}

/** "#rrggbb" from 0-255 channels. */
export function hexColor({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
