import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import http from "node:http";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { join, relative, sep } from "node:path";
import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from "express";
import { variantSignature } from "~/platform/experiments";
import { getStore } from "~/services/store/index.server";
import { newReadTally, withReadTally, type ReadTally } from "~/services/store/read-tally.server";
import { StoreUnavailableError } from "~/services/store/port.server";
import { ERRORS } from "~/lib/errors";
import { getEnv } from "~/lib/env.server";
import { onContentChange } from "~/lib/cache.server";
import { byteLimit } from "~/lib/forms/form-body.server";
import { sendsHsts } from "~/lib/site-address.server";
import { PAYMENT_WEBHOOK_PATH, requestBodyLimit } from "~/server/body-limits.server";
import { crossSiteRefusal } from "./origin-check.server";
import { renderedDocument, renderedDocumentBytes } from "./document-html.server";
import { pathForLog, setLogRoutes } from "./log-path.server";
import {
  MIN_COMPRESS_BYTES,
  PAGE_QUERY_HEADER,
  PageCache,
  PageQueries,
  brotliTextOptions,
  pickEncoding,
  type CachedPage,
} from "./page-cache.server";
import { HSTS, applySecurityHeaders, baseSecurityHeaders, createNonce } from "./security-headers.server";
import { getVisitorFromCookie, type Visitor } from "~/server/visitor.server";
import { buildMetaFile, buildMetaFor } from "./build-meta.server";
import { warmUp } from "./warm-up.server";
import { TRACE_FIELD, currentTrace, traceName, withLogTrace, writeLogLine } from "./log-lines.server";
import { createRouteLabeler } from "./route-label.server";
import { collectProcessMetrics, countPageCache, hasMetricsToken, observeRequest, renderMetrics } from "~/lib/metrics.server";

const MAX_URL_LENGTH = 2048;
/** How long a request waits for another's render of the same page before rendering it itself. */
const RENDER_WAIT_MS = 5_000;
const UNSHARED_MEMORY_MS = 60_000;
const MAX_UNSHARED_KEYS = 1_000;
/** The page a request gets while the store cannot be reached. */
const STORE_AWAY = {
  title: "We can't reach your account just now",
  message:
    "Our side is having a short break, so nothing was changed. Please try again in a minute; anything you typed is still in your browser if you go back.",
};
/** Read by the browser's after-post step (browser/after-post.client.ts): the store was away. */
const STORE_AWAY_FLAG = "stillhour_store_away";
// An upload refused before it was read (too large) is read to its end and thrown away, so the browser
// finishes sending and shows the answer; past this many bytes the connection is closed instead.
const MAX_DISCARDED_BODY_BYTES = 64 * 1024 * 1024;
// Bounds for the verified-session memo below: about 10 MB at worst.
const MAX_REMEMBERED_SESSIONS = 5_000;
const MAX_REMEMBERED_COOKIE_LENGTH = 2_048;

/** What the front door hands to loaders and to entry.server through Remix's load context. */
export interface AppLoadContext {
  nonce: string;
  requestId: string;
  /** Set by entry.server's handleError when the store could not be reached: the answer becomes a calm 503. */
  storeUnavailable?: boolean;
}

/** The front door, built but not listening: `startServer` runs it; tests listen on a port of their own. */
export interface FrontDoor {
  server: http.Server;
  pageCache: PageCache;
}

/**
 * Builds the HTTP server: the cached-page fast path, then Express with static files, /healthz, the
 * cross-site check and Remix.
 */
