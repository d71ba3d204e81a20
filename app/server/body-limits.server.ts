import { PHOTO_MAX_REQUEST_BYTES } from "~/features/identity/profile-photo";
import { FORM_MAX_BYTES } from "~/lib/form-body.server";

/**
 * Every request body's cap, by route (docs/decisions/031-request-body-caps.md). The front door counts
 * each non-GET body against its route's cap as it streams in; a route not named here takes a plain
 * form's 16 KB. A route that needs more must be named here, or the front door refuses its bodies at
 * 16 KB whatever the route's own reader would take.
 */

/** The payment provider's webhook, exempt from the cross-site check (its signature is the check). */
export const PAYMENT_WEBHOOK_PATH = "/api/payments/webhook";
/** A provider's event is a few kilobytes; the largest (an invoice with many lines) stays far below this. */
export const PAYMENT_WEBHOOK_MAX_BYTES = 512 * 1024;
/** One analytics upload: at most 200 events of 4 KB, and the browser sends far fewer. */
export const ANALYTICS_UPLOAD_MAX_BYTES = 64 * 1024;

const ROUTE_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  // The settings page's multipart photo upload (its plain forms are read within 16 KB by the route).
  ["/settings", PHOTO_MAX_REQUEST_BYTES],
  [PAYMENT_WEBHOOK_PATH, PAYMENT_WEBHOOK_MAX_BYTES],
  ["/api/analytics", ANALYTICS_UPLOAD_MAX_BYTES],
  // An article's cover picture (issue 26; ADR 053): the same pipeline and cap as a profile photo.
  ["/staff/article-cover", PHOTO_MAX_REQUEST_BYTES],
]);

/**
 * The byte cap for a request body sent to `pathname`. A route's data request (`/settings.data`, the
 * index's `/_root.data`) takes its page's cap; any spelling Remix would route to a page but this table
 * does not know (another case, an encoded letter) gets the smaller plain-form cap, never a larger one.
 */
export function requestBodyLimit(pathname: string, extra?: ReadonlyMap<string, number>): number {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return extra?.get(path) ?? ROUTE_BODY_LIMITS.get(path) ?? FORM_MAX_BYTES;
}
