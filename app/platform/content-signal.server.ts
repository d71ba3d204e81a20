import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { applyContentChange, setContentBroadcast } from "~/lib/cache.server";

/**
 * Several instances, one content (issue 26; docs/decisions/041): when staff change public content on
 * one instance, `contentChanged` clears that instance's caches at once and, through this module, bumps
 * one small document in the store. Every instance follows that document and clears its own caches when
 * another instance bumped it, so a public page shows the change on every instance within about a
 * second instead of after the cache TTLs.
 *
 * How an instance follows it depends on the driver: Firestore pushes the change to a listener (one
 * read per change per instance, none while nothing changes); SQLite only tells listeners in the same
 * process, so there it is read every `CONTENT_SIGNAL_POLL_MS` (a primary-key lookup in a local file).
 * Two changes made between two looks (the version moved by more than one) clear everything, since only
 * the last change's prefixes are kept.
 */

export const CACHE_SIGNALS = "cacheSignals";
const CONTENT_SIGNAL = "content";

const SignalSchema = z.object({
  version: z.number().int().nonnegative(),
  prefixes: z.array(z.string().max(100)).max(50),
  instance: z.string().max(100),
  changedAt: z.number(),
});
type Signal = z.infer<typeof SignalSchema>;

const log = (level: "warn" | "info", msg: string, extra: Record<string, unknown> = {}) =>
  console[level === "warn" ? "warn" : "log"](JSON.stringify({ level, msg, ...extra }));

export interface ContentSignals {
  /** This instance's id, as written in the signals it sends. */
  instance: string;
  /** The writes still under way (tests wait for them). */
  settled: () => Promise<void>;
  stop: () => void;
}

/** Starts announcing this instance's content changes and following the others'. */
export function startContentSignals(options: { mode: "watch" | "poll"; pollMs?: number }): ContentSignals {
  const instance = randomUUID();
  const store = getStore();
  let seen: number | null = null;
  const pending = new Set<Promise<void>>();

  const follow = (signal: Signal | null) => {
    if (!signal) {
      seen ??= 0;
      return;
    }
    if (seen === null) {
      // The first look only learns where the count stands.
      seen = signal.version;
      return;
    }
    if (signal.version <= seen) return;
    const skipped = signal.version - seen > 1;
    seen = signal.version;
    if (signal.instance === instance && !skipped) return;
    applyContentChange(skipped ? null : signal.prefixes);
  };

  setContentBroadcast((prefixes) => {
    const write = store
      .transaction(async (tx) => {
        const current = await tx.get(CACHE_SIGNALS, CONTENT_SIGNAL, SignalSchema);
        const next: Signal = {
          version: (current?.version ?? 0) + 1,
          prefixes: [...prefixes].slice(0, 50),
          instance,
          changedAt: Date.now(),
        };
        tx.set(CACHE_SIGNALS, CONTENT_SIGNAL, next);
        return next.version;
      })
      .then((version) => {
        // Our own change is applied already; only a change from elsewhere in between must still be followed.
        if (seen !== null && version === seen + 1) seen = version;
      })
      .catch((error: unknown) => log("warn", "content change not announced", { cause: error instanceof Error ? error.name : "unknown" }))
      .finally(() => pending.delete(write));
    pending.add(write);
  });

  let stopFollowing: () => void;
  if (options.mode === "watch") {
    stopFollowing = store.watch(CACHE_SIGNALS, CONTENT_SIGNAL, SignalSchema, follow);
  } else {
    let busy = false;
    const look = () => {
      if (busy) return;
      busy = true;
      store
        .get(CACHE_SIGNALS, CONTENT_SIGNAL, SignalSchema)
        .then(follow, () => undefined) // the store away: look again next time
        .finally(() => (busy = false));
    };
    look();
    const timer = setInterval(look, options.pollMs ?? 1_000);
    timer.unref();
    stopFollowing = () => clearInterval(timer);
  }

  return {
    instance,
    settled: async () => {
      await Promise.allSettled([...pending]);
    },
    stop: () => {
      stopFollowing();
      setContentBroadcast(null);
    },
  };
}
