import { afterLoad, whenIdle } from "./page-moments.client";
import { syncTimeZone } from "./time-zone.client";

/**
 * When the browser's sign-in starts (docs/decisions/028-sign-in-starts-when-needed.md), loaded by
 * AuthRuntime after hydration so none of this is first-load JavaScript:
 * - `eager` (a member's page, the sign-in form, where a sign-out lands): once the page has loaded and
 *   the main thread is idle;
 * - otherwise, for a visitor who may only be reading: at their first touch, click, key or focus, or
 *   VISITOR_START_DELAY_MS after load, so the SDK and the anonymous account (§1) come after the
 *   page's loading phase instead of inside it.
 * The browser's time zone is reported in the first idle moment after load either way (class times
 * follow it, issue 9).
 */
export const VISITOR_START_DELAY_MS = 3_000;

const FIRST_USE_EVENTS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

export function scheduleSignIn({ eager, start, onTimeZoneChanged }: { eager: boolean; start: () => void; onTimeZoneChanged: () => void }) {
  let done = false;
  const startOnce = () => {
    if (done) return;
    done = true;
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, startOnce, { capture: true });
    start();
  };
  afterLoad(() => {
    whenIdle(() => void syncTimeZone(onTimeZoneChanged));
    if (eager) return whenIdle(startOnce);
    setTimeout(() => whenIdle(startOnce), VISITOR_START_DELAY_MS);
  });
  if (eager) return;
  // A tap or key before this module arrived (it loads after hydration) counts as the first use.
  if (navigator.userActivation?.hasBeenActive) return startOnce();
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, startOnce, { capture: true, passive: true });
}
