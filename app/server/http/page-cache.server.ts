import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress as brotliCallback, constants as zlibConstants, gzip as gzipCallback } from "node:zlib";
import type { IdentityConfig } from "~/lib/env.server";
import { contentSecurityPolicy } from "./security-headers.server";

/**
 * The rendered-page cache (docs/decisions/005-caching.md, 009-page-cache-split-and-precompression.md):
 * anonymous GET responses that say `Cache-Control: public, s-maxage=N` are kept in memory per URL and
 * variant set and served again without rendering. When a page is stored, the nonce it was rendered
 * with is taken out, its own scripts are allowed by hash instead, and its identity, gzip and brotli
 * bodies are made once; every later response only picks one and writes it.
 */
export interface CachedPage {
  status: number;
  /** Lower-case names; without Date, Set-Cookie, HSTS, Vary and lengths, which each response decides. */
  headers: [string, string][];
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /**
   * Per body: `headers` with Vary, Content-Length and Content-Encoding, as the flat list `writeHead`
   * takes, laid out once here; a response adds only its own (request id, HSTS, Set-Cookie).
   */
  wireHeaders: Partial<Record<Encoding, string[]>> & { identity: string[] };
  storedAt: number;
  freshMs: number;
  staleMs: number;
}

export type CacheState = "fresh" | "stale" | "miss";
export type Encoding = "br" | "gzip" | "identity";

/** One rendered response, as the front door hands it over for storing. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: string;
  /** The nonce the page was rendered with: its scripts carrying it are the page's own. */
  nonce: string;
}

const MAX_ENTRIES = 500;
// Measured on a 24-28 KB page on this 2-CPU machine: quality 5 takes 1-2 ms and lands within 1 % of
// qualities 6-9; 10 and 11 save another 8-10 % but cost 15-40 ms (over 200 ms under load) per page.
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 9;
// Below this a compressed body saves less than its headers cost (here and for pages compressed per request).
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli's settings for an HTML body of `length` bytes at `quality` (stored pages here, personal ones at the front door). */
export function brotliTextOptions(quality: number, length: number) {
  return {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  };
}

const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCallback);

const SHAREABLE_TYPE = /^(text\/(html|plain|css|xml)|application\/(json|xml)|image\/svg\+xml)\b/i;

/**
 * The parameters a page reads (its handle's `query`), as entry.server hands them to the page cache:
 * "*" for any, else a comma-separated list (empty for none). Never sent on.
 */
export const PAGE_QUERY_HEADER = "x-page-query";
const MAX_PAGE_QUERIES = 5_000;

/**
 * What each path's page reads of its query (issue 35), learned from its shared responses: a shared
 * page is then looked up and rendered with those parameters alone, in a fixed order, so
 * `/?r=<random>` is `/` and `/blog?utm_source=x&category=sleep` is `/blog?category=sleep`. A path not
 * seen yet keeps its whole query (the first render teaches the rest).
 */
export class PageQueries {
  private readonly byPath = new Map<string, string[] | "*">();

  /** Notes what a shared page of `pathname` said it reads (the header's value; absent means any). */
  learn(pathname: string, header: string | null): void {
    const query =
      header === null || header.trim() === "*"
        ? "*"
        : header
            .split(",")
            .map((name) => name.trim())
            .filter(Boolean);
    this.byPath.delete(pathname);
    if (this.byPath.size >= MAX_PAGE_QUERIES) this.byPath.delete(this.byPath.keys().next().value as string);
    this.byPath.set(pathname, query);
  }

  /** The address a shared page of `url` is cached and rendered under. */
  keyUrl(url: URL): URL {
    const query = this.byPath.get(url.pathname);
    if (!query || query === "*" || url.search === "") return url;
    return withOnly(url, query);
  }
}

