/**
 * Warm before ready (issue 37): a new instance renders each kind of page, through its own front door
 * over loopback, before /readyz lets a balancer send it anyone. Under full load a cold instance's first
 * seconds were slow (docs/operating.md, "Warm before ready"): every first render compiles React's and
 * the router's hot code and fills the content caches with visitors waiting.
 *
 * First each kind once, each a request a visitor could make, none of which changes anything:
 * - the public pages people land on (home, schedule, library, teachers, journal) rendered and stored,
 *   then one of them answered from the page cache (the visitor's cookie from the first answer is sent
 *   back, so the second lands on the same cached variant);
 * - one of each kind of detail page (a class, an on-demand class, a teacher, an article), found as the
 *   first link to one on the pages already asked for;
 * - a member's page asked for without a session: the member route's loader, the viewer check and its
 *   answer (a member's own components need a signed-in person, which a warm-up does not have);
 * - an action's answer: the sign-in form sent empty, refused beside its field (400), no mail sent.
 *
 * Then rounds over the same public pages, each asked for as a first visit (a new visitor, so a new
 * variant set: the page is rendered again until the cache holds most sets) and again with that
 * visitor's cookie (the cache's fast path). Rendered once, a page's code is still cold: on the bench
 * (bench/cold-start.js, docs/operating.md), the server's CPU time per answer over its first 200
 * answers under load was about twice its steady figure with one render of each kind, as with none,
 * and about 1.4 times it after the rounds.
 * The rounds stop at `rounds` or after `roundsBudgetMs`, whichever comes first, and the whole warm-up
 * at `deadlineMs`.
 */
export interface WarmUpStep {
  kind: "public page" | "public page from the cache" | "member page" | "action";
  method: "GET" | "POST";
  /** The path asked for; or, with `link`, the first link on a page already asked for that matches it. */
  path?: string;
  link?: RegExp;
  body?: string;
}

export const WARM_UP_STEPS: readonly WarmUpStep[] = [
  { kind: "public page", method: "GET", path: "/" },
  { kind: "public page from the cache", method: "GET", path: "/" },
  { kind: "public page", method: "GET", path: "/classes" },
  { kind: "public page", method: "GET", path: "/on-demand" },
  { kind: "public page", method: "GET", path: "/teachers" },
  { kind: "public page", method: "GET", path: "/blog" },
  { kind: "public page", method: "GET", link: /^\/classes\/[A-Za-z0-9_-]+$/ },
  { kind: "public page", method: "GET", link: /^\/on-demand\/(?!favorites$|history$|series$)[A-Za-z0-9_-]+$/ },
  { kind: "public page", method: "GET", link: /^\/teachers\/[A-Za-z0-9_-]+$/ },
  { kind: "public page", method: "GET", link: /^\/blog\/[A-Za-z0-9_-]+$/ },
  { kind: "member page", method: "GET", path: "/my-classes" },
  { kind: "member page", method: "GET", path: "/settings" },
  { kind: "action", method: "POST", path: "/sign-in", body: "email=" },
];

/** Rounds over the public pages after the first pass, and the time they may take at most. */
export const WARM_UP_ROUNDS = 12;
export const WARM_UP_ROUNDS_BUDGET_MS = 4_000;

export interface WarmUpResult {
  ok: boolean;
  ms: number;
  /** Each request of the first pass: its kind, path, status and time. */
  pages: Array<{ kind: WarmUpStep["kind"]; path: string; status: number; ms: number }>;
  /** The rounds over the public pages that followed: how many, the requests they made, their time. */
  rounds?: { rounds: number; requests: number; ms: number };
  /** Why the warm-up ended early (a failed page, the time bound, a shutdown). */
  cause?: string;
}

interface Answer {
  status: number;
  cookie: string;
  links: string[];
}

/**
 * Requests each step in turn from `base` (the instance's own address), then the rounds. Ends early,
 * not ok, on a 5xx, a request that fails, `deadlineMs` passing, or `signal` aborting; the caller
 * becomes ready either way. The rounds' own budget running out is not a failure.
 */
