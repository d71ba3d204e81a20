import { randomUUID } from "node:crypto";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { analyticsIdFor } from "./analytics-id.server";

/** An event as the platform records it; each feature types its own (billing/analytics-events.ts). */
export interface RecordedEvent {
  name: string;
  properties: object;
}

/** Where events wait until the analytics pipeline (a later issue) uploads them. */
export const ANALYTICS_EVENTS = "analyticsEvents";

/**
 * Appends one event to `analyticsEvents`. Analytics never breaks the page: a failure is logged as a
 * warning and swallowed, and the caller carries on. Resolves true when the event was written.
 */
export async function recordEvent(
  event: RecordedEvent,
  context: { uid: string | null; now?: number; /** An id a retry repeats: the event is then written once. */ id?: string },
): Promise<boolean> {
  try {
    const at = context.now ?? Date.now();
    await getStore().createIfAbsent(ANALYTICS_EVENTS, context.id ?? `${at}-${randomUUID()}`, {
      name: event.name,
      properties: event.properties,
      uid: context.uid,
      at,
      uploaded: false,
    });
    return true;
  } catch (error) {
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "analytics event not recorded",
        event: event.name,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    return false;
  }
}

/** The embedded collector's store of uploaded events (the analytics provider's stand-in). */
export const COLLECTED_EVENTS = "collectedEvents";

/**
 * Stores one checked upload, all or nothing, and idempotently: a retried upload (same checksum)
 * writes the same documents again.
 */
export async function saveCollectedUpload(checksum: string, events: ReadonlyArray<object>, uploadTime: number, now: number): Promise<void> {
  await getStore().transaction(async (tx) => {
    events.forEach((event, index) => {
      tx.set(COLLECTED_EVENTS, `${checksum}-${String(index).padStart(3, "0")}`, { ...event, receivedAt: now, uploadTime });
    });
  });
}

/** Deletes a leaving member's analytics: the events recorded here and those the browser uploaded to the embedded collector. */
export async function forgetAnalytics(uid: string): Promise<void> {
  // The browser's uploads name a member by their pseudonym (ADR 038); older ones by the uid itself.
  for (const [collection, field, value] of [
    [ANALYTICS_EVENTS, "uid", uid],
    [COLLECTED_EVENTS, "user_id", uid],
    [COLLECTED_EVENTS, "user_id", analyticsIdFor(uid)],
  ] as const) {
    for (const { id } of await documentsWhere(collection, field, value)) await getStore().delete(collection, id);
  }
}