export function createFrontDoor(
  build: ServerBuild,
  options: {
    publicDir: string;
    /** Body caps for paths the app's table does not name (test-only routes). */
    bodyLimits?: Record<string, number>;
    /** True once a shutdown has begun: /readyz answers 503 and every answer closes its connection. */
    draining?: () => boolean;
    /** True while a new instance renders its first pages (warm-up.server.ts): /readyz answers 503. */
    warming?: () => boolean;
  },
): FrontDoor {
  const env = getEnv();
  const remix = createRequestHandler(build, env.NODE_ENV);
  setLogRoutes(build.routes);
  const pageCache = new PageCache({ maxAgeCapSeconds: env.PAGE_CACHE_SECONDS, identity: env.identity });
  // What each shared page reads of its query: the rest neither keys the cache nor reaches the render.
  const pageQueries = new PageQueries();
  // Staff published or changed public content (issue 26), here or on another instance (the content
  // signal, platform/content-signal.server.ts): the rendered pages go at once.
  onContentChange(() => pageCache.clear());
  const publicFiles = listPublicFiles(options.publicDir);
  const publicOrigin = new URL(env.PUBLIC_SITE_URL).origin;
  const visitorsSeen = new WeakMap<http.IncomingMessage, Visitor>();
  const readVisitor = rememberedVisitors();
  const extraBodyLimits = new Map(Object.entries(options.bodyLimits ?? {}));
  // Metrics and log fields (docs/decisions/057): requests timed by route pattern, lines tied to Google's trace.
  const routeLabel = createRouteLabeler(build.routes, publicFiles);
  const traceProject = env.GOOGLE_CLOUD_PROJECT ?? env.FIREBASE_PROJECT_ID;
  const metricsToken = env.METRICS_TOKEN;
  if (metricsToken || env.METRICS_PORT) collectProcessMetrics();

  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxies' X-Forwarded-For entries are believed; the ones left of them are the
  // client's own words, so `req.ip` is the address the nearest untrusted hop connected from.
  app.set("trust proxy", env.TRUST_PROXY_HOPS);
  app.use(requestLog(env.LOG_REQUESTS, env.STATS_ENDPOINT, routeLabel));
  app.use(rejectUnreadableAddresses);
  app.use(refuseCrossSiteRequests(publicOrigin));
  const draining = options.draining ?? (() => false);
  const warming = options.warming ?? (() => false);
  // Liveness: the process answers. It stays 200 while draining, so nothing restarts an instance that
  // is finishing its requests.
  app.get("/healthz", (req, res) => {
    res
      .set(baseSecurityHeaders(requestUrl(req)))
      .set("Cache-Control", "no-store")
      .json({ status: "ok" });
  });
  // Readiness (docs/decisions/041): whether to send this instance new requests; 503 until it has
  // rendered its first pages (issue 37), and from the moment SIGTERM arrives, so a load balancer
  // routes around it while its in-flight requests finish.
  app.get("/readyz", (req, res) => {
    const status = draining() ? "draining" : warming() ? "warming" : "ready";
    res
      .set(baseSecurityHeaders(requestUrl(req)))
      .set("Cache-Control", "no-store")
      .status(status === "ready" ? 200 : 503)
      .json({ status });
  });
  // Metrics on the public port only with their token; without it (or with none configured) the address
  // answers like any page that is not there (the Remix 404), so it tells nothing of what is behind it.
  app.get("/metrics", (req, res, next) => {
    if (!metricsToken || !hasMetricsToken(req.get("authorization"), metricsToken)) return next();
    sendMetrics(res).catch(next);
  });
  if (env.STATS_ENDPOINT) {
    app.get("/__stats", (_req, res) => {
      res.set("Cache-Control", "no-store").json({ storeReads: getStore().readCount(), cachedPages: pageCache.size });
    });
  }
  app.use(compression({ filter: shouldCompress, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PERSONAL_BROTLI_QUALITY } } }));
  // Keeping clients current (issue 13): this build's metadata and the latest build's id.
  const buildMeta = buildMetaFor(build, Date.now());
  app.get("/build-meta/:file", (req, res, next) => {
    const file = buildMetaFile(buildMeta, req.params.file);
    if (!file) return next();
    res
      .set(baseSecurityHeaders(requestUrl(req)))
      .set("Cache-Control", file.cacheControl)
      .type("application/json")
      .send(file.body);
  });
  app.use("/build", (req, res, next) => {
    res.set(baseSecurityHeaders(requestUrl(req)));
    next();
  });
  app.use("/build", express.static(join(options.publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
  const serveStatic = express.static(options.publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => {
    if (!publicFiles.has(req.path)) return next();
    res.set(baseSecurityHeaders(requestUrl(req)));
    serveStatic(req, res, next);
  });
  app.all("*", (req, res, next) => {
    handlePage(req, res).catch(next);
  });
  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, _next: express.NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return sendPlainPage(req, res, status, "That request could not be read", "Please check the link and try again.");
    }
    if (error instanceof StoreUnavailableError) {
      if (!res.headersSent) sendPlainPage(req, res.set("Retry-After", "30"), 503, STORE_AWAY.title, STORE_AWAY.message);
      else res.end();
      return;
    }
    console.error(
      JSON.stringify({ level: "error", msg: "unhandled request error", requestId: res.locals.requestId, cause: describe(error) }),
    );
    if (!res.headersSent) sendPlainPage(req, res, 500, "Something went wrong", "Please try again in a moment.");
    else res.end();
  });

  async function handlePage(req: ExpressRequest, res: ExpressResponse) {
    const url = requestUrl(req);
    const requestId = res.locals.requestId as string;
    // Cache hits never get here (serveCachedPage answers them); this path renders.
    const visitor = visitorsSeen.get(req) ?? (await readVisitor(req.headers.cookie ?? "", url));
    // Only an anonymous GET may become a shared page: a member's page is theirs alone, a HEAD's body is empty.
    const shareable = req.method === "GET" && !visitor.member;
    const nonce = createNonce();
    const bodyCap = { cap: requestBodyLimit(url.pathname, extraBodyLimits), passed: false, kept: [] as Uint8Array[] };
    // A shared page renders with the parameters it reads alone (issue 35), so it shows what its key says.
    const request = toFetchRequest(req, res, shareable ? pageQueries.keyUrl(url) : url, visitor.cookieHeader, requestId, bodyCap);
    const context: AppLoadContext = { nonce, requestId };
    const response = await remix(request, context as AppLoadContext & Record<string, unknown>);
    const pageQuery = response.headers.get(PAGE_QUERY_HEADER);
    response.headers.delete(PAGE_QUERY_HEADER);
    // A page's script asks for data at `<path>.data` (single fetch): Remix's own encoding of the error goes back to it.
    const dataRequest = url.pathname.endsWith(".data");
    if (context.storeUnavailable && response.status >= 500 && !dataRequest) {
      // The store is away (docs/decisions/041): say so calmly, and when to come back, rather than a 500.
      await response.body?.cancel().catch(() => undefined);
      res.set("Retry-After", "30");
      // A form sent without JavaScript: the person's input comes back in a form that sends it again.
      // A route that failed before reading the form left it unread: read it now (through the copy).
      if (req.method === "POST" && isPlainForm(req) && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
      if (req.method === "POST" && isPlainForm(req) && !bodyCap.passed && bodyCap.kept.length > 0) {
        return sendFormAgainPage(req, res, url, new URLSearchParams(Buffer.concat(bodyCap.kept).toString("utf8")));
      }
      return sendPlainPage(req, res, 503, STORE_AWAY.title, STORE_AWAY.message);
    }
    if (context.storeUnavailable && req.method === "POST" && dataRequest) {
      // The same form sent by the page's script: Remix shows its error page, and this flag tells the
      // script to send the form again as a plain post, which reaches the page above that keeps it.
      res.append("Set-Cookie", `${STORE_AWAY_FLAG}=1; Path=/; Max-Age=60; SameSite=Lax`);
    }
    if (bodyCap.passed && response.status >= 500) {
      // A body over its cap is the sender's doing, whatever a route made of the failed read.
      await response.body?.cancel().catch(() => undefined);
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "body over its cap failed a route",
          requestId,
          path: url.pathname,
          cap: bodyCap.cap,
          status: response.status,
        }),
      );
      return sendPlainPage(req, res, ERRORS.payload_too_large.status, "That was too large to send", ERRORS.payload_too_large.message);
    }
    // Resource routes (images, sitemap) skip entry.server: give them the same base headers.
    for (const [name, value] of Object.entries(baseSecurityHeaders(url))) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    if (visitor.member && !isPrivateImmutableImage(response.headers)) {
      // Whatever the route said: no cache between us and the member may keep or share this.
      response.headers.set("Cache-Control", "private, no-store");
    }
    // A route that wrote the session itself (sign-in, sign-out) sent the newer cookie: the visitor's
    // fresh one, appended after it, would replace it in the browser.
    const visitorCookie = response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=")) ? null : visitor.setCookie;
    if (!shareable || !pageCache.accepts(response.status, response.headers)) {
      res.locals.cache = "bypass";
      return sendStream(res, response, visitorCookie);
    }
    const body = renderedDocument(response) ?? (await response.text());
    pageQueries.learn(url.pathname, pageQuery);
    const page = await pageCache.store(cacheKeyFor(pageQueries.keyUrl(url), visitor), {
      status: response.status,
      headers: response.headers,
      body,
      nonce,
    });
    if (!page) {
      res.locals.cache = "bypass";
      return sendRendered(req, res, response, body, visitorCookie);
    }
    // The first visitor already gets the page as every later one will: hashed, precompressed.
    res.locals.cache = "miss";
    countPageCache("miss");
    writeCachedPage(req, res, page, url, visitor.setCookie);
  }

  // Renders under way of pages not in the cache, by cache key: concurrent first requests for one page
  // (a cold cache under load: a deploy, a new variant set, an expired entry) wait for one render and are
  // answered from the cache, instead of each rendering the same page.
  const rendering = new Map<string, Promise<void>>();
  // Pages whose last render was not stored, until when: their requests render at once, never wait.
  const unshared = new Map<string, number>();

  /** Renders a stale page again in the background for the next visitors in the same variant set. */
  function revalidate(cacheKey: string, url: URL, cookieHeader: string, accept: string | undefined) {
    pageCache.revalidate(cacheKey, async () => {
      const requestId = randomUUID();
      const nonce = createNonce();
      const headers = new Headers({ cookie: cookieHeader, accept: accept ?? "text/html", "x-request-id": requestId });
      const response = await remix(new Request(url, { headers }), { nonce, requestId } satisfies AppLoadContext);
      if (!pageCache.accepts(response.status, response.headers)) {
        await response.body?.cancel();
        return;
      }
      await pageCache.store(cacheKey, { status: response.status, headers: response.headers, body: await response.text(), nonce });
    });
  }

  /**
   * The fast path: an anonymous GET or HEAD for a page already in the cache is answered here, before
   * Express, static files and Remix. Resolves false when the request must take the full path.
   */
  async function serveCachedPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    const { method } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    const rawUrl = req.url ?? "/";
    if (
      rawUrl.length > MAX_URL_LENGTH ||
      rawUrl.startsWith("/build/") ||
      rawUrl.startsWith("/build-meta/") ||
      rawUrl.startsWith("/healthz") ||
      rawUrl.startsWith("/readyz") ||
      rawUrl.startsWith("/__stats") ||
      rawUrl.startsWith("/metrics")
    ) {
      return false;
    }
    let url: URL;
    try {
      url = new URL(rawUrl, `http://${req.headers.host ?? "localhost"}`);
      decodeURIComponent(url.pathname);
    } catch {
      return false;
    }
    if (publicFiles.has(url.pathname)) return false;
    const visitor = await readVisitor(req.headers.cookie ?? "", url);
    // The full path renders this page: hand it the visitor already read, not a second cookie check.
    // (Only then: a page served from here needs no entry, and each one costs the collector.)
    const renderElsewhere = () => {
      visitorsSeen.set(req, visitor);
      return false;
    };
    if (visitor.member) return renderElsewhere();
    const keyUrl = pageQueries.keyUrl(url);
    const cacheKey = cacheKeyFor(keyUrl, visitor);
    const started = process.hrtime.bigint();
    let hit = pageCache.lookup(cacheKey);
    if (!hit.page) {
      if (req.method !== "GET" || (unshared.get(cacheKey) ?? 0) > Date.now()) return renderElsewhere();
      const under = rendering.get(cacheKey);
      if (!under) {
        // This request renders the page (the full path below); others asking meanwhile wait for it.
        let done!: () => void;
        rendering.set(cacheKey, new Promise<void>((resolve) => (done = resolve)));
        res.once("close", () => {
          rendering.delete(cacheKey);
          // A page that was not stored (private, not cacheable, an error) is not waited for again soon.
          if (!pageCache.lookup(cacheKey).page) {
            if (unshared.size >= MAX_UNSHARED_KEYS) unshared.delete(unshared.keys().next().value as string);
            unshared.set(cacheKey, Date.now() + UNSHARED_MEMORY_MS);
          } else unshared.delete(cacheKey);
          done();
        });
        return renderElsewhere();
      }
      await Promise.race([under, new Promise((resolve) => setTimeout(resolve, RENDER_WAIT_MS).unref())]);
      hit = pageCache.lookup(cacheKey);
      // Not stored after all (a page that may not be shared, an error): this one renders too.
      if (!hit.page) return renderElsewhere();
    }

    const requestId = acceptRequestId(req.headers["x-request-id"]);
    const { page, state } = hit;
    if (state === "stale") revalidate(cacheKey, keyUrl, visitor.cookieHeader, req.headers.accept);
    writeCachedPage(req, res, page, url, visitor.setCookie, requestId);
    countPageCache(state === "stale" ? "stale" : "hit");
    // Written in one go: timed and logged now, without a listener for the "finish" that follows at once.
    observeRequest(routeLabel(url.pathname), method, page.status, elapsedSeconds(started));
    if (env.LOG_REQUESTS)
      logRequest({
        method,
        path: pathForLog(url.pathname),
        status: page.status,
        started,
        requestId,
        cache: state,
        trace: currentTrace(),
      });
    return true;
  }

  const serve = (req: http.IncomingMessage, res: http.ServerResponse) =>
    serveCachedPage(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      (error: unknown) => {
        console.error(JSON.stringify({ level: "error", msg: "page cache failed", cause: describe(error) }));
        if (!res.headersSent) app(req, res);
      },
    );
  const server = http.createServer((req, res) => {
    // A draining instance lets no connection be kept for a next request that it will not be there for.
    if (draining()) res.setHeader("Connection", "close");
    // Behind Google's front end: every line written for this request carries its trace.
    const trace = traceName(req.headers, traceProject);
    if (trace) withLogTrace(trace, () => serve(req, res));
    else serve(req, res);
  });
  server.keepAliveTimeout = 65_000;
  return { server, pageCache };
}

