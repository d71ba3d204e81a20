import { ERRORS, type ErrorCode } from "~/lib/errors";

/**
 * Request bodies, read within a byte cap counted as the bytes arrive (docs/decisions/031-request-body-caps.md).
 * A declared Content-Length over the cap is refused before a byte is read; a body with no length
 * (chunked) or a false one is cut off at the cap. The front door caps every body by route before the
 * app sees it; these readers cap it again by the route's own number, so an action called directly (a
 * test, a script) is capped too.
 */

/** A plain form's cap: urlencoded or multipart without files. */
export const FORM_MAX_BYTES = 16 * 1024;

type BodyRefusal = { ok: false; code: "payload_too_large" | "bad_request"; message: string; status: number };

export class BodyTooLargeError extends Error {
  constructor() {
    super("request body over the limit");
    this.name = "BodyTooLargeError";
  }
}

/** Whether a failed read was a body over its cap (by name: the error may cross module copies). */
export function isBodyTooLarge(error: unknown): boolean {
  return error instanceof BodyTooLargeError || (error instanceof Error && error.name === "BodyTooLargeError");
}

/**
 * Passes bytes through until `limit`, then fails the stream (and so the parse reading it); `onPassed`
 * hears of it once.
 */
export function byteLimit(limit: number, onPassed?: () => void): TransformStream<Uint8Array, Uint8Array> {
  let seen = 0;
  return new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) {
        onPassed?.();
        controller.error(new BodyTooLargeError());
      } else controller.enqueue(chunk);
    },
  });
}

/**
 * The same request with its body cut off at `maxBytes`, for a parser that reads the stream itself
 * (multipart with files). Null when the declared length is over the cap already.
 */
export function withBodyLimit(request: Request, maxBytes: number): Request | null {
  if (declaredLength(request) > maxBytes) return null;
  if (!request.body) return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    // preventCancel: cancelling would destroy the connection before the answer is sent; the front door
    // throws the unread rest away once it has answered.
    body: request.body.pipeThrough(byteLimit(maxBytes), { preventCancel: true }),
    duplex: "half",
  } as RequestInit);
}

/**
 * The body's bytes, at most `maxBytes` of them held at any time. Past the cap the read stops and the
 * rest is left unread (the front door discards it after the answer, so the browser sees the answer
 * instead of a broken connection).
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  options: { keepPrefix?: boolean } = {},
): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | (BodyRefusal & { prefix?: Uint8Array<ArrayBuffer> })> {
  // A declared length over the cap is refused unread, unless the form is to be shown again: then
  // the cap's worth is read (no more than a body within the cap would be) for the fields in it.
  if (declaredLength(request) > maxBytes && !options.keepPrefix) return refuse("payload_too_large");
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return refuse("bad_request");
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Past the cap: what arrived before it (never more than the cap), for a form to show again.
  const tooLarge = () => ({ ...refuse("payload_too_large"), ...(options.keepPrefix ? { prefix: joined(chunks) } : {}) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        reader.releaseLock();
        if (options.keepPrefix) chunks.push(value.subarray(0, maxBytes - size));
        return tooLarge();
      }
      size += value.byteLength;
      chunks.push(value);
    }
  } catch (error) {
    return isBodyTooLarge(error) ? tooLarge() : refuse("bad_request");
  }
  return { ok: true, bytes: joined(chunks) };
}

function joined(chunks: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The body as UTF-8 text (as `request.text()` reads it), within `maxBytes`. */
export async function readBodyText(request: Request, maxBytes: number): Promise<{ ok: true; text: string } | BodyRefusal> {
  const body = await readBodyBytes(request, maxBytes);
  if (!body.ok) return body;
  return { ok: true, text: new TextDecoder().decode(body.bytes) };
}

/**
 * Reads a small urlencoded or multipart form body for an action, within `maxBytes` (a plain form's
 * cap unless the route says less). One over the cap, or one that cannot be parsed, comes back with
 * the §8 sentence and status to put beside the form, never a 500. A urlencoded body over the cap
 * also brings `partial`: every field that arrived whole before the cut, so the form can be shown
 * again with what was typed instead of empty (issue 35).
 */
export async function readFormBody(
  request: Request,
  maxBytes: number = FORM_MAX_BYTES,
): Promise<{ ok: true; formData: FormData } | { ok: false; code: ErrorCode; message: string; status: number; partial?: FormData }> {
  const urlencoded = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
  const body = await readBodyBytes(request, maxBytes, { keepPrefix: urlencoded });
  if (!body.ok) {
    const { prefix, ...refusal } = body;
    return prefix ? { ...refusal, partial: wholeFieldsOf(prefix) } : refusal;
  }
  try {
    const parsed = new Response(body.bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } });
    return { ok: true, formData: await parsed.formData() };
  } catch {
    return refuse("bad_request");
  }
}

/** The fields of a urlencoded body cut short: those before its last `&` (the one after it may be cut). */
function wholeFieldsOf(prefix: Uint8Array): FormData {
  const form = new FormData();
  const end = prefix.lastIndexOf(0x26);
  if (end < 0) return form;
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(prefix.subarray(0, end)))) form.append(name, value);
  return form;
}

function declaredLength(request: Request): number {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  return Number.isFinite(declared) ? declared : 0;
}

function refuse(code: "payload_too_large" | "bad_request"): BodyRefusal {
  return { ok: false, code, message: ERRORS[code].message, status: ERRORS[code].status };
}
