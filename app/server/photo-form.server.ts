import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { PHOTO_MAX_BYTES, PHOTO_MAX_REQUEST_BYTES, type PhotoErrorCode } from "~/features/identity/profile-photo";
import { BodyTooLargeError, byteLimit } from "~/lib/form-body.server";

/** The form field the photo arrives in. */
export const PHOTO_FIELD = "photo";

export type PhotoFormResult =
  | { ok: true; fields: FormData; file: File | null }
  | { ok: false; code: PhotoErrorCode | "bad_request" };

/**
 * Reads a multipart settings form. A body announced as over the limit is refused before a byte is
 * read; one that turns out longer (no Content-Length, or a false one) is cut off at the limit.
 */
export async function readPhotoForm(request: Request): Promise<PhotoFormResult> {
  const announced = Number(request.headers.get("Content-Length") ?? 0);
  if (announced > PHOTO_MAX_REQUEST_BYTES) return { ok: false, code: "photo_too_large" };
  if (!request.body) return { ok: false, code: "bad_request" };
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    // preventCancel: cancelling would destroy the connection before the answer is sent; the front door
    // throws the unread rest away once it has answered.
    body: request.body.pipeThrough(byteLimit(PHOTO_MAX_REQUEST_BYTES), { preventCancel: true }),
    duplex: "half",
  } as RequestInit);
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
    if (error instanceof MaxPartSizeExceededError || error instanceof BodyTooLargeError) return { ok: false, code: "photo_too_large" };
    return { ok: false, code: "bad_request" };
  }
}

