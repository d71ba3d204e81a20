import { z } from "zod";
import { EVENT_PREFIX, uploadBody, type AnalyticsEventInput } from "./analytics-upload";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { ANALYTICS_EVENTS } from "./analytics-event.server";
import { analyticsIdFor } from "./analytics-id.server";

/**
 * Issue 13: the events features record on the server (recordEvent: promotion codes, video progress,
 * §8 failures) wait in `analyticsEvents` and, when a provider is configured (ANALYTICS_FORWARD_URL,
 * production), are forwarded in the provider's upload format from a timer: a queue in the store,
 * retried until the provider takes them. Each event's id is its `insert_id`, so a batch sent twice
 * (a crash between sending and marking) is deduplicated by the provider. Unset, nothing leaves: the
 * store keeps the events, as the local collector keeps the browser's.
 */

const StoredEventSchema = z.object({
  name: z.string(),
  properties: z.record(z.unknown()).default({}),
  uid: z.string().nullable().default(null),
  at: z.number(),
  uploaded: z.boolean(),
  forwardAttempts: z.number().int().optional(),
});

export const FORWARD_BATCH = 50;

export interface ForwardOptions {
  url?: string;
  apiKey?: string;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  limit?: number;
}

export async function forwardRecordedEvents(options: ForwardOptions = {}): Promise<{ forwarded: number; dropped: number; failed: number }> {
  const url = options.url ?? getEnv().ANALYTICS_FORWARD_URL;
  const result = { forwarded: 0, dropped: 0, failed: 0 };
  if (!url) return result;
  const apiKey = options.apiKey ?? getEnv().ANALYTICS_KEY;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const store = getStore();
  const { docs } = await store.query(ANALYTICS_EVENTS, StoredEventSchema, {
    where: [{ field: "uploaded", op: "==", value: false }],
    limit: options.limit ?? 500,
  });

  const toInput = (doc: (typeof docs)[number]): AnalyticsEventInput => ({
    event_type: `${EVENT_PREFIX}${doc.data.name}`,
    time: doc.data.at,
    insert_id: doc.id,
    // The provider gets the pseudonym, never the uid the store keeps to find a person's events.
    device_id: doc.data.uid ? analyticsIdFor(doc.data.uid) : "server",
    user_id: doc.data.uid ? analyticsIdFor(doc.data.uid) : null,
    event_properties: doc.data.properties,
  });
  const mark = (batch: typeof docs, patch: Record<string, unknown>) =>
    Promise.all(batch.map((doc) => store.update(ANALYTICS_EVENTS, doc.id, patch)));

  let size = FORWARD_BATCH;
  let at = 0;
  while (at < docs.length) {
    const batch = docs.slice(at, at + size);
    let status = 0;
    let cause: string | undefined;
    try {
      const response = await fetchFn(url, {
        method: "POST",
        body: uploadBody(apiKey, batch.map(toInput), now()),
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      // Network, or a fault of ours: the whole queue waits for the next run. The error's name goes in
      // the log, so a fault is not mistaken for the provider being away.
      status = 0;
      cause = error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : "unknown";
    }
    if (status === 200) {
      await mark(batch, { uploaded: true });
      result.forwarded += batch.length;
      at += batch.length;
    } else if (status === 413 && size > 1) {
      size = Math.max(1, Math.floor(size / 2)); // the same events again, in smaller batches
    } else if (status === 400 || status === 413) {
      // The provider will never take these (malformed, or one event too large): recorded as dropped, not retried.
      await mark(batch, { uploaded: true, dropped: true });
      result.dropped += batch.length;
      at += batch.length;
    } else {
      await Promise.all(
        batch.map((doc) => store.update(ANALYTICS_EVENTS, doc.id, { forwardAttempts: (doc.data.forwardAttempts ?? 0) + 1 })),
      );
      result.failed += docs.length - at;
      console.warn(JSON.stringify({ level: "warn", msg: "analytics forward failed", status, cause, waiting: docs.length - at }));
      break;
    }
  }
  return result;
}
