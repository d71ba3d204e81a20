/**
 * §8, §9: a failed script chunk load triggers one full reload, at most once per path within 10 s.
 * The rule is pure; the browser keeps its records in sessionStorage (docs/decisions/026).
 */

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = "stillhour:chunk-reload";

export interface ReloadRecord {
  path: string;
  at: number;
}

/** Records as stored; anything unreadable counts as none (a reload is then allowed once more). */
export function parseReloadRecords(raw: string | null | undefined): ReloadRecord[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is ReloadRecord =>
        typeof item === "object" &&
        item !== null &&
        typeof item.path === "string" &&
        typeof item.at === "number" &&
        Number.isFinite(item.at),
    );
  } catch {
    return [];
  }
}

/**
 * Whether the page may reload for `path` now, and the records to keep. Records older than the window
 * (or from a clock that has since gone back more than the window) are dropped, so the list stays short.
 */
export function decideReload(records: readonly ReloadRecord[], path: string, now: number): { reload: boolean; records: ReloadRecord[] } {
  const live = records.filter((record) => now - record.at < RELOAD_GUARD_MS && record.at - now < RELOAD_GUARD_MS).slice(-20);
  if (live.some((record) => record.path === path)) return { reload: false, records: live };
  return { reload: true, records: [...live, { path, at: now }] };
}

/** Errors a browser gives for a script chunk that could not be fetched or evaluated as a module. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === "string" ? error : "";
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk \S+ failed/i.test(
    message,
  );
}