/** After SIGTERM the process is gone within this, whatever is still open (Cloud Run allows 10 s). */
const SHUTDOWN_DEADLINE_MS = 7_500;
/** Connections still open this long after SIGTERM (an event stream never ends by itself) are cut. */
const CUT_CONNECTIONS_AFTER_MS = 6_500;

/** After SIGTERM the listener stays open this long by default (SHUTDOWN_GRACE_SECONDS). */
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 3;

/**
 * Starts the HTTP server on PORT, then the background jobs (`startJobs`) and the warm-up: /readyz
 * answers 503 until the instance has rendered each kind of page once (warm-up.server.ts), or
 * WARM_UP_SECONDS have passed, whichever comes first. Resolves once listening.
 *
 * SIGTERM (or SIGINT) drains (docs/decisions/041, issue 37): /readyz answers 503 at once and every
 * answer says `Connection: close`, so each kept-alive connection ends after its next answer, while the
 * listener stays open for SHUTDOWN_GRACE_SECONDS (3 by default) for a balancer or proxy that learns of
 * the stop late and for clients opening a new connection after their last one closed. Then the server
 * stops accepting and closes the connections that are between requests, in-flight requests finish, no
 * new job run starts and the runs under way end and give back their leases, the store is closed, and
 * the process exits: within 7.5 s in every case.
 */
