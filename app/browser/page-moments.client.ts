/**
 * The two moments the lazy browser modules wait for (sign-in, the time-zone report, the marketing
 * vendors): the load event, and an idle stretch of the main thread after it.
 */

/** Runs `task` once the page has loaded (at once if it already has). */
export function afterLoad(task: () => void) {
  if (document.readyState === "complete") task();
  else window.addEventListener("load", task, { once: true });
}

/** Runs `task` in the next idle moment, or after `timeoutMs` at the latest (200 ms without the API). */
export function whenIdle(task: () => void, timeoutMs = 3_000) {
  if ("requestIdleCallback" in window) window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}
