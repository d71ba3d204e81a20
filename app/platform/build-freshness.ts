/**
 * Keeping clients current (issue 13, §7, §9): the build-metadata manifest of the running build is
 * prefetched 1 s after load unless the connection is very slow; every hour (first after one hour) the
 * latest-build file is asked for with a timestamp query; a different build id marks the page stale, and
 * the next navigation becomes a full page load instead of a client one. Failures are only logged.
 * Everything it touches is passed in, so fake timers and a local server can drive it.
 */

export const PREFETCH_DELAY_MS = 1_000;
export const BUILD_CHECK_EVERY_MS = 60 * 60 * 1_000;

export interface BuildMeta {
  id: string;
  timestamp: number;
  routeRules?: Record<string, { document?: boolean }>;
}

export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export interface BuildWatchOptions {
  buildId: string;
  /** Where the files live: `${base}/${id}.json` and `${base}/latest.json`. */
  base?: string;
  fetch: typeof globalThis.fetch;
  connection?: ConnectionInfo | null;
  now?: () => number;
  warn?: (message: string) => void;
  setTimeout?: typeof globalThis.setTimeout;
  setInterval?: typeof globalThis.setInterval;
  clearTimeout?: typeof globalThis.clearTimeout;
  clearInterval?: typeof globalThis.clearInterval;
}

export interface BuildWatch {
  /** The running build's manifest once prefetched (null before, or when it failed or was skipped). */
  manifest(): BuildMeta | null;
  /** True once a newer build than the one running has been seen. */
  stale(): boolean;
  /** Runs the latest-build check now (the hourly timer calls this). */
  check(): Promise<void>;
  stop(): void;
}

/** "Very slow": 2g, slow-2g, or the visitor asked to save data. */
export function isVerySlowConnection(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === "2g" || connection.effectiveType === "slow-2g";
}

function readMeta(value: unknown): BuildMeta | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0 || id.length > 100 || typeof timestamp !== "number") return null;
  return value as BuildMeta;
}

export function watchBuild(options: BuildWatchOptions): BuildWatch {
  const base = options.base ?? "/build-meta";
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const later = options.setTimeout ?? globalThis.setTimeout;
  const every = options.setInterval ?? globalThis.setInterval;
  const cancelTimeout = options.clearTimeout ?? globalThis.clearTimeout;
  const cancelInterval = options.clearInterval ?? globalThis.clearInterval;
  let manifest: BuildMeta | null = null;
  let stale = false;

  async function getJson(url: string): Promise<BuildMeta> {
    const response = await options.fetch(url, { headers: { accept: "application/json" }, cache: "no-store" });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const meta = readMeta(await response.json());
    if (!meta) throw new Error("not a build manifest");
    return meta;
  }

  async function prefetch() {
    try {
      manifest = await getJson(`${base}/${encodeURIComponent(options.buildId)}.json`);
    } catch (error) {
      warn(`Build manifest not fetched: ${error instanceof Error ? error.message : "unknown error"}`);
    }
  }

  async function check() {
    try {
      const latest = await getJson(`${base}/latest.json?${now()}`);
      if (latest.id !== options.buildId) stale = true;
    } catch (error) {
      warn(`Latest build not checked: ${error instanceof Error ? error.message : "unknown error"}`);
    }
  }

  const prefetchTimer = isVerySlowConnection(options.connection) ? null : later(() => void prefetch(), PREFETCH_DELAY_MS);
  const checkTimer = every(() => void check(), BUILD_CHECK_EVERY_MS);
  return {
    manifest: () => manifest,
    stale: () => stale,
    check,
    stop() {
      if (prefetchTimer !== null) cancelTimeout(prefetchTimer);
      cancelInterval(checkTimer);
    },
  };
}
