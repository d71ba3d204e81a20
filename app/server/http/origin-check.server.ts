/**
 * The front door's cross-site check for requests that may change something (anything but GET and
 * HEAD). It compares the Origin with the Host the way Remix's own check does (x-forwarded-host's
 * first value, else host), so a request it lets through never makes Remix throw, and adds the scheme.
 */
export type CrossSiteReason = "opaque origin" | "malformed origin" | "no host" | "other host" | "other scheme";

/**
 * Why a request must be refused as cross-site, or null when it may go on. No Origin at all goes on:
 * browsers send one with every cross-site POST, so its absence means same-site or not a browser.
 * `publicOrigin` (PUBLIC_SITE_URL's origin) counts as ours even when a proxy in front terminated
 * TLS without saying so in X-Forwarded-Proto: the host still has to match.
 */
export function crossSiteRefusal(headers: Headers, protocol: string, publicOrigin?: string): CrossSiteReason | null {
  const origin = headers.get("origin");
  if (origin === null) return null;
  if (origin === "null") return "opaque origin";
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return "malformed origin";
  }
  const host = remixHost(headers);
  if (!host) return "no host";
  if (parsed.host !== host) return "other host";
  if (parsed.protocol !== `${protocol}:` && parsed.origin !== publicOrigin) return "other scheme";
  return null;
}

/** The host Remix compares the Origin with (server-runtime's parseHostHeader). */
function remixHost(headers: Headers): string | undefined {
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host") || undefined;
}
