/**
 * The product API client (issue 13; spec §7 "Product API client", §8, §9): get with query parameters,
 * post and put, on a configurable base address. It retries up to five times, with exponential backoff
 * and full jitter, on network errors, on 429 for idempotent requests, and on 500-599 for idempotent
 * requests only (a POST that reached a failing server may have done its work). Errors come out as
 * `ApiError` with the §8 wording; a network error with no response passes through as it was thrown.
 * It runs in the browser and on the server (it only needs `fetch`).
 */

export const MAX_RETRIES = 5;
export const UNAUTHORIZED_MESSAGE = "Unauthorized. Your session has expired!";

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: string | null,
    public readonly body: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Method = "GET" | "POST" | "PUT";
export type QueryParams = Record<string, string | number | boolean | null | undefined | Array<string | number | boolean>>;

export interface ApiClientOptions {
  baseUrl: string;
  /** Extra headers for every request (an authorization header, say), read at each call. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  retries?: number;
  /** The first retry waits up to this long; each next one up to twice the last, never over `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Per attempt. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const IDEMPOTENT: ReadonlySet<Method> = new Set(["GET", "PUT"]);

/** The longest wait before retry `attempt` (0-based): exponential, capped. The actual wait is a random share of it. */
export function backoffCeiling(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

/** Whether a failed attempt is worth repeating. `status` is null when there was no response at all. */
export function shouldRetry(method: Method, status: number | null): boolean {
  if (status === null) return true;
  if (!IDEMPOTENT.has(method)) return false;
  return status === 429 || (status >= 500 && status <= 599);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The §8 error for a response that was not a success. */
export function errorFor(status: number, body: unknown, fallback: string): ApiError {
  if (status === 401) return new ApiError(UNAUTHORIZED_MESSAGE, 401, "unauthorized", body);
  if (isPlainObject(body)) {
    const message = typeof body.message === "string" && body.message ? body.message : fallback;
    const code = typeof body.code === "string" || typeof body.code === "number" ? String(body.code) : null;
    return new ApiError(message, status, code, body);
  }
  return new ApiError(fallback, status, null, body);
}

function withQuery(url: URL, params: QueryParams | undefined): URL {
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get("Content-Type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds; null when absent or unreadable. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get("Retry-After");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

export function createApiClient(options: ApiClientOptions) {
  const retries = Math.max(0, Math.min(options.retries ?? MAX_RETRIES, MAX_RETRIES));
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function request<T>(method: Method, path: string, init: { params?: QueryParams; body?: unknown } = {}): Promise<T> {
    const url = withQuery(
      new URL(path.replace(/^\/+/, ""), options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`),
      init.params,
    );
    const headers: Record<string, string> = { Accept: "application/json", ...(await options.headers?.()) };
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    if (body !== undefined) headers["Content-Type"] = "application/json";

    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body,
          signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
        });
      } catch (error) {
        // No response at all: retry, and when out of tries let the original error through.
        if (attempt < retries && shouldRetry(method, null)) {
          await sleep(random() * backoffCeiling(attempt, baseDelayMs, maxDelayMs));
          continue;
        }
        throw error;
      }
      if (response.ok) return (await readBody(response)) as T;
      if (attempt < retries && shouldRetry(method, response.status)) {
        const wait = random() * backoffCeiling(attempt, baseDelayMs, maxDelayMs);
        const asked = response.status === 429 ? retryAfterMs(response) : null;
        await response.body?.cancel().catch(() => undefined);
        await sleep(Math.min(maxDelayMs, Math.max(wait, asked ?? 0)));
        continue;
      }
      throw errorFor(response.status, await readBody(response), `Request failed with status ${response.status}`);
    }
  }

  return {
    get: <T = unknown>(path: string, params?: QueryParams) => request<T>("GET", path, { params }),
    post: <T = unknown>(path: string, body?: unknown) => request<T>("POST", path, { body }),
    put: <T = unknown>(path: string, body?: unknown) => request<T>("PUT", path, { body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
