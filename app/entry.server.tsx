import type { AppLoadContext as RemixLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { mergeRouteHandles } from "~/lib/route-handle";
import { getEnv } from "~/lib/env.server";
import { NonceProvider } from "~/lib/nonce";
import { pathForLog } from "~/server/http/log-path.server";
import { byteString, deferHydrationScripts, documentResponse, documentSink, insertBeforeBodyEnd } from "~/server/http/document-html.server";
import { PAGE_QUERY_HEADER } from "~/server/http/page-cache.server";
import { surveySlotHtml } from "~/server/survey-slot.server";
import { applySecurityHeaders, baseSecurityHeaders, createNonce } from "~/server/http/security-headers.server";

// The server entry also hands the Node server what it needs to start (see server.js).
export { startServer } from "~/server/http/http-server.server";
export { runStartupTasks, startScheduleJobs } from "~/server/http/startup.server";
export { missingRouterPatches } from "~/server/http/router-patches.server";
export { deleteIdleAnonymousAccounts } from "~/models/privacy/account-cleanup.server";
export { reconcilePayments } from "~/models/checkout/payment-webhook.server";
export { generateClassesAndTellFollowers } from "~/models/engagement/following.server";
export { sendReminders } from "~/models/classes/class-reminders.server";
export { deliverDueGifts } from "~/models/wallet/gifts.server";
export { runCreditJobs } from "~/models/classes/credit-jobs.server";
export { grantStaffRole } from "~/models/staff/people.server";
export { retryPendingMail } from "~/platform/mail.server";
export { installLogFields } from "~/server/http/log-lines.server";
export * as storeCommands from "~/services/store/commands.server";

const RENDER_TIMEOUT_MS = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: RemixLoadContext,
) {
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : createNonce();
  const url = new URL(request.url);
  applySecurityHeaders(responseHeaders, url, { nonce });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The page's merged route handles, once per render (three merges before, issue 38).
  const handle = pageHandle(remixContext);
  if (!responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", documentCacheControl(responseStatusCode, remixContext, handle));
  }
  // The parameters the page reads, for the page cache's key (issue 35); the front door takes it off.
  const { query } = handle;
  responseHeaders.set(PAGE_QUERY_HEADER, query === "*" ? "*" : query.join(","));
  responseHeaders.append("Vary", "Cookie");
  // A member's survey on the pages that show surveys: static markup, no script (ADR 048).
  const surveySlot = surveySlotHtml(request, loadContext ?? undefined, {
    status: responseStatusCode,
    surveys: handle.surveys,
  });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every page waits for all its data: pages are cached whole, and crawlers see everything.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          void surveySlot.then((survey) => {
            const sink = documentSink();
            sink.page.then(
              (page) => {
                clearTimeout(deadline);
                const html = survey ? insertBeforeBodyEnd(deferHydrationScripts(page), byteString(survey)) : deferHydrationScripts(page);
                resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
              },
              (error: unknown) => {
                clearTimeout(deadline);
                reject(error);
              },
            );
            // The sink is the part of a Writable React uses (document-html.server.ts), not a stream.
            pipe(sink.stream as unknown as Writable);
          });
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(error, request);
        },
      },
    );
    // The render's deadline; cleared once the page is written, so a finished render is not aborted
    // later (which only made an error of writing to an ended stream, once per page, issue 25). The
    // callbacks above read it only from promise reactions, after this line has run.
    const deadline = setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
  });
}

/** Data requests (client navigations) get the same base headers as documents. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  for (const [name, value] of Object.entries(baseSecurityHeaders(new URL(request.url)))) {
    response.headers.set(name, value);
  }
  return response;
}

/**
 * Errors are logged with their cause and never shown; aborted requests are not errors. A thrown
 * response (a 404 from a loader, Remix's 405 for a POST to a page without an action) is the site
 * answering, so it is logged as an answer with its status, not as a failure.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.name === "StoreUnavailableError") {
    // The front door answers a calm 503 for it (server/http-server.server.ts, docs/decisions/041).
    if (context && typeof context === "object") (context as { storeUnavailable?: boolean }).storeUnavailable = true;
    console.warn(
      JSON.stringify({ level: "warn", msg: "store unavailable", requestId: request.headers.get("x-request-id"), cause: error.message }),
    );
    return;
  }
  const status = error instanceof Response || isRouteErrorResponse(error) ? error.status : null;
  if (status === null) return logError(error, request);
  const url = new URL(request.url);
  (status >= 500 ? console.error : console.log)(
    JSON.stringify({
      level: status >= 500 ? "error" : "info",
      msg: "request answered",
      requestId: request.headers.get("x-request-id"),
      method: request.method,
      path: pathForLog(url.pathname),
      status,
    }),
  );
};

function pageHandle(remixContext: EntryContext) {
  return mergeRouteHandles(remixContext.staticHandlerContext.matches.map((match) => remixContext.routeModules[match.route.id]?.handle));
}

function documentCacheControl(status: number, remixContext: EntryContext, handle: ReturnType<typeof pageHandle>): string {
  if (status !== 200 || handle.requiresAuth) return "private, no-store";
  // A route without its own `headers` export hands on its parent's headers, and Remix drops its
  // loader's: a page whose loader said it is personal (a visitor's privacy choice, a code in
  // /subscribe, a gift form) must not go out public because of that, so the strictest loader wins.
  const { loaderHeaders, actionHeaders } = remixContext.staticHandlerContext;
  const said = [...Object.values(loaderHeaders ?? {}), ...Object.values(actionHeaders ?? {})].map((h) => h.get("Cache-Control") ?? "");
  if (said.some((value) => /\b(private|no-store)\b/.test(value))) return "private, no-store";
  const seconds = getEnv().PAGE_CACHE_SECONDS;
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds * 10}`;
}

function logError(error: unknown, request: Request) {
  const cause = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { value: String(error) };
  console.error(
    JSON.stringify({
      level: "error",
      msg: "request failed",
      requestId: request.headers.get("x-request-id"),
      path: pathForLog(new URL(request.url).pathname),
      cause,
    }),
  );
}
