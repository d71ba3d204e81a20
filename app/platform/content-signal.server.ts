import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/adapters/store/index.server";
import { contentChanged } from "~/lib/cache.server";

/**
 * "Public content changed" across instances (issue 26; ADR 052, extending ADR 041). A staff change
 * drops this instance's content keys and rendered pages at once (`contentChanged`), then writes one
 * document, `cacheSignals/content`, with a fresh version. Every instance follows that document: on
 * Firestore through a listener (one read when it starts and one per change, no polling), on SQLite by
 * reading it every `pollMs` (a local file read; the second process on the file in the tests). A new
 * version empties that instance's whole content cache and page cache, since several changes may have
 * landed between two looks; staff edits are rare, so the refill costs little.
 */

export const CACHE_SIGNALS = "cacheSignals";
const SIGNAL_ID = "content";
const SignalSchema = z.object({ version: z.string(), at: z.number() });

/** The last version this process wrote or applied; null until it has looked once. */
let seen: string | null = null;

/** Drops these content keys here and the pages built from them, then tells the other instances. */
export async function publishContentChange(prefixes: readonly string[]): Promise<void> {
  contentChanged(prefixes);
  const version = `${Date.now()}-${randomUUID().slice(0, 8)}`;
  seen = version;
  try {
    await getStore().set(CACHE_SIGNALS, SIGNAL_ID, { version, at: Date.now() });
  } catch (error) {
    // The change itself is saved; other instances then catch up within their cache TTLs (ADR 041).
    console.warn(JSON.stringify({ level: "warn", msg: "content change not signalled", cause: error instanceof Error ? error.name : "unknown" }));
  }
}

function apply(signal: z.output<typeof SignalSchema> | null): void {
  if (!signal) {
    seen ??= "";
    return;
  }
  if (seen === null) {
    seen = signal.version;
    return;
  }
  if (signal.version === seen) return;
  seen = signal.version;
  contentChanged([""]);
}

/** Follows other instances' changes until the returned stop is called. */
export function followContentChanges(pollMs = 2_000): () => void {
  const store = getStore();
  if (store.driver === "firestore") return store.watch(CACHE_SIGNALS, SIGNAL_ID, SignalSchema, apply);
  let busy = false;
  const look = () => {
    if (busy) return;
    busy = true;
    store
      .get(CACHE_SIGNALS, SIGNAL_ID, SignalSchema)
      .then(apply, () => undefined)
      .finally(() => (busy = false));
  };
  look();
  const timer = setInterval(look, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