export async function startServer(build: ServerBuild, options: { publicDir: string; startJobs?: () => () => Promise<void> }) {
  const env = getEnv();
  let draining = false;
  let warming = env.WARM_UP_SECONDS > 0;
  const { server } = createFrontDoor(build, { ...options, draining: () => draining, warming: () => warming });
  await new Promise<void>((resolve) => server.listen(env.PORT, resolve));
  console.log(JSON.stringify({ level: "info", msg: "listening", url: `http://localhost:${env.PORT}`, store: env.dataStore }));
  const metricsServer = env.METRICS_PORT ? createMetricsServer(env.METRICS_TOKEN) : null;
  if (metricsServer) {
    await new Promise<void>((resolve) => metricsServer.listen(env.METRICS_PORT, resolve));
    console.log(JSON.stringify({ level: "info", msg: "metrics listening", port: env.METRICS_PORT, token: Boolean(env.METRICS_TOKEN) }));
  }
  const stopJobs = options.startJobs?.();
  const warmUpStop = new AbortController();
  if (warming) {
    void warmUp(`http://127.0.0.1:${env.PORT}`, { deadlineMs: env.WARM_UP_SECONDS * 1000, signal: warmUpStop.signal }).then((result) => {
      warming = false;
      // Ready either way: a warm-up that failed or overran says why, and the instance takes traffic cold.
      if (result.ok)
        console.log(JSON.stringify({ level: "info", msg: "warmed up", ms: result.ms, pages: result.pages, rounds: result.rounds }));
      else
        console.warn(
          JSON.stringify({
            level: "warn",
            msg: "warm-up incomplete, ready anyway",
            ms: result.ms,
            cause: result.cause,
            pages: result.pages,
            rounds: result.rounds,
          }),
        );
    });
  }

  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    warmUpStop.abort();
    const started = Date.now();
    const since = () => Date.now() - started;
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    setTimeout(() => {
      console.warn(JSON.stringify({ level: "warn", msg: "shutdown deadline reached", ms: since() }));
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    setTimeout(() => server.closeAllConnections(), CUT_CONNECTIONS_AFTER_MS).unref();
    const jobsEnded = stopJobs?.() ?? Promise.resolve();
    // The grace: still accepting, every answer closing its connection. A connection is never closed
    // under a request, so no client sees one reset.
    const graceSeconds = env.SHUTDOWN_GRACE_SECONDS ?? env.SHUTDOWN_DRAIN_SECONDS ?? DEFAULT_SHUTDOWN_GRACE_SECONDS;
    await new Promise((resolve) => setTimeout(resolve, graceSeconds * 1000));
    // Then no new connections; those kept alive with no request under way are closed now, the others
    // once their answer is out (it says Connection: close).
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await closed;
    const requestsDoneMs = since();
    await jobsEnded;
    await getStore()
      .close()
      .catch(() => undefined);
    console.log(JSON.stringify({ level: "info", msg: "shut down", requestsDoneMs, ms: since() }));
    process.exit(0);
  };
  // `on`, not `once`: a second signal during the drain must not kill the process mid-request.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return server;
}

/**
 * Reads the visitor from a Cookie header, remembering recent anonymous ones by the exact header.
 * Decoding and verifying the signed session is most of what a cached page costs (about 60 µs
 * here, against about 100 µs for everything else), and a returning visitor sends the same header
 * with every page. The result depends only on that header: a forged or altered cookie is a different
 * string and is verified afresh. Only settled sessions are kept (nothing to set, not a member), so
 * no Set-Cookie and no member's request ever comes from here.
 */
function rememberedVisitors() {
  const remembered = new Map<string, Visitor>();
  return async (cookieHeader: string, url: URL): Promise<Visitor> => {
    const known = remembered.get(cookieHeader);
    if (known) return known;
    const visitor = await getVisitorFromCookie(cookieHeader, url);
    if (visitor.setCookie === null && !visitor.member && cookieHeader.length <= MAX_REMEMBERED_COOKIE_LENGTH) {
      if (remembered.size >= MAX_REMEMBERED_SESSIONS) remembered.delete(remembered.keys().next().value as string);
      remembered.set(cookieHeader, visitor);
    }
    return visitor;
  };
}

/**
 * Pages are shared per address, variant set and time zone: the page embeds the visitor's variants and
 * shows times in their zone, nothing else of theirs.
 */
function cacheKeyFor(url: URL, visitor: Visitor): string {
  return `${url.pathname}${url.search}|${variantSignature(visitor.variants)}|${visitor.timeZone?.zone ?? ""}`;
}

/**
 * Writes a stored page in the encoding the request prefers. Everything was made when the page was
 * stored; here only the per-response headers are added.
 */
function writeCachedPage(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  page: CachedPage,
  url: URL,
  setCookie: string | null,
  requestId?: string,
) {
  const encoding = pickEncoding(req.headers["accept-encoding"], page.bodies);
  const body = page.bodies[encoding] ?? page.bodies.identity;
  // Everything but the per-response headers was laid out when the page was stored.
  const headers = (page.wireHeaders[encoding] ?? page.wireHeaders.identity).slice();
  // The Express path has set the request id on the response already.
  if (requestId) headers.push("x-request-id", requestId);
  if (sendsHsts(url)) headers.push("strict-transport-security", HSTS);
  if (setCookie) headers.push("set-cookie", setCookie);
  res.writeHead(page.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A response already read into memory (a cacheable page that could not be shared): sent as rendered. */
function sendRendered(req: ExpressRequest, res: ExpressResponse, response: Response, body: string, setCookie: string | null) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie" && name !== "content-length") res.setHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (setCookie) res.append("Set-Cookie", setCookie);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A member's own photo under a name that is never reused: already kept out of shared caches by its
 * route, so the member's browser may keep it instead of fetching it on every page.
 */
function isPrivateImmutableImage(headers: Headers): boolean {
  if (!(headers.get("Content-Type") ?? "").startsWith("image/")) return false;
  const directives = (headers.get("Cache-Control") ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  return directives.includes("private") && directives.includes("immutable") && !directives.includes("public");
}

/**
 * Brotli's quality for what is compressed per request (member pages, answers): 2 costs about a third
 * of the middleware's default 4 on a member page's HTML for about 4 % more bytes (issue 38). Stored
 * public pages are compressed once, harder (page-cache.server.ts).
 */
const PERSONAL_BROTLI_QUALITY = 2;

/**
 * Event streams must reach the browser event by event: a compressor would hold them back until its
 * buffer fills. Bodies already encoded (stored pages) are left alone by `compression` itself.
 */
function shouldCompress(req: ExpressRequest, res: ExpressResponse): boolean {
  const type = String(res.getHeader("Content-Type") ?? "");
  if (type.startsWith("text/event-stream")) return false;
  return compression.filter(req, res);
}

/**
 * A request that may change something, sent from another site's page, is refused before Remix sees
 * it: a calm 403 and one log line, instead of Remix's own check throwing into a 500.
 */
function refuseCrossSiteRequests(publicOrigin: string): express.RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // The payment provider's webhook is not a browser form: its signature is the check, on the raw body.
    if (req.path === PAYMENT_WEBHOOK_PATH) return next();
    const reason = crossSiteRefusal(fetchHeaders(req), req.protocol, publicOrigin);
    if (!reason) return next();
    console.warn(
      JSON.stringify({
        level: "warn",
        msg: "cross-site request refused",
        requestId: res.locals.requestId,
        method: req.method,
        path: pathForLog(req.path),
        reason,
        origin: String(req.headers.origin).slice(0, 200),
        host: String(req.headers["x-forwarded-host"] ?? req.headers.host ?? "").slice(0, 200),
      }),
    );
    sendPlainPage(
      req,
      res,
      403,
      "That request was refused",
      "It came from a page on another site, so nothing was sent or changed. If you meant to use a form on Stillhour, open it on our site and send it from there.",
    );
  };
}

/** `/search` with every parameter cut to a readable length, or null for any other address. */
function shortenedSearch(rawUrl: string): string | null {
  const [path, query = ""] = rawUrl.split("?", 2);
  if (path !== "/search") return null;
  const cut = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    if (cut.size >= 30) break;
    if (key.length <= 20) cut.append(key, value.slice(0, key === "q" ? 200 : 60));
  }
  const result = `/search?${cut.toString()}`;
  return result.length <= MAX_URL_LENGTH ? result : "/search";
}

/** Overlong or undecodable addresses get a clear 4xx page before any routing tries to read them. */
function rejectUnreadableAddresses(req: ExpressRequest, res: ExpressResponse, next: express.NextFunction) {
  if (req.originalUrl.length > MAX_URL_LENGTH) {
    // A pasted essay in the search box: search for its beginning rather than refuse (the search reads
    // 200 characters at most anyway).
    const shortened = shortenedSearch(req.originalUrl);
    if (shortened) return res.redirect(303, shortened);
    return sendPlainPage(req, res, 414, "That address is too long", "Please check the link and try again.");
  }
  try {
    decodeURIComponent(requestUrl(req).pathname);
  } catch {
    return sendPlainPage(req, res, 400, "That address could not be read", "Please check the link and try again.");
  }
  next();
}

async function sendStream(res: ExpressResponse, response: Response, setCookie: string | null) {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.setHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (setCookie) res.append("Set-Cookie", setCookie);
  if (!response.body) return void res.end();
  // A rendered page (entry.server waits for all its data, so nothing is gained by streaming it) comes
  // as hundreds of small chunks; written one by one each was its own pass through the compressor, the
  // largest single cost of a member's page (issue 25). Whole, it is compressed in one go. Anything
  // else (event streams, data requests, files) still streams.
  if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // A document entry.server rendered is sent as the bytes it made, not read back out of its body.
    return sendWhole(res, renderedDocumentBytes(response) ?? Buffer.from(await response.arrayBuffer()));
  }
  await writeBodyToResponse(response.body, res);
}

