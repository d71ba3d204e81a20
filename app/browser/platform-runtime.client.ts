import { watchBuild, type BuildWatch, type ConnectionInfo } from "~/platform/build-freshness";
import type { MarketingConfig } from "./marketing.client";
import { isOptedOut } from "~/platform/privacy-cookie";
import { RELOAD_GUARD_KEY, decideReload, isChunkLoadError, parseReloadRecords } from "./reload-guard";
import { afterLoad, whenIdle } from "./page-moments.client";

/**
 * What every page starts once it is interactive (issue 13), loaded lazily so none of it weighs on
 * the first load: the chunk-failure reload guard, the watch for a newer build, and, per navigation,
 * analytics page views (and the ad pixel and tag manager when configured, docs/decisions/026).
 */

interface RemixLocation {
  pathname: string;
  search: string;
  hash: string;
}
interface RemixRouter {
  state: { loaderData: Record<string, unknown>; navigation: { state: string; location?: RemixLocation; formMethod?: string } };
  subscribe(listener: (state: RemixRouter["state"]) => void): () => void;
}
type RemixWindow = Window & { __remixRouter?: RemixRouter; __remixManifest?: { version?: string } };

const REMIX_RELOAD_MESSAGE = "Error loading route module";
let started = false;
let buildWatch: BuildWatch | null = null;

function here(): string {
  return location.pathname + location.search;
}

/** Asks the guard (records in sessionStorage) whether `path` may be reloaded now; without storage, never. */
export function mayReload(path: string): boolean {
  try {
    const decision = decideReload(parseReloadRecords(sessionStorage.getItem(RELOAD_GUARD_KEY)), path, Date.now());
    sessionStorage.setItem(RELOAD_GUARD_KEY, JSON.stringify(decision.records));
    return decision.reload;
  } catch {
    return false; // a reload we cannot record could repeat forever
  }
}

/**
 * Remix 2.17 answers a route module that fails to import by logging "Error loading route module …"
 * and calling `location.reload()` on the page being left (node_modules/@remix-run/react/dist/
 * routeModules.js). `location.reload` cannot be replaced, but the log line comes first: when the
 * guard allows it, the address becomes the destination so the reload lands there; when it does not
 * (a second failure for that path within 10 s), throwing from the log stops the reload, and the
 * navigation ends on the error page instead of in a loop.
 */
function installChunkGuard(win: RemixWindow) {
  const log = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    // Remix's single fetch logs the abort of a data request that a newer navigation overtook (its
    // turbo-stream decode catches it, logs it, and the router drops the result): nothing failed.
    if (args.length === 1 && isAbortError(args[0])) return;
    if (typeof args[0] === "string" && args[0].startsWith(REMIX_RELOAD_MESSAGE)) {
      const next = win.__remixRouter?.state.navigation.location;
      const target = next ? next.pathname + next.search : here();
      if (!mayReload(target)) {
        log(`${args[0].split(",")[0]}; not reloading ${target} again within 10 s`);
        throw new Error("Chunk reload refused: already reloaded for this page moments ago");
      }
      if (target !== here()) history.pushState(null, "", target + (next?.hash ?? ""));
    }
    log(...args);
  };
  // Our own lazily imported chunks (analytics, this runtime's parts) failing after a deploy.
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason) && mayReload(here())) location.reload();
  });
}

/** A newer build seen by the hourly check turns the next navigation into a full page load. */
function startBuildWatch(win: RemixWindow) {
  const buildId = win.__remixManifest?.version;
  const router = win.__remixRouter;
  if (!buildId || !router) return;
  buildWatch = watchBuild({
    buildId,
    fetch: (...args) => fetch(...args),
    connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection ?? null,
  });
  router.subscribe((state) => {
    const { navigation } = state;
    if (!buildWatch?.stale() || navigation.state !== "loading" || !navigation.location || navigation.formMethod) return;
    buildWatch.stop();
    location.assign(navigation.location.pathname + navigation.location.search + navigation.location.hash);
  });
}

/** Hands the vendors' module the root loader's marketing config: only when configured, never after an opt-out. */
function withVendors(use: (vendors: typeof import("./marketing.client"), marketing: MarketingConfig) => unknown) {
  const marketing = ((window as RemixWindow).__remixRouter?.state.loaderData.root as { marketing?: MarketingConfig | null } | undefined)
    ?.marketing;
  if (marketing && !isOptedOut(document.cookie)) void import("./marketing.client").then((vendors) => use(vendors, marketing));
}

/**
 * A conversion the page has confirmed (a membership started): to the ad pixel under its adMaps name
 * when configured and not opted out. Our own analytics already has it from the server.
 */
export function conversion(name: string, properties: Record<string, unknown>, eventId: string) {
  withVendors((vendors, marketing) => vendors.adEvent(name, marketing, properties, eventId));
}

let settled: Promise<void> | null = null;

/**
 * Page views wait for the first page to settle: the load event and then an idle moment (2 s at
 * most). Loading and starting the analytics client right after hydration was one of the long tasks
 * of the loading phase (issue 25, docs/decisions/043); views after it keep their order.
 */
function afterPageSettled(task: () => void) {
  settled ??= new Promise((resolve) => afterLoad(() => whenIdle(() => resolve(), 2_000)));
  void settled.then(task);
}

/**
 * Escape closes the open menu (the account menu, the menu sheet) the focus is in and puts the focus
 * back on its button, as a keyboard user expects of anything that opened over the page. Without
 * JavaScript the <details> stays open until toggled again, which is still usable.
 */
function closeMenusOnEscape(event: KeyboardEvent) {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  const details = (document.activeElement as HTMLElement | null)?.closest<HTMLDetailsElement>(
    "details.account-menu[open], details.menu-sheet[open]",
  );
  if (!details) return;
  details.open = false;
  document.body.classList.remove("menu-open");
  details.querySelector<HTMLElement>(":scope > summary")?.focus();
}

function start(win: RemixWindow) {
  if (started) return;
  started = true;
  installChunkGuard(win);
  startBuildWatch(win);
  document.addEventListener("keydown", closeMenusOnEscape);
  win.addEventListener("unhandledrejection", ignoreAbortedRequests);
}

/**
 * A navigation overtaken by another (a second Enter, a quick click) has its data request aborted by
 * the router, and Remix 2's single fetch lets that abort escape as an unhandled rejection ("signal is
 * aborted without reason"). Nothing failed: the newer navigation carries on. Other rejections are left
 * to be reported as before.
 */
function ignoreAbortedRequests(event: PromiseRejectionEvent) {
  if (isAbortError(event.reason)) event.preventDefault();
}

/** The reason an aborted request rejects with: a DOMException named AbortError. */
export function isAbortError(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/** Called after hydration and after every navigation that changed the path or query. */
export function navigated(path: string, trackViews: boolean) {
  const win = window as RemixWindow;
  start(win);
  if (trackViews) afterPageSettled(() => void import("./analytics-runtime.client").then((analytics) => analytics.pageView(path)));
  withVendors((vendors, marketing) => vendors.navigated(path, marketing));
}
