import { getEnv } from "./env.server";
import { isLocalRequest } from "./local-address";

/**
 * The site's own address comes from configuration (PUBLIC_SITE_URL), never from the request: behind
 * a proxy the request's Host, X-Forwarded-Host and scheme are whatever the last hop (or a client)
 * said, so a return address or a cookie's Secure flag built from them can be steered or lost.
 */

/** This site's origin, e.g. "https://www.stillhour.example": the base of every address handed to another service. */
export function siteOrigin(): string {
  return new URL(getEnv().PUBLIC_SITE_URL).origin;
}

/** An absolute address on this site for a path ("/settings#membership"). */
export function siteUrl(path: string): string {
  return `${siteOrigin()}${path}`;
}

/** Whether the configured site is this machine over plain HTTP: the demo and the tests. */
export function siteIsLocal(): boolean {
  const configured = getEnv().PUBLIC_SITE_URL;
  // Asked for every cookie a response sets: parsed once per configured address.
  if (localSite?.configured !== configured) {
    const site = new URL(configured);
    localSite = { configured, local: site.protocol === "http:" && isLocalRequest(site) };
  }
  return localSite.local;
}

let localSite: { configured: string; local: boolean } | undefined;

/**
 * Whether a cookie set in answer to `url` carries Secure: always for a site configured away from
 * this machine, whatever scheme the request arrived with (a proxy that terminated TLS forwards plain
 * HTTP); on the local demo only when the request itself came over HTTPS.
 */
export function secureCookies(url: URL): boolean {
  return !siteIsLocal() || url.protocol === "https:";
}

/** Whether an answer to `url` carries HSTS: as for Secure cookies, but never for this machine's own names. */
export function sendsHsts(url: URL): boolean {
  return !siteIsLocal() || (url.protocol === "https:" && !isLocalRequest(url));
}
