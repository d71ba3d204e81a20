/**
 * A fixed-window rate limit kept in memory (per instance), for public forms.
 * Bounded: the oldest keys are dropped first.
 */
const MAX_KEYS = 10_000;

export interface RateLimit {
  /** Counts one attempt; returns false once `limit` attempts fall in the window. */
  attempt(key: string, now?: number): boolean;
  reset(): void;
}

export function createRateLimit(options: { limit: number; windowMs: number }): RateLimit {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    attempt(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.startedAt >= options.windowMs) {
        windows.delete(key);
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        windows.set(key, { startedAt: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.limit;
    },
    reset() {
      windows.clear();
    },
  };
}

/** The address a request came from, as the server's front door recorded it. */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-ip") || "unknown";
}