/** `url` with only `names` of its query, in that order (each with all its values). */
export function withOnly(url: URL, names: readonly string[]): URL {
  const kept = new URL(url.pathname, url.origin);
  for (const name of names) for (const value of url.searchParams.getAll(name)) kept.searchParams.append(name, value);
  return kept;
}

const HEADERS_DECIDED_PER_RESPONSE = new Set([
  PAGE_QUERY_HEADER,
  "date",
  "set-cookie",
  // HSTS depends on the address each request came in on.
  "strict-transport-security",
  "vary",
  "content-length",
  "content-encoding",
  "transfer-encoding",
]);

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private refreshing = new Set<string>();

  constructor(
    private readonly options: {
      /** PAGE_CACHE_SECONDS: how long a page stays fresh at most, whatever the route said; 0 turns the cache off. */
      maxAgeCapSeconds: number;
      /** The sign-in configuration, whose origins the stored pages' CSP allows. */
      identity: IdentityConfig;
    },
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

  /**
   * Whether a shared cache may keep this response (200, `public` with s-maxage, no cookie set).
   * Asked before the body is read, so everything else streams straight through.
   */
  accepts(status: number, headers: Headers): boolean {
    if (status !== 200 || this.options.maxAgeCapSeconds <= 0) return false;
    if (headers.has("Set-Cookie")) return false;
    // Documents and small text files only. An event stream never ends, so reading it whole would hang.
    if (!SHAREABLE_TYPE.test(headers.get("Content-Type") ?? "")) return false;
    const policy = parseCacheControl(headers.get("Cache-Control"));
    return policy.public && policy.sMaxAge > 0;
  }

  /**
   * Prepares a rendered response for sharing and keeps it; resolves with the stored page, or null when
   * the response may not be shared or its nonce shows up where no script attribute explains it.
   */
  async store(key: string, rendered: RenderedPage): Promise<CachedPage | null> {
    if (!this.accepts(rendered.status, rendered.headers)) return null;
    const page = await preparePage(rendered, this.options.identity, this.lifetime(rendered.headers));
    if (!page) return null;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, page);
    return page;
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

  private lifetime(headers: Headers) {
    const policy = parseCacheControl(headers.get("Cache-Control"));
    return { freshMs: Math.min(policy.sMaxAge, this.options.maxAgeCapSeconds) * 1000, staleMs: policy.staleWhileRevalidate * 1000 };
  }
}

/**
 * Turns a response rendered for one request into one that may be sent to anyone: the nonce attributes
 * go, the scripts that carried them are allowed by their SHA-256 instead, and the bodies are compressed.
 * Only scripts that carried the nonce are hashed, so markup that slipped into the page some other way
 * (an article's HTML, say) stays blocked exactly as the nonce would have blocked it.
 */
export async function preparePage(
  rendered: RenderedPage,
  identity: IdentityConfig,
  lifetime: { freshMs: number; staleMs: number },
): Promise<CachedPage | null> {
  const { body, hashes } = hashOwnScripts(rendered.body, rendered.nonce);
  const headers: [string, string][] = [];
  rendered.headers.forEach((value, name) => {
    if (HEADERS_DECIDED_PER_RESPONSE.has(name)) return;
    if (name === "content-security-policy") headers.push([name, contentSecurityPolicy({ hashes }, identity)]);
    else headers.push([name, value]);
  });
  // A nonce left anywhere else means something copied it into the page: sharing that would publish it.
  if (body.includes(rendered.nonce) || headers.some(([, value]) => value.includes(rendered.nonce))) return null;

  const identityBody = Buffer.from(body, "utf8");
  const bodies: CachedPage["bodies"] = { identity: identityBody };
  if (identityBody.length >= MIN_COMPRESS_BYTES) {
    // Both on libuv's thread pool, so the event loop keeps answering cached pages meanwhile.
    const [gzipped, brotlied] = await Promise.all([
      gzip(identityBody, { level: GZIP_LEVEL }),
      brotli(identityBody, brotliTextOptions(BROTLI_QUALITY, identityBody.length)),
    ]);
    if (gzipped.length < identityBody.length) bodies.gzip = gzipped;
    if (brotlied.length < identityBody.length) bodies.br = brotlied;
  }
  const wireFor = (encoding: Encoding, bytes: Buffer) => {
    const list = headers.flat();
    // Whether or not this response is compressed, the next one may be: caches must key on both.
    list.push("vary", "Cookie, Accept-Encoding", "content-length", String(bytes.length));
    if (encoding !== "identity") list.push("content-encoding", encoding);
    return list;
  };
  const wireHeaders: CachedPage["wireHeaders"] = { identity: wireFor("identity", bodies.identity) };
  if (bodies.gzip) wireHeaders.gzip = wireFor("gzip", bodies.gzip);
  if (bodies.br) wireHeaders.br = wireFor("br", bodies.br);
  return { status: rendered.status, headers, bodies, wireHeaders, storedAt: Date.now(), ...lifetime };
}

