import { ERRORS, type ErrorCode } from "./errors";

/**
 * Reads a small urlencoded or multipart form body for an action. A body over `maxBytes` (by its
 * declared length) is refused before it is read; one that cannot be parsed is a bad request. Either
 * way the caller gets the §8 sentence and status to put beside its form, never a 500.
 */
export async function readFormBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; formData: FormData } | { ok: false; code: ErrorCode; message: string; status: number }> {
  const refuse = (code: "payload_too_large" | "bad_request") => ({ ok: false as const, code, message: ERRORS[code].message, status: ERRORS[code].status });
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) return refuse("payload_too_large");
  try {
    return { ok: true, formData: await request.formData() };
  } catch {
    return refuse("bad_request");
  }
}

export class BodyTooLargeError extends Error {
  constructor() {
    super("request body over the limit");
    this.name = "BodyTooLargeError";
  }
}

/** Passes bytes through until `limit`, then fails the stream (and so the parse reading it). */
export function byteLimit(limit: number): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) controller.error(new BodyTooLargeError());
      else controller.enqueue(chunk);
    },
  });
}
