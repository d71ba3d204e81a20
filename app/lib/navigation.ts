/**
 * §2 navigation rules, pure so they can be tested without a browser:
 * which destinations are safe, which clicks the app handles itself, and when to scroll.
 */

const CONTROL_AND_SPACE = /[\u0000-\u0020\u007f-\u009f]/g;

/** javascript:, data: and vbscript: in any case, even with whitespace or control characters inside. */
export function isDangerousUrl(href: string): boolean {
  let compact = href.replace(CONTROL_AND_SPACE, "").toLowerCase();
  try {
    // Entity- or percent-encoded schemes ("java%73cript:") are dangerous too.
    compact = decodeURIComponent(compact).replace(CONTROL_AND_SPACE, "");
  } catch {
    // Not decodable: judge the raw form.
  }
  return /^(javascript|data|vbscript):/.test(compact);
}

/**
 * A redirect target limited to this site: a path starting with one "/" followed by anything but
 * another slash or a backslash, or `fallback`. The answer is judged after the URL parser has had its
 * say too ("/.//host" and "/%2e//host" parse to "//host"), and so is every decoded and look-alike
 * reading of the input, since a proxy, a browser or a later hop may decode or fold it once more.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  // The URL parser silently drops tabs and newlines ("/\t/host" is "//host" to it).
  if (/[\u0000-\u001f\u007f-\u009f]/.test(target)) return fallback;
  const decoded = decodedFully(target);
  if (decoded === null) return fallback;
  const folded = decoded.normalize("NFKC").replace(SLASH_LOOKALIKES, "/");
  for (const reading of [target, decoded, folded]) {
    const compact = reading.replace(CONTROL_AND_SPACE, "");
    if (!startsWithOneSlash(compact) || compact.includes("\\")) return fallback;
    const parsed = sameSitePath(compact);
    if (parsed === null || !startsWithOneSlash(parsed)) return fallback;
  }
  const path = sameSitePath(target);
  return path !== null && startsWithOneSlash(path) ? path : fallback;
}

const SAME_SITE = "https://same-site.invalid";

/** Characters that look like "/" or "\\" and that NFKC leaves alone: fraction, division and other solidi. */
const SLASH_LOOKALIKES = /[\u2044\u2215\u2216\u2571\u2572\u29f5\u29f8\u29f9]/g;

function startsWithOneSlash(path: string): boolean {
  return /^\/(?![/\\])/.test(path);
}

/** The path, query and hash the URL parser makes of `candidate`, or null when it names another site. */
function sameSitePath(candidate: string): string | null {
  try {
    const url = new URL(candidate, `${SAME_SITE}/`);
    return url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/** Percent-decoded until stable (null if it never settles); a lone "%" stays, so "?q=100%25" is kept. */
function decodedFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

export type NavigationDecision =
  | { kind: "internal"; to: string }
  | { kind: "external"; href: string }
  | { kind: "refused"; reason: "dangerous-protocol" | "external-without-flag" | "malformed" };

/** §2: navigating to an external URL without an explicit flag is refused, as is a dangerous protocol. */
export function decideNavigation(href: string, currentOrigin: string, options: { external?: boolean } = {}): NavigationDecision {
  if (isDangerousUrl(href)) return { kind: "refused", reason: "dangerous-protocol" };
  let url: URL;
  try {
    url = new URL(href, currentOrigin);
  } catch {
    return { kind: "refused", reason: "malformed" };
  }
  if (url.origin === currentOrigin && !/^\/[/\\]/.test(href.trim())) {
    return { kind: "internal", to: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!["http:", "https:", "mailto:", "tel:", "sms:"].includes(url.protocol)) return { kind: "refused", reason: "dangerous-protocol" };
  return options.external ? { kind: "external", href: url.toString() } : { kind: "refused", reason: "external-without-flag" };
}

export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

/**
 * §2: a link inside marked dynamic content (an article body) is handled by the app only when it is
 * same-site; skipped for links with a scheme, modifier-key or non-primary clicks, links opening in a
 * new tab, and links to the current path. Returns the in-app destination or null.
 */
export function inAppDestination(
  click: ClickLike,
  link: { href: string | null; target: string | null; download: boolean },
  location: { origin: string; pathname: string; search: string },
): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (link.download || (link.target && link.target !== "_self")) return null;
  const href = link.href?.trim();
  if (!href || href.startsWith("#")) return null;
  // A scheme ("https:", "mailto:") or a protocol-relative "//host" is left to the browser.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || /^[/\\]{2}/.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, `${location.origin}${location.pathname}`);
  } catch {
    return null;
  }
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * §2 scroll rule. Between different pages: to the hash target when there is one, else to the top.
 * An article keeps its position when a `signup` query parameter is on the new or previous route.
 */
export function scrollDecision(
  previous: { pathname: string; search: string } | null,
  next: { pathname: string; search: string; hash: string },
  options: { keepOnSignup: boolean },
): { kind: "hash"; id: string } | { kind: "top" } | { kind: "keep" } {
  if (next.hash && next.hash.length > 1) {
    let id = next.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // keep the raw id
    }
    return { kind: "hash", id };
  }
  if (previous && previous.pathname === next.pathname) return { kind: "keep" };
  if (options.keepOnSignup) {
    const hasSignup = (search: string) => new URLSearchParams(search).has("signup");
    if (hasSignup(next.search) || (previous && hasSignup(previous.search))) return { kind: "keep" };
  }
  return { kind: "top" };
}
