/**
 * Addresses as the logs may keep them (issue 23): a path that carries a bearer token (a gift code,
 * an invitation or short-link token, a checkout session id) keeps its shape but not the token, so
 * whoever reads the logs cannot redeem, follow or pay with what they find there. A gift code keeps
 * its first and last four characters (`/7KQ2-••••-••••-ZT6C`, enough to tell a support question
 * apart, 40 bits short of usable); any other token becomes `[token]`.
 */

/** Routes whose named segment is a bearer token, as route patterns (the root `:token` is found from the route table). */
const TOKEN_ROUTES = ["demo/checkout/:sessionId", "gift/receipt/:giftId"];

const MASK = "[token]";

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

// An invitation: 14 random characters, or (made before issue 23) a first name and six.
const INVITATION = /^(?:[0-9a-z]{14}|[a-z]{1,12}-[0-9a-z]{6,})$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether a one-segment path nobody's page claims may be a token. Our tokens are random: digits,
 * capitals or underscores, a gift code's or an invitation's shape, or long. A word-like mistyped
 * page (`/no-such-page`) is kept, so broken links stay readable in the 404 log.
 */
function mayBeToken(segment: string): boolean {
  const text = decoded(segment);
  return /[^a-z-]/.test(text) || INVITATION.test(text) || text.length > 24;
}

function maskedToken(segment: string): string {
  const code = decoded(segment).replace(/[\s-]/g, "");
  if (/^[0-9A-Za-z]{16}$/.test(code)) return `${code.slice(0, 4).toUpperCase()}-••••-••••-${code.slice(12).toUpperCase()}`;
  return MASK;
}

/**
 * A masker for the site's route patterns (full paths, `:param` for a segment, `*` for a splat): one
 * path segment that no static route names is the `/{token}` route's, and is masked when it may be a
 * token; so are the token segments of TOKEN_ROUTES. Everything else is logged as it came.
 */
export function createLogPathMasker(routePatterns: readonly string[]): (pathname: string) => string {
  const named = new Set(
    routePatterns
      .map((pattern) => segmentsOf(pattern)[0])
      .filter(
        (first): first is string => first !== undefined && !first.startsWith(":") && !first.startsWith("*") && !first.startsWith("("),
      ),
  );
  const tokenRoutes = TOKEN_ROUTES.map(segmentsOf);
  return (pathname) => {
    const segments = segmentsOf(pathname);
    if (segments.length === 1 && !named.has(segments[0]) && mayBeToken(segments[0])) return `/${maskedToken(segments[0])}`;
    for (const route of tokenRoutes) {
      if (route.length !== segments.length) continue;
      if (!route.every((part, index) => part.startsWith(":") || part === segments[index])) continue;
      return `/${route.map((part, index) => (part.startsWith(":") ? MASK : segments[index])).join("/")}`;
    }
    return pathname;
  };
}
