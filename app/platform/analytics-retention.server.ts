import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { ANALYTICS_EVENTS, COLLECTED_EVENTS } from "./analytics-event.server";

/**
 * Issue 23, item 10: stored analytics events are kept ANALYTICS_RETENTION_DAYS (90 by default), then
 * deleted by a job on the server's schedule. Deleting is idempotent (a second run, or a second server
 * doing the same, finds nothing more), and goes a page at a time so a backlog never loads whole.
 * The collector's events age by when they arrived (`receivedAt`), the server's by when they were
 * recorded (`at`), forwarded or not: past the retention an event is gone either way.
 */

const PAGE = 200;
const DAY_MS = 86_400_000;
const Any = z.record(z.unknown());

async function deleteOlderThan(collection: string, field: string, cutoff: number): Promise<number> {
  const store = getStore();
  let deleted = 0;
  for (;;) {
    const { docs } = await store.query(collection, Any, { where: [{ field, op: "<", value: cutoff }], limit: PAGE });
    if (docs.length === 0) return deleted;
    await Promise.all(docs.map((doc) => store.delete(collection, doc.id)));
    deleted += docs.length;
    if (docs.length < PAGE) return deleted;
  }
}

/** Deletes the analytics events older than the retention; resolves how many went from each collection. */
export async function deleteExpiredAnalyticsEvents(
  options: { now?: number; days?: number } = {},
): Promise<{ collected: number; recorded: number }> {
  const days = options.days ?? getEnv().ANALYTICS_RETENTION_DAYS;
  const cutoff = (options.now ?? Date.now()) - days * DAY_MS;
  const collected = await deleteOlderThan(COLLECTED_EVENTS, "receivedAt", cutoff);
  const recorded = await deleteOlderThan(ANALYTICS_EVENTS, "at", cutoff);
  return { collected, recorded };
}
