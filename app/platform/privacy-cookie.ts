/** The opt-out cookie's name and reading, shared by the server's form and the browser's analytics. */
export const OPT_OUT_COOKIE = "stillhour_privacy";

/** Whether a Cookie header (or document.cookie) carries the visitor's opt-out. */
export function isOptedOut(cookie: string): boolean {
  return cookie.split(";").some((part) => part.trim() === `${OPT_OUT_COOKIE}=opt-out`);
}
