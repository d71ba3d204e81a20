import { discardBody } from "~/lib/discard-body";

const REPORTED_KEY = "stillhour.timeZoneReported";

/**
 * Reports the browser's time zone once per tab (issue 9), on the first idle moment after load, so
 * class times follow it. The server keeps a zone the visitor chose on the form, and answers whether
 * anything changed; only then, and only in a quiet moment, is `onChanged` called (the caller reloads
 * the data of a page that shows times in the visitor's zone).
 */
export async function syncTimeZone(onChanged: () => void): Promise<void> {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || sessionStorage.getItem(REPORTED_KEY) === zone) return;
  const response = await fetch("/api/time-zone", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ timeZone: zone, source: "browser" }),
  }).catch(() => null);
  if (response) await discardBody(response);
  if (response?.status !== 204) return;
  sessionStorage.setItem(REPORTED_KEY, zone);
  if (response.headers.get("X-Time-Zone-Changed") === "1" && quietMoment()) onChanged();
}

type RouterState = { navigation: { state: string }; actionData: unknown };

/**
 * Whether the page may load its data again for a new zone now. Not during a navigation (the
 * revalidation would cancel it, and the page it brings already uses the new zone), and not while a
 * form's answer is on screen (a revalidation clears action data: the visitor's errors and typed
 * values would vanish); the next navigation shows the new zone's times either way.
 */
function quietMoment(): boolean {
  const state = (window as { __remixRouter?: { state: RouterState } }).__remixRouter?.state;
  return !state || (state.navigation.state === "idle" && state.actionData == null);
}