/**
 * A whole document, compressed in one call when the browser takes brotli or gzip. Through the
 * compression middleware the same bytes went into a zlib stream, on the thread pool, and came back
 * in chunks: about twice the compressor's own CPU for a member's page (0.28 ms against 0.15 ms at
 * brotli quality 2 for a 30 KB page, issue 38). The middleware leaves a body it finds encoded alone.
 */
function sendWhole(res: ExpressResponse, bytes: Buffer) {
  const req = res.req;
  if (req.method === "HEAD" || bytes.length < MIN_COMPRESS_BYTES || res.getHeader("Content-Encoding")) return void res.end(bytes);
  res.vary("Accept-Encoding");
  const encoding = pickEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
  if (encoding === "identity") return void res.end(bytes);
  const body = encoding === "br" ? brotliCompressSync(bytes, brotliTextOptions(PERSONAL_BROTLI_QUALITY, bytes.length)) : gzipSync(bytes);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * Writes a streamed body to the response as it comes. When the connection closes first (a page
 * closed or reloaded, a dropped network), the body is cancelled, so whatever produces it (a live
 * event stream holding one of the member's places, a watch, timers) hears at once that nobody reads
 * any more (issue 34); Remix's own writer kept reading such a stream into a closed socket for good.
 */
async function writeBodyToResponse(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  const onClose = () => {
    if (!res.writableFinished) reader.cancel().catch(() => undefined);
  };
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
      // The compression middleware holds bytes back until told to flush: each event leaves at once.
      const flushable = res as ExpressResponse & { flush?: () => void };
      if (typeof flushable.flush === "function") flushable.flush();
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    res.off("close", onClose);
  }
}

/**
 * A small page in the site's colours for requests answered before the app (bad addresses, refused
 * cross-site posts, failures before rendering): what happened and what to do next, nothing more.
 */
function sendPlainPage(req: ExpressRequest, res: ExpressResponse, status: number, title: string, message: string) {
  const headers = new Headers();
  let url: URL;
  try {
    url = requestUrl(req);
  } catch {
    url = new URL("http://localhost");
  }
  applySecurityHeaders(headers, url, { nonce: createNonce() });
  headers.forEach((value, name) => res.setHeader(name, value));
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<meta name="robots" content="noindex"><link rel="icon" href="/favicon.ico" sizes="any"><title>${title} · Stillhour</title></head>` +
        `<body style="font-family:system-ui,sans-serif;background:#faf8f5;color:#1a1c22;max-width:36rem;margin:12vh auto;padding:0 1.5rem;line-height:1.55">` +
        `<p style="margin:0 0 3rem"><a href="/" style="color:#1a1c22;text-decoration:none;font-family:Georgia,serif;font-size:1.5rem">Stillhour</a></p>` +
        `<main><p style="margin:0;color:#5b5e68">${status}</p><h1 style="font-family:Georgia,serif;font-weight:400;font-size:2rem;margin:.25rem 0 1rem">${title}</h1>` +
        `<p>${message}</p><p><a href="/" style="color:#b4532f">Go to the home page</a></p></main></body></html>`,
    );
}

function isPlainForm(req: ExpressRequest): boolean {
  return (req.headers["content-type"] ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The store was away while a form sent without JavaScript was being saved (issue 24, ADR 041): nothing
 * was changed, and the page carries everything the person sent in hidden fields of a form that posts it
 * to the same address again, so "try again" loses nothing. Sending it twice is safe: every action that
 * must happen once is keyed by what the form carries (ADR 041, "Money and identity are exact").
 */
function sendFormAgainPage(req: ExpressRequest, res: ExpressResponse, url: URL, fields: URLSearchParams) {
  const headers = new Headers();
  applySecurityHeaders(headers, url, { nonce: createNonce() });
  headers.forEach((value, name) => res.setHeader(name, value));
  const hidden = [...fields]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const action = escapeHtml(`${url.pathname}${url.search}`);
  res
    .status(503)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<meta name="robots" content="noindex"><link rel="icon" href="/favicon.ico" sizes="any"><title>We couldn't save that just now · Stillhour</title></head>` +
        `<body style="font-family:system-ui,sans-serif;background:#faf8f5;color:#1a1c22;max-width:36rem;margin:12vh auto;padding:0 1.5rem;line-height:1.55">` +
        `<p style="margin:0 0 3rem"><a href="/" style="color:#1a1c22;text-decoration:none;font-family:Georgia,serif;font-size:1.5rem">Stillhour</a></p>` +
        `<main><p style="margin:0;color:#5b5e68">503</p><h1 style="font-family:Georgia,serif;font-weight:400;font-size:2rem;margin:.25rem 0 1rem">We couldn't save that just now</h1>` +
        `<p role="alert">Our side is having a short break, so nothing was changed. What you sent is kept on this page: try again in a minute and it goes as it was.</p>` +
        `<form method="post" action="${action}">${hidden}` +
        `<button type="submit" style="font:inherit;background:#1a1c22;color:#faf8f5;border:0;border-radius:999px;padding:.75rem 1.5rem;cursor:pointer">Try again</button></form>` +
        `<p><a href="${escapeHtml(url.pathname)}" style="color:#b4532f">Back to the page</a></p></main></body></html>`,
    );
}

