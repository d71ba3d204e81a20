/**
 * The rendered-page cache (docs/decisions/005-caching.md): anonymous GET responses that say
 * `Cache-Control: public, s-maxage=N` are kept in memory per URL and variant set and served
 * again without rendering. The nonce inside a cached page is a placeholder replaced per response.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body, encoded once and split where the nonce placeholder stood. */
  bodyParts: Buffer[];
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

export type CacheState = "fresh" | "stale" | "miss";

const MAX_ENTRIES = 500;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private refreshing = new Set<string>();

  constructor(
    private readonly maxAgeCapSeconds: number,
    /** Stands where each response's CSP nonce goes, in the body and the headers. */
    private readonly noncePlaceholder: string,
  ) {}

  lookup(key: string, now = Date.now()): { state: CacheState; page?: CachedPage } {
    const page = this.entries.get(key);
    if (!page) return { state: "miss" };
    const age = now - page.storedAt;
    if (age <= page.freshMs) return { state: "fresh", page };
    if (age <= page.freshMs + page.staleMs) return { state: "stale", page };
    this.entries.delete(key);
    return { state: "miss" };
  }

  /** Stores a response when its headers allow a shared cache to keep it; returns whether it did. */
  store(key: string, status: number, headers: Headers, body: string): boolean {
    if (status !== 200 || this.maxAgeCapSeconds <= 0) return false;
    if (headers.has("Set-Cookie")) return false;
    const policy = parseCacheControl(headers.get("Cache-Control"));
    if (!policy.public || policy.sMaxAge <= 0) return false;
    const kept: [string, string][] = [];
    headers.forEach((value, name) => {
      // HSTS depends on the address each request came in on, so it is decided per response.
      if (!["date", "set-cookie", "strict-transport-security"].includes(name)) kept.push([name, value]);
    });
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, {
      status,
      headers: kept,
      bodyParts: body.split(this.noncePlaceholder).map((part) => Buffer.from(part, "utf8")),
      storedAt: Date.now(),
      freshMs: Math.min(policy.sMaxAge, this.maxAgeCapSeconds) * 1000,
      staleMs: policy.staleWhileRevalidate * 1000,
    });
    return true;
  }

  /** The page's headers and body with a fresh nonce in place of the placeholder. */
  materialize(page: CachedPage, nonce: string): { headers: [string, string][]; body: Buffer } {
    const nonceBytes = Buffer.from(nonce, "utf8");
    const chunks: Buffer[] = [];
    page.bodyParts.forEach((part, index) => {
      if (index > 0) chunks.push(nonceBytes);
      chunks.push(part);
    });
    return {
      headers: page.headers.map(([name, value]) => [name, value.replaceAll(this.noncePlaceholder, nonce)]),
      body: Buffer.concat(chunks),
    };
  }

  /** Runs `refresh` for a stale key unless one is already running. */
  revalidate(key: string, refresh: () => Promise<void>) {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    refresh()
      .catch((error) => console.error(JSON.stringify({ level: "error", msg: "page refresh failed", key, cause: String(error) })))
      .finally(() => this.refreshing.delete(key));
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

export function parseCacheControl(value: string | null) {
  const directives = new Map<string, string>();
  for (const part of (value ?? "").split(",")) {
    const [name, arg = ""] = part.trim().toLowerCase().split("=");
    if (name) directives.set(name, arg);
  }
  const seconds = (name: string) => {
    const parsed = Number.parseInt(directives.get(name) ?? "", 10);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  };
  return {
    public: directives.has("public") && !directives.has("private") && !directives.has("no-store"),
    sMaxAge: seconds("s-maxage"),
    staleWhileRevalidate: seconds("stale-while-revalidate"),
  };
}
