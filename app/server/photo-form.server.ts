import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_MAX_REQUEST_BYTES, type PhotoErrorCode } from "~/models/identity/profile-photo";
import { isBodyTooLarge, withBodyLimit } from "~/lib/forms/form-body.server";

/** The form field the photo arrives in. */

export type PhotoFormResult = { ok: true; fields: FormData; file: File | null } | { ok: false; code: PhotoErrorCode | "bad_request" };

/**
 * Reads a multipart settings form. A body announced as over the limit is refused before a byte is
 * read; one that turns out longer (no Content-Length, or a false one) is cut off at the limit.
 */
export async function readPhotoForm(request: Request): Promise<PhotoFormResult> {
  const limited = withBodyLimit(request, PHOTO_MAX_REQUEST_BYTES);
  if (!limited) return { ok: false, code: "photo_too_large" };
  if (!limited.body) return { ok: false, code: "bad_request" };
  const uploadHandler = unstable_createMemoryUploadHandler({
    maxPartSize: PHOTO_MAX_BYTES,
    // Only the photo field may carry a file; any other file part is dropped unread.
    filter: ({ name, filename }) => filename === undefined || name === PHOTO_FIELD,
  });
  try {
    const fields = await unstable_parseMultipartFormData(limited, uploadHandler);
    const file = fields.get(PHOTO_FIELD);
    return { ok: true, fields, file: file instanceof File ? file : null };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || isBodyTooLarge(error)) return { ok: false, code: "photo_too_large" };
    return { ok: false, code: "bad_request" };
  }
}
