import { randomUUID } from "node:crypto";
import { getStore } from "~/adapters/store/index.server";
import type { AnalyticsEvent } from "./analytics-events";

/** Where events wait until the analytics pipeline (a later issue) uploads them. */
export const ANALYTICS_EVENTS = "analyticsEvents";

/**
 * Appends one event to `analyticsEvents`. Analytics never breaks the page: a failure is logged as a
 * warning and swallowed, and the caller carries on. Resolves true when the event was written.
 */
export async function recordEvent(
  event: AnalyticsEvent,
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