/** The request's headers as Remix will see them (cookies and the client address are set separately). */
function fetchHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i];
    if (["cookie", "x-client-ip"].includes(name.toLowerCase())) continue;
    headers.append(name, req.rawHeaders[i + 1]);
  }
  return headers;
}

/**
 * The request as Remix sees it. A body is handed on as it streams in, counted against `body.cap`:
 * past it the stream fails (the route's reader answers 413) and nothing more is read into the app.
 */
function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  url: URL,
  cookieHeader: string,
  requestId: string,
  body: { cap: number; passed: boolean; kept?: Uint8Array[] },
): Request {
  const controller = new AbortController();
  // Only a connection gone before the answer ended aborts the request: an abort builds a DOMException
  // with its stack, and doing so after every finished answer cost 0.6 % of a member view (issue 38).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = fetchHeaders(req);
  if (cookieHeader) headers.set("cookie", cookieHeader);
  headers.set("x-request-id", requestId);
  // The address rate limits count by; set here so a client cannot choose it.
  headers.set("x-client-ip", req.ip ?? req.socket.remoteAddress ?? "unknown");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // preventCancel: cancelling the source destroys the connection before the answer can be sent;
    // the unread rest is thrown away once the answer is out (discardUnreadBody).
    const limited = createReadableStreamFromReadable(req).pipeThrough(
      byteLimit(body.cap, () => (body.passed = true)),
      { preventCancel: true },
    );
    // A plain form's bytes are kept (within its cap) for the page that offers to send it again when
    // the store was away (sendFormAgainPage).
    const kept = body.kept;
    init.body =
      kept && isPlainForm(req)
        ? limited.pipeThrough(
            new TransformStream<Uint8Array, Uint8Array>({
              transform(chunk, controller) {
                kept.push(chunk);
                controller.enqueue(chunk);
              },
            }),
          )
        : limited;
    init.duplex = "half";
    res.once("finish", () => discardUnreadBody(req));
  }
  return new Request(url, init);
}