export async function warmUp(
  base: string,
  options: {
    deadlineMs: number;
    signal?: AbortSignal;
    steps?: readonly WarmUpStep[];
    rounds?: number;
    roundsBudgetMs?: number;
  },
): Promise<WarmUpResult> {
  const started = Date.now();
  const deadline = AbortSignal.timeout(Math.max(1, options.deadlineMs));
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const origin = new URL(base).origin;
  const pages: WarmUpResult["pages"] = [];
  let asked = 0;

  const ask = async (method: WarmUpStep["method"], path: string, cookie: string, body?: string, readLinks = false): Promise<Answer> => {
    const response = await fetch(new URL(path, base), {
      method,
      redirect: "manual",
      signal,
      headers: {
        "x-request-id": `warm-up-${started}-${asked++}`,
        accept: "text/html",
        "accept-encoding": "br, gzip",
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
      },
      body,
    });
    const links = readLinks ? linksIn(await response.text()) : (await response.arrayBuffer(), []);
    const set = response.headers.getSetCookie().find((value) => value.startsWith("__session="));
    return { status: response.status, cookie: set ? set.slice(0, set.indexOf(";")) : "", links };
  };
  const failed = (what: string, error: unknown): WarmUpResult => {
    const cause = deadline.aborted
      ? `not done within ${options.deadlineMs} ms`
      : options.signal?.aborted
        ? "a shutdown began"
        : describe(error);
    return { ok: false, ms: Date.now() - started, pages, cause: `${what}: ${cause}` };
  };

  // The first pass: each kind once.
  const links: string[] = [];
  const publicPaths: string[] = [];
  let cookie = "";
  for (const step of options.steps ?? WARM_UP_STEPS) {
    const { link } = step;
    const path = link ? links.find((found) => link.test(found)) : step.path;
    // A site without such a page (no class scheduled, no article yet) skips it.
    if (path === undefined) continue;
    const at = Date.now();
    let answer: Answer;
    try {
      // The visitor's session from the first answer, so the cached page is the one just stored.
      answer = await ask(step.method, path, cookie, step.body, step.kind === "public page");
    } catch (error) {
      return failed(`${step.kind} ${path}`, error);
    }
    pages.push({ kind: step.kind, path, status: answer.status, ms: Date.now() - at });
    if (!cookie) cookie = answer.cookie;
    links.push(...answer.links);
    if (step.kind === "public page" && answer.status === 200 && !publicPaths.includes(path)) publicPaths.push(path);
    if (answer.status >= 500) return { ok: false, ms: Date.now() - started, pages, cause: `${step.kind} ${path}: status ${answer.status}` };
  }

  // The rounds: every public page as a new visitor, then again with that visitor's cookie, until the
  // rounds are done or their budget is spent (checked before each request).
  const roundsStarted = Date.now();
  const roundsUntil = roundsStarted + (options.roundsBudgetMs ?? WARM_UP_ROUNDS_BUDGET_MS);
  const rounds = { rounds: 0, requests: 0, ms: 0 };
  const playRounds = async (): Promise<WarmUpResult | null> => {
    for (let round = 1; round <= (options.rounds ?? WARM_UP_ROUNDS); round++) {
      for (const path of publicPaths) {
        for (const returning of [false, true]) {
          if (Date.now() >= roundsUntil) return null;
          let answer: Answer;
          try {
            answer = await ask("GET", path, returning ? cookie : "");
          } catch (error) {
            return failed(`round ${round} ${path}`, error);
          }
          rounds.requests++;
          if (!returning) cookie = answer.cookie || cookie;
          if (answer.status >= 500)
            return { ok: false, ms: Date.now() - started, pages, cause: `round ${round} ${path}: status ${answer.status}` };
        }
      }
      rounds.rounds = round;
    }
    return null;
  };
  const stopped = await playRounds();
  rounds.ms = Date.now() - roundsStarted;
  return stopped ? { ...stopped, rounds } : { ok: true, ms: Date.now() - started, pages, rounds };
}

/** Same-site paths a page links to (`href="/…"`), in order. */
function linksIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/href="(\/[^"?#]*)/g)) found.push(match[1]);
  return found;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
