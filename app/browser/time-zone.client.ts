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
 * revalidation would cancel it, and the page it brings already uses the new zone), not while a
 * form's answer is on screen (a revalidation clears action data: the visitor's errors and typed
 * values would vanish), and not while a form holds input not yet sent (a reload that failed, the
 * store away just then, would put the error page in place of what they typed). The next navigation,
 * or the form's own submission, shows the new zone's times either way.
 */
function quietMoment(): boolean {
  const state = (window as { __remixRouter?: { state: RouterState } }).__remixRouter?.state;
  if (state && (state.navigation.state !== "idle" || state.actionData != null)) return false;
  return typeof document === "undefined" || !Array.from(document.forms).some(hasUnsentInput);
}

/** The parts of a form control read here; inputs, text areas and selects have them. */
interface FormControl {
  type: string;
  value?: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  options?: ArrayLike<{ selected: boolean; defaultSelected: boolean }>;
  files?: ArrayLike<unknown> | null;
}

/** Whether a control of the form differs from what the page drew: typed, ticked, chosen or attached. */
function hasUnsentInput(form: { elements: ArrayLike<unknown> }): boolean {
  return Array.from(form.elements as ArrayLike<FormControl>).some((control) => {
    switch (control.type) {
      case "checkbox":
      case "radio":
        return control.checked !== control.defaultChecked;
      case "select-one":
      case "select-multiple":
        return Array.from(control.options ?? []).some((option) => option.selected !== option.defaultSelected);
      case "file":
        return (control.files?.length ?? 0) > 0;
      case "hidden":
      case "submit":
      case "button":
      case "reset":
      case "image":
      case "fieldset":
      case "output":
        return false;
      default:
        return control.defaultValue !== undefined && control.value !== control.defaultValue;
    }
  });
}
