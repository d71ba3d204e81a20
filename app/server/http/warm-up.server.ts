/**
 * Warm before ready (issue 37): a new instance renders each kind of page once, through its own front
 * door over loopback, before /readyz lets a balancer send it anyone. Under full load a cold instance's
 * first seconds were slow (docs/performance.md: p99 2.4 s in its first 10 s): every first render
 * compiles React's and the router's hot code and fills the content caches with visitors waiting.
 *
 * The kinds, each a request a visitor could make, none of which changes anything:
 * - a public page rendered and stored, then the same page answered from the page cache (the visitor's
 *   cookie from the first answer is sent back, so the second lands on the same cached variant);
 * - a member's page asked for without a session: the member route's loader, the viewer check and its
 *   answer (a member's own components need a signed-in person, which a warm-up does not have);
 * - an action's answer: the sign-in form sent empty, refused beside its field (400), no mail sent.
 */
export interface WarmUpStep {
  kind: "public page" | "public page from the cache" | "member page" | "action";
  method: "GET" | "POST";
  path: string;
  body?: string;
}

export const WARM_UP_STEPS: readonly WarmUpStep[] = [
  { kind: "public page", method: "GET", path: "/" },
  { kind: "public page from the cache", method: "GET", path: "/" },
  { kind: "public page", method: "GET", path: "/classes" },
  { kind: "public page from the cache", method: "GET", path: "/classes" },
  { kind: "member page", method: "GET", path: "/my-classes" },
  { kind: "member page", method: "GET", path: "/settings" },
  { kind: "action", method: "POST", path: "/sign-in", body: "email=" },
];

export interface WarmUpResult {
  ok: boolean;
  ms: number;
  /** Each request made: its kind, path, status and time. */
  pages: Array<{ kind: WarmUpStep["kind"]; path: string; status: number; ms: number }>;
  /** Why the warm-up ended early (a failed page, the time bound, a shutdown). */
  cause?: string;
}

/**
 * Requests each step in turn from `base` (the instance's own address). Ends early, not ok, on a 5xx,
 * a request that fails, `deadlineMs` passing, or `signal` aborting; the caller becomes ready either way.
 */
export async function warmUp(
  base: string,
  options: { deadlineMs: number; signal?: AbortSignal; steps?: readonly WarmUpStep[] },
): Promise<WarmUpResult> {
  const started = Date.now();
  const deadline = AbortSignal.timeout(Math.max(1, options.deadlineMs));
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const origin = new URL(base).origin;
  const pages: WarmUpResult["pages"] = [];
  let cookie = "";
  for (const [index, step] of (options.steps ?? WARM_UP_STEPS).entries()) {
    const at = Date.now();
    let response: Response;
    try {
      response = await fetch(new URL(step.path, base), {
        method: step.method,
        redirect: "manual",
        signal,
        headers: {
          "x-request-id": `warm-up-${started}-${index}`,
          "accept-encoding": "br, gzip",
          ...(cookie ? { cookie } : {}),
          ...(step.body !== undefined ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
        },
        body: step.body,
      });
      await response.arrayBuffer();
    } catch (error) {
      const cause = deadline.aborted
        ? `not done within ${options.deadlineMs} ms`
        : options.signal?.aborted
          ? "a shutdown began"
          : describe(error);
      return { ok: false, ms: Date.now() - started, pages, cause: `${step.kind} ${step.path}: ${cause}` };
    }
    pages.push({ kind: step.kind, path: step.path, status: response.status, ms: Date.now() - at });
    // The visitor's session from the first answer, so the cached page is the one just stored.
    const set = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
    if (set && !cookie) cookie = set.slice(0, set.indexOf(";"));
    if (response.status >= 500)
      return { ok: false, ms: Date.now() - started, pages, cause: `${step.kind} ${step.path}: status ${response.status}` };
  }
  return { ok: true, ms: Date.now() - started, pages };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