/**
 * After the answer is sent, the rest of a body the app did not read: a browser waits to finish sending
 * before it shows any answer, and a paused body would leave it waiting for good.
 */
function discardUnreadBody(req: ExpressRequest) {
  if (req.complete || req.destroyed) return;
  let discarded = 0;
  // The stream Remix read from is done with; its listener would keep the bytes.
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BODY_BYTES) req.socket.destroy();
  });
  req.resume();
}

function requestUrl(req: ExpressRequest): URL {
  const host = req.get("x-forwarded-host") ?? req.get("host") ?? "localhost";
  return new URL(req.originalUrl, `${req.protocol}://${host}`);
}

/** A request id from upstream when it looks like one, else a new one. */
function acceptRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

/** One structured line per request: method, path, status, duration and request id. */
function logRequest(entry: {
  method: string;
  path: string;
  status: number;
  started: bigint;
  requestId: string;
  cache?: string;
  tally?: ReadTally;
  trace?: string;
}) {
  const durationMs = Math.round(Number(process.hrtime.bigint() - entry.started) / 1e5) / 10;
  const line: Record<string, unknown> = {
    severity: "INFO",
    level: "info",
    msg: "request",
    method: entry.method,
    path: entry.path,
    status: entry.status,
    requestId: entry.requestId,
    cache: entry.cache,
    durationMs,
  };
  if (entry.trace) line[TRACE_FIELD] = entry.trace;
  // The store reads this request made (only with STATS_ENDPOINT on: a debug figure for the bench).
  if (entry.tally)
    Object.assign(line, { storeOps: entry.tally.ops, storeDocs: entry.tally.docs, storeRepeats: entry.tally.repeats.length });
  writeLogLine(`${JSON.stringify(line)}\n`);
}

