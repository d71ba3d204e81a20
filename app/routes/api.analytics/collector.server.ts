import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { readBodyText } from "~/lib/forms/form-body.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { saveCollectedUpload } from "~/platform/analytics-event.server";
import { CONTACT_PROPERTIES, analyticsIdFor } from "~/platform/analytics-id.server";
import { getViewer } from "~/server/viewer.server";
import { UPLOAD_VERSION, uploadChecksum } from "~/platform/analytics-upload";
import { ANALYTICS_UPLOAD_MAX_BYTES } from "~/server/body-limits.server";

/**
 * The site's own analytics collector (issue 13; spec §3 upload fields, §7 analytics upload): the
 * embedded default's destination for the browser's batched uploads. It takes the form fields `client`
 * (the analytics key), `e` (a JSON list of events), `v`, `upload_time` and `checksum` (the MD5 of
 * v + client + e + upload_time, as the provider's HTTP API defines it), checks all of them, and stores
 * the events. A bad upload gets 400, an oversized one 413, a wrong content type 415, a flood 429; none
 * is stored in part. It reads at most MAX_UPLOAD_BYTES, so it never holds a large body in memory.
 *
 * Events are bound to the session that uploads them (issue 23): an event's `user_id` is kept only when
 * it is the session's own pseudonym, and stored as null otherwise (another member's id, a raw uid, or
 * any id from a visitor without a session): under the public key nobody writes events as someone else.
 * Contact details in `user_properties` are dropped unless ANALYTICS_CONTACT_DETAILS is on.
 */

export const MAX_UPLOAD_BYTES = ANALYTICS_UPLOAD_MAX_BYTES;
export const MAX_EVENTS_PER_UPLOAD = 200;
const MAX_EVENT_BYTES = 4 * 1024;
const UPLOADS_PER_MINUTE = 120;

export const ANALYTICS_UPLOAD_LIMIT = createRateLimit({
  name: "analytics-upload",
  limit: UPLOADS_PER_MINUTE,
  windowMs: 60_000,
  per: "address",
});
const limiter = ANALYTICS_UPLOAD_LIMIT;

/** Forgets every upload counted so far (tests). */
export function resetCollectorLimits(): Promise<void> {
  return limiter.reset();
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A property value: a string, number, boolean or null, a short list of them, or one level of named
 * ones (the experiments and their variants). Nothing nested deeper.
 */
const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
const flatRecord = z.record(z.string().min(1).max(64), scalar).refine((record) => Object.keys(record).length <= 30, "has too many entries");
const properties = z
  .record(z.string().min(1).max(64), z.union([scalar, z.array(scalar).max(50), flatRecord]))
  .refine((record) => Object.keys(record).length <= 50, "has too many properties")
  .refine((record) => Object.keys(record).every((key) => !FORBIDDEN_KEYS.has(key)), "has a reserved property name");

export const CollectedEventSchema = z
  .object({
    event_type: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _.:-]*$/, "is not an event name"),
    time: z.number().int().min(1_500_000_000_000).max(4_102_444_800_000),
    insert_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    user_id: z.string().min(1).max(128).nullable().optional(),
    device_id: z.string().min(1).max(128).optional(),
    event_properties: properties.optional(),
    user_properties: properties.optional(),
    revenue: z.number().finite().optional(),
    price: z.number().finite().optional(),
    quantity: z.number().int().min(1).max(1000).optional(),
    productId: z.string().max(100).optional(),
  })
  .strict();

export type CollectorAnswer = { status: 200 | 400 | 413 | 415 | 429; body: { code: number; error?: string; events_ingested?: number } };

const answer = (status: CollectorAnswer["status"], error?: string, events?: number): CollectorAnswer => ({
  status,
  body: status === 200 ? { code: 200, events_ingested: events ?? 0 } : { code: status, error },
});

/** Whether any object inside uses a name that could reach an object's prototype. */
function hasForbiddenKey(value: unknown, depth = 0): boolean {
  if (depth > 8 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasForbiddenKey(item, depth + 1));
  return Object.keys(value).some((key) => FORBIDDEN_KEYS.has(key) || hasForbiddenKey((value as Record<string, unknown>)[key], depth + 1));
}

function withoutContact(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !CONTACT_PROPERTIES.includes(key)));
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function collectUpload(request: Request, now = Date.now()): Promise<CollectorAnswer> {
  if (!(await limiter.attempt(clientAddress(request), now)).ok) return answer(429, "Too many uploads; try again in a minute.");
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "text/plain") {
    return answer(415, "Send the upload as application/x-www-form-urlencoded.");
  }
  const body = await readBodyText(request, MAX_UPLOAD_BYTES);
  if (!body.ok && body.code === "payload_too_large") return answer(413, "The upload is too large; send fewer events at once.");
  if (!body.ok) return answer(400, "The upload could not be read.");

  const form = new URLSearchParams(body.text);
  const field = (name: string) => {
    const values = form.getAll(name);
    return values.length === 1 ? values[0] : null;
  };
  const client = field("client");
  const e = field("e");
  const v = field("v");
  const uploadTime = field("upload_time");
  const checksum = field("checksum");
  if (client === null || e === null || v === null || uploadTime === null || checksum === null) {
    return answer(400, "An upload needs exactly one each of client, e, v, upload_time and checksum.");
  }
  if (!sameText(client, getEnv().ANALYTICS_KEY)) return answer(400, "Unknown analytics key.");
  if (v !== UPLOAD_VERSION) return answer(400, "Unsupported upload version.");
  if (!/^\d{13}$/.test(uploadTime)) return answer(400, "upload_time must be milliseconds since 1970.");
  if (!/^[0-9a-f]{32}$/.test(checksum) || !sameText(checksum, uploadChecksum(v, client, e, uploadTime))) {
    return answer(400, "The checksum does not match the upload.");
  }

  let raw: unknown;
  try {
    raw = JSON.parse(e);
  } catch {
    return answer(400, "e must be a JSON list of events.");
  }
  if (!Array.isArray(raw) || raw.length === 0) return answer(400, "e must be a JSON list of at least one event.");
  if (hasForbiddenKey(raw)) return answer(400, "Events may not use reserved property names.");
  if (raw.length > MAX_EVENTS_PER_UPLOAD) return answer(413, `Send at most ${MAX_EVENTS_PER_UPLOAD} events at once.`);
  const events: Array<z.infer<typeof CollectedEventSchema>> = [];
  for (const [index, item] of raw.entries()) {
    if (JSON.stringify(item).length > MAX_EVENT_BYTES) return answer(413, `Event ${index} is too large.`);
    const parsed = CollectedEventSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return answer(400, `Event ${index}: ${issue?.path.join(".") || "event"} ${issue?.message ?? "is not valid"}.`.slice(0, 300));
    }
    events.push(parsed.data);
  }

  const viewer = await getViewer(request, { checkAs: "read" }).catch(() => null);
  const own = viewer ? analyticsIdFor(viewer.uid) : null;
  const contactDetails = getEnv().ANALYTICS_CONTACT_DETAILS;
  const bound = events.map((event) => ({
    ...event,
    user_id: own !== null && typeof event.user_id === "string" && sameText(event.user_id, own) ? own : null,
    ...(event.user_properties && !contactDetails ? { user_properties: withoutContact(event.user_properties) } : {}),
  }));

  await saveCollectedUpload(checksum, bound, Number(uploadTime), now);
  return answer(200, undefined, events.length);
}
