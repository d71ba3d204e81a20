import { createHmac } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { DeclaredLimit, LimitKey } from "~/lib/action-limits";
import { getEnv } from "~/lib/env.server";
import { countRateLimitRefusal } from "~/lib/metrics.server";

/**
 * Rate limits kept in the document store (docs/decisions/035-rate-limits-in-the-store.md), so every
 * server instance counts against the same number: one small fixed-window document per limit, key and
 * window, counted up in a transaction. A window already full is remembered in this process until it
 * ends, so a flood costs the store nothing after the first refusal, and an attempt refused writes
 * nothing. Keys are stored as a keyed digest (an address or an e-mail never lands in the store).
 */

/** The collection of counters; documents past their `expiresAt` are deleted by `deleteExpiredRateLimits`. */
export const RATE_LIMITS = "rateLimits";

const WindowSchema = z.object({
  limit: z.string(),
  count: z.number().int().nonnegative(),
  windowStart: z.number(),
  expiresAt: z.number(),
});

// Bounds for what one process remembers: the oldest entries are dropped first.
const MAX_REMEMBERED = 10_000;
const EXPIRED_BATCH = 200;

export interface RateLimitVerdict {
  ok: boolean;
  /** How long until the window ends (0 when the attempt was allowed). */
  retryAfterMs: number;
}

export interface RateLimit extends DeclaredLimit {
  /** Counts one attempt by `key`; not ok once `limit` attempts fall in the current window. */
  attempt(key: string, now?: number): Promise<RateLimitVerdict>;
  /** Whether `key` is already past the limit in the current window, counting nothing. */
  blocked(key: string, now?: number): Promise<RateLimitVerdict>;
  /** Takes back one counted attempt in the current window (an attempt that turned out to be honest). */
  forgive(key: string, now?: number): Promise<void>;
  /** Forgets every count of this limit, in the store and here (tests). */
  reset(): Promise<void>;
}

/**
 * A fixed-window limit named `name` (unique: it keys the stored counters) of `limit` attempts per
 * `windowMs`, keyed by what `per` says (the account's uid, the client's address, an e-mail address).
 */
export function createRateLimit(options: { name: string; limit: number; windowMs: number; per: LimitKey }): RateLimit {
  if (!/^[a-z][a-z0-9-]{1,40}$/.test(options.name))
    throw new Error(`rate limit name "${options.name}" must be lower-case letters, digits and dashes`);
  // Windows this process saw full, by document id, with the time they end.
  const full = new Map<string, number>();
  // When the store cannot be reached: this process's own counts, so a limit still holds per instance.
  const fallback = new Map<string, number>();

  const windowOf = (key: string, now: number) => {
    const windowStart = Math.floor(now / options.windowMs) * options.windowMs;
    return { id: `${options.name}-${windowStart}-${digest(options.name, key)}`, windowStart, windowEnd: windowStart + options.windowMs };
  };

  return withRefusalsCounted(options.name, {
    name: options.name,
    limit: options.limit,
    windowMs: options.windowMs,
    per: options.per,

    async attempt(key, now = Date.now()) {
      const { id, windowStart, windowEnd } = windowOf(key, now);
      const refused = { ok: false, retryAfterMs: windowEnd - now };
      if ((full.get(id) ?? 0) > now) return refused;
      let count: number | null;
      try {
        count = await getStore().transaction(async (tx) => {
          const current = (await tx.get(RATE_LIMITS, id, WindowSchema))?.count ?? 0;
          if (current >= options.limit) return null;
          tx.set(RATE_LIMITS, id, { limit: options.name, count: current + 1, windowStart, expiresAt: windowEnd });
          return current + 1;
        });
      } catch (error) {
        console.warn(
          JSON.stringify({ level: "warn", msg: "rate limit counted in this process only", limit: options.name, cause: describe(error) }),
        );
        count = (fallback.get(id) ?? 0) + 1;
        remember(fallback, id, count);
        if (count > options.limit) count = null;
      }
      if (count === null || count >= options.limit) remember(full, id, windowEnd);
      return count === null ? refused : { ok: true, retryAfterMs: 0 };
    },

    async blocked(key, now = Date.now()) {
      const { id, windowEnd } = windowOf(key, now);
      if ((full.get(id) ?? 0) > now) return { ok: false, retryAfterMs: windowEnd - now };
      let count: number;
      try {
        count = (await getStore().get(RATE_LIMITS, id, WindowSchema))?.count ?? 0;
      } catch {
        count = fallback.get(id) ?? 0;
      }
      if (count < options.limit) return { ok: true, retryAfterMs: 0 };
      remember(full, id, windowEnd);
      return { ok: false, retryAfterMs: windowEnd - now };
    },

    async forgive(key, now = Date.now()) {
      const { id } = windowOf(key, now);
      full.delete(id);
      await getStore()
        .transaction(async (tx) => {
          const current = await tx.get(RATE_LIMITS, id, WindowSchema);
          if (current && current.count > 0) tx.set(RATE_LIMITS, id, { ...current, count: current.count - 1 });
        })
        .catch((error: unknown) =>
          console.warn(
            JSON.stringify({ level: "warn", msg: "rate limit attempt not forgiven", limit: options.name, cause: describe(error) }),
          ),
        );
    },

    async reset() {
      full.clear();
      fallback.clear();
      const store = getStore();
      const { docs } = await store.query(RATE_LIMITS, WindowSchema, { where: [{ field: "limit", op: "==", value: options.name }] });
      await Promise.all(docs.map((doc) => store.delete(RATE_LIMITS, doc.id)));
    },
  });
}

/** Every refusal (an attempt over the limit, or a check that finds it reached) counted by the limit's name, for the metrics. */
function withRefusalsCounted(name: string, limit: RateLimit): RateLimit {
  const counted = (verdict: RateLimitVerdict) => {
    if (!verdict.ok) countRateLimitRefusal(name);
    return verdict;
  };
  return {
    ...limit,
    attempt: async (key, now) => counted(await limit.attempt(key, now)),
    blocked: async (key, now) => counted(await limit.blocked(key, now)),
  };
}

/** Deletes counters whose window has ended, a batch at a time; resolves how many went. */
export async function deleteExpiredRateLimits(now = Date.now()): Promise<number> {
  const store = getStore();
  let deleted = 0;
  for (;;) {
    const { docs } = await store.query(RATE_LIMITS, WindowSchema, {
      where: [{ field: "expiresAt", op: "<", value: now }],
      limit: EXPIRED_BATCH,
    });
    await Promise.all(docs.map((doc) => store.delete(RATE_LIMITS, doc.id)));
    deleted += docs.length;
    if (docs.length < EXPIRED_BATCH) return deleted;
  }
}

/** The key as stored: a digest keyed with the session secret, so a stored id tells nobody whose it was. */
function digest(name: string, key: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`${name}\n${key}`).digest("base64url").slice(0, 32);
}

function remember(map: Map<string, number>, id: string, value: number) {
  map.delete(id);
  if (map.size >= MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  map.set(id, value);
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 200) : "unknown";
}
