/**
 * A small in-process cache with a time to live and stale-while-revalidate (docs/decisions/005-caching.md).
 * Entries hold their payload as a JSON string, as §7 describes for teacherProfiles and teacherPages,
 * so a cached value can never be mutated by a caller. Concurrent misses share one load.
 */
interface Entry {
  payload: string;
  storedAt: number;
  ttlMs: number;
  staleMs: number;
}

// Keys can carry visitor input (a blog cursor), so the map is bounded: the oldest entry goes first.
const MAX_ENTRIES = 1000;
const entries = new Map<string, Entry>();
const inflight = new Map<string, Promise<string>>();

export interface CacheOptions {
  ttlSeconds: number;
  /** How long past the TTL a stale value may still be served while a fresh one loads. */
  staleSeconds?: number;
}

/** Returns the cached value for `key`, loading it when absent, refreshing it in the background when stale. */
export async function cached<T>(key: string, options: CacheOptions, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const entry = entries.get(key);
  if (entry) {
    const age = now - entry.storedAt;
    if (age <= entry.ttlMs) return JSON.parse(entry.payload) as T;
    if (age <= entry.ttlMs + entry.staleMs) {
      void refresh(key, options, load).catch((error) =>
        console.error(JSON.stringify({ level: "error", msg: "cache refresh failed", key, cause: String(error) })),
      );
      return JSON.parse(entry.payload) as T;
    }
  }
  return JSON.parse(await refresh(key, options, load)) as T;
}

function refresh<T>(key: string, options: CacheOptions, load: () => Promise<T>): Promise<string> {
  const running = inflight.get(key);
  if (running) return running;
  const promise = load()
    .then((value) => {
      const payload = JSON.stringify(value);
      generation += 1;
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, {
        payload,
        storedAt: Date.now(),
        ttlMs: options.ttlSeconds * 1000,
        staleMs: (options.staleSeconds ?? options.ttlSeconds * 10) * 1000,
      });
      return payload;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, promise);
  return promise;
}

let generation = 0;

/**
 * A number that changes whenever any entry is stored afresh or dropped: a value computed from cached
 * entries (the schedule's page model) may be kept while it is the same, as nothing it was made from
 * can have changed.
 */
export function cacheGeneration(): number {
  return generation;
}

/** Drops one key, or everything, e.g. after content changes or between tests. */
export function invalidate(key?: string) {
  generation += 1;
  if (key === undefined) entries.clear();
  else entries.delete(key);
}

/** Drops every entry whose key starts with `prefix` (a change that touches many cached lists). */
export function invalidatePrefix(prefix: string) {
  generation += 1;
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
}

type ContentListener = () => void;
const contentListeners = new Set<ContentListener>();

/**
 * Listens for "public content changed" (an article published, say, here or on another instance): the
 * front door's page cache subscribes to drop its rendered pages.
 */
export function onContentChange(listener: ContentListener): () => void {
  contentListeners.add(listener);
  return () => contentListeners.delete(listener);
}

type ContentBroadcast = (prefixes: readonly string[]) => void;
let broadcast: ContentBroadcast | null = null;

/**
 * Where `contentChanged` also tells the other instances (platform/content-signal.server.ts sets it when
 * the server starts); null in tests and scripts, where there is only this process.
 */
export function setContentBroadcast(next: ContentBroadcast | null) {
  broadcast = next;
}

/**
 * Public content changed here (staff saved something): drops the content-cache keys under these
 * prefixes, tells every listener (the page cache), and tells the other instances.
 */
export function contentChanged(prefixes: readonly string[]) {
  applyContentChange(prefixes);
  broadcast?.(prefixes);
}

/** The same, for a change another instance announced: applied here, not announced again. `null` = everything. */
export function applyContentChange(prefixes: readonly string[] | null) {
  if (prefixes === null) invalidate();
  else for (const prefix of prefixes) invalidatePrefix(prefix);
  for (const listener of contentListeners) listener();
}
