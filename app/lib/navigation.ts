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
 * A redirect target limited to this site: a path starting with one "/", never "//host", "/\host"
 * or an encoded variant of either. Anything else falls back to `fallback`.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  let decoded = target;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return fallback;
    }
  }
  for (const candidate of [target, decoded]) {
    const trimmed = candidate.replace(CONTROL_AND_SPACE, "");
    if (!trimmed.startsWith("/")) return fallback;
    if (trimmed.startsWith("//") || trimmed.startsWith("/\\")) return fallback;
    if (trimmed.includes("\\")) return fallback;
  }
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  try {
    const url = new URL(target, "https://same-site.invalid");
    if (url.origin !== "https://same-site.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
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