/**
 * Removes ` nonce="…"` from the scripts rendered with `nonce` and returns the CSP hash source of
 * each such inline script's text (those with `src` are allowed by 'self' already).
 */
export function hashOwnScripts(html: string, nonce: string): { body: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const open = /<script\b([^>]*)>/gi;
  const close = /<\/script[\s/>]/gi;
  const hashes = new Set<string>();
  let out = "";
  let copiedUpTo = 0;
  for (let match = open.exec(html); match; match = open.exec(html)) {
    const attributes = match[1];
    const textStart = open.lastIndex;
    // A script's text runs to the first </script, whatever it contains: scan on from there.
    close.lastIndex = textStart;
    const end = close.exec(html);
    const textEnd = end ? end.index : html.length;
    open.lastIndex = textEnd;
    if (!attributes.includes(attribute)) continue;
    out += `${html.slice(copiedUpTo, match.index)}<script${attributes.replace(attribute, "")}>`;
    copiedUpTo = textStart;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // The browser hashes the text after the HTML parser has turned CRLF and lone CR into LF.
    const text = html.slice(textStart, textEnd).replace(/\r\n?/g, "\n");
    hashes.add(`sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`);
  }
  out += html.slice(copiedUpTo);
  return { body: out, hashes: [...hashes] };
}

/**
 * The encoding to send: the best the client accepts among those the page has, preferring brotli,
 * then gzip, on equal q-values; an encoding refused with q=0 (directly or through `*`) is never sent.
 */
export function pickEncoding(acceptEncoding: string | undefined, available: Partial<Record<Encoding, unknown>>): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = encodingWeights(acceptEncoding);
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const encoding of ["br", "gzip"] as const) {
    const weight = weights[encoding];
    if (available[encoding] && weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
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

// Browsers send one of a handful of Accept-Encoding values: each is parsed once (a bounded memo).
const MAX_PARSED_ACCEPTS = 64;
const parsedAccepts = new Map<string, Record<"br" | "gzip", number>>();

/** The weight Accept-Encoding gives brotli and gzip (0 = refused), from its q-values and any "*". */
function encodingWeights(acceptEncoding: string): Record<"br" | "gzip", number> {
  const known = parsedAccepts.get(acceptEncoding);
  if (known) return known;
  let star: number | undefined;
  const q: Partial<Record<string, number>> = {};
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const [key, arg] = param.split("=");
      if (key.trim().toLowerCase() === "q") {
        const parsed = Number(arg);
        value = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    if (name === "*") star = value;
    else q[name] = value;
  }
  const weights = { br: q.br ?? star ?? 0, gzip: q.gzip ?? star ?? 0 };
  if (acceptEncoding.length <= 200) {
    if (parsedAccepts.size >= MAX_PARSED_ACCEPTS) parsedAccepts.delete(parsedAccepts.keys().next().value as string);
    parsedAccepts.set(acceptEncoding, weights);
  }
  return weights;
}
