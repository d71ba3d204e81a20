import { pixelEventName, shouldReportPageView } from "~/platform/ad-pixel";
import { afterLoad, whenIdle } from "./page-moments.client";
import { isOptedOut } from "~/platform/privacy-cookie";

/**
 * The ad pixel, tag manager and social tracking script (issue 13, §2, §7). Loaded lazily by the
 * platform runtime, only when the root loader says one of them is configured, once the page has
 * settled (VENDOR_DELAY_MS after load, in an idle moment), and never for a visitor who opted out. No inline script: the queues the vendors'
 * snippets would define inline are made here, and their scripts come from origins the CSP allows
 * only when configured (app/server/http/security-headers.server.ts).
 */

export interface MarketingConfig {
  pixel: { id: string; pathPatterns: string[]; events: Record<string, string> } | null;
  tagManager: string | null;
  social: string | null;
}

type Queue = ((...args: unknown[]) => void) & {
  queue?: unknown[];
  loaded?: boolean;
  version?: string;
  push?: unknown;
  callMethod?: (...args: unknown[]) => void;
};
type MarketingWindow = Window & { fbq?: Queue; _fbq?: Queue; twq?: Queue; dataLayer?: unknown[] };

let started: Promise<void> | null = null;
let lastPath: string | null = null;

function addScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * How long after the load event the vendors wait before starting. Their scripts are several hundred
 * milliseconds of main-thread work on a mid-range phone (docs/performance.md); started the moment the
 * page is idle they land inside its loading phase, where they cost the visitor responsiveness and the
 * page about ten Lighthouse points. Five seconds on, the page has settled; a visitor who leaves sooner
 * is not reported to them (docs/decisions/027-marketing-scripts-after-settling.md).
 */
export const VENDOR_DELAY_MS = 5_000;

function whenSettled(): Promise<void> {
  return new Promise((resolve) => afterLoad(() => setTimeout(() => whenIdle(resolve, 2_000), VENDOR_DELAY_MS)));
}

function startVendors(next: MarketingConfig) {
  const win = window as MarketingWindow;
  // The queues exist at once, so nothing reported meanwhile is lost; each script is added in its own
  // idle moment, so the three do not arrive and run as one block.
  const scripts: string[] = [];
  if (next.pixel && !win.fbq) {
    const queue: unknown[] = [];
    const fbq: Queue = (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : queue.push(args));
    fbq.queue = queue;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    win.fbq = win._fbq = fbq;
    fbq("init", next.pixel.id);
    scripts.push("https://connect.facebook.net/en_US/fbevents.js");
  }
  if (next.tagManager) {
    win.dataLayer = win.dataLayer ?? [];
    win.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    scripts.push(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(next.tagManager)}`);
  }
  if (next.social && !win.twq) {
    const queue: unknown[] = [];
    const twq: Queue = (...args: unknown[]) => (twq.callMethod ? twq.callMethod(...args) : queue.push(args));
    twq.queue = queue;
    twq.version = "1.1";
    win.twq = twq;
    twq("config", next.social);
    scripts.push("https://static.ads-twitter.com/uwt.js");
  }
  const addNext = () => {
    const src = scripts.shift();
    if (!src) return;
    addScript(src);
    whenIdle(addNext, 2_000);
  };
  addNext();
}

/** Starts the vendors once per page life (after settling, never after an opt-out); later calls share it. */
function ensureStarted(next: MarketingConfig): Promise<void> {
  started ??= whenSettled().then(() => {
    if (!isOptedOut(document.cookie)) startVendors(next);
  });
  return started;
}

/** After each navigation: starts the vendors once, then reports a pixel page view when the rules say so. */
export async function navigated(path: string, next: MarketingConfig) {
  if (isOptedOut(document.cookie)) return;
  await ensureStarted(next);
  const win = window as MarketingWindow;
  if (!next.pixel || !win.fbq || isOptedOut(document.cookie)) return;
  const report = shouldReportPageView(lastPath, path, next.pixel.pathPatterns);
  if (lastPath === null || lastPath.split(/[?#]/)[0] !== path.split(/[?#]/)[0]) lastPath = path;
  if (report) win.fbq("track", "PageView");
}

// The pixel's own event names; anything else adMaps names is sent as a custom event.
const STANDARD_PIXEL_EVENTS = new Set([
  "AddPaymentInfo",
  "AddToCart",
  "CompleteRegistration",
  "Contact",
  "InitiateCheckout",
  "Lead",
  "Purchase",
  "Schedule",
  "StartTrial",
  "Subscribe",
  "ViewContent",
]);

/**
 * One of our events (e.g. `Subscribe_Completed`), reported to the pixel under its adMaps name once the
 * vendors have started; nothing when unmapped, when the pixel is not configured, or after an opt-out.
 * `eventId` lets the pixel drop a repeat of the same conversion.
 */
export async function adEvent(name: string, next: MarketingConfig, properties: Record<string, unknown> = {}, eventId?: string) {
  const mapped = pixelEventName(next.pixel?.events, name);
  if (!mapped || !next.pixel || isOptedOut(document.cookie)) return;
  await ensureStarted(next);
  const win = window as MarketingWindow;
  if (!win.fbq || isOptedOut(document.cookie)) return;
  win.fbq(STANDARD_PIXEL_EVENTS.has(mapped) ? "track" : "trackCustom", mapped, properties, ...(eventId ? [{ eventID: eventId }] : []));
}