function requestLog(enabled: boolean, countReads: boolean, routeLabel: (pathname: string) => string): express.RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = acceptRequestId(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const tally = countReads ? newReadTally() : undefined;
    // Taken now: a "finish" listener does not run in the request's own context.
    const trace = currentTrace();
    res.on("finish", () => {
      observeRequest(routeLabel(req.path), req.method, res.statusCode, elapsedSeconds(started));
      if (enabled)
        logRequest({
          method: req.method,
          path: pathForLog(req.path),
          status: res.statusCode,
          started,
          requestId,
          cache: res.locals.cache,
          tally,
          trace,
        });
    });
    if (tally) withReadTally(tally, next);
    else next();
  };
}

function elapsedSeconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The metrics' exposition text (docs/operating.md names each series). */
async function sendMetrics(res: http.ServerResponse) {
  const { contentType, body } = await renderMetrics();
  res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
  res.end(body);
}

/**
 * The metrics on a port of their own (METRICS_PORT): `/metrics` and nothing else, behind METRICS_TOKEN
 * when one is set. Not the public port: the platform must not expose it (docs/operating.md).
 */
export function createMetricsServer(token: string | undefined): http.Server {
  collectProcessMetrics();
  return http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    if (token && !hasMetricsToken(req.headers.authorization, token)) {
      res.writeHead(401, { "Content-Type": "text/plain; charset=utf-8", "WWW-Authenticate": "Bearer" }).end("A bearer token is needed\n");
      return;
    }
    sendMetrics(res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

function listPublicFiles(publicDir: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (full !== join(publicDir, "build")) walk(full);
      } else {
        files.add(`/${relative(publicDir, full).split(sep).join("/")}`);
      }
    }
  };
  try {
    walk(publicDir);
  } catch {
    // No public folder: nothing static to serve besides the build.
  }
  return files;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
