import { safeRedirectPath } from "~/lib/navigation";
import { TimeZoneFormSchema } from "~/models/identity/time-zone";
import { readSubmission } from "./submission.server";
import { savePrivateUser } from "~/models/identity/user.server";
import { getViewerState } from "./viewer.server";
import { getVisitor, rememberTimeZone } from "./visitor.server";

/**
 * Where the time-zone form returns to: a path on this site, else the schedule. Kept server-side so
 * the route's browser bundle does not pull the navigation rules out of the root chunk.
 */
export function timeZoneReturnPath(value: unknown): string {
  return safeRedirectPath(value, "/classes");
}

/** The zone form (and the browser's report, the same fields): a refusal is the one shape (ADR 060). */
export function readTimeZoneForm(request: Request) {
  return readSubmission(request, TimeZoneFormSchema);
}

/**
 * Saves a zone from the form or the browser's report: in the session, and for a member in §3
 * mostRecentTimeZone, which mail and every page read (issue 34). The browser's report reaches the
 * record whenever it differs from it, even when the session already knew the zone (a visitor who
 * signed in after their browser reported), unless this session chose a zone on the form.
 * Answers the Set-Cookie to send, null when nothing changed.
 */
export async function saveTimeZone(
  request: Request,
  context: object,
  { timeZone, source }: { timeZone: string; source: "browser" | "chosen" },
): Promise<string | null> {
  const chosenBefore = (await getVisitor(request)).timeZone?.source === "chosen";
  const setCookie = await rememberTimeZone(request, { zone: timeZone, source });
  const state = await getViewerState(request, context);
  if (state && !state.viewer.anonymous && state.user.mostRecentTimeZone !== timeZone && (source === "chosen" || !chosenBefore)) {
    await savePrivateUser(state.viewer.uid, { mostRecentTimeZone: timeZone });
  }
  return setCookie;
}
