import { safeRedirectPath } from "./navigation";

/**
 * Where the time-zone form returns to: a path on this site, else the schedule. Kept server-side so
 * the route's browser bundle does not pull the navigation rules out of the root chunk.
 */
export function timeZoneReturnPath(value: unknown): string {
  return safeRedirectPath(value, "/classes");
}
