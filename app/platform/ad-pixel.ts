/**
 * The ad pixel's rules (§2, §3 adMaps), pure so they can be tested and shared by the browser code:
 * which paths report a page view, which navigations count, and the pixel's name for one of our events.
 */

/** `*` matches any run of characters; everything else matches itself. The whole path must match. */
export function pathMatchesPattern(pattern: string, path: string): boolean {
  const parts = pattern.split("*");
  if (parts.length === 1) return pattern === path;
  if (!path.startsWith(parts[0]) || !path.endsWith(parts[parts.length - 1])) return false;
  // Greedy-free linear scan: each middle part must appear, in order, after the previous one.
  let at = parts[0].length;
  const end = path.length - parts[parts.length - 1].length;
  if (end < at) return false;
  for (const part of parts.slice(1, -1)) {
    const found = path.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

/** The default (no patterns stored) is every path. */
export function pathIsTracked(patterns: readonly string[] | undefined, pathname: string): boolean {
  if (!patterns || patterns.length === 0) return true;
  return patterns.some((pattern) => pathMatchesPattern(pattern, pathname));
}

/**
 * Whether a navigation to `next` reports a pixel page view: the first page of a visit does, a new path
 * does; the same path again (a query change, a re-render) or a hash-only move does not.
 */
export function shouldReportPageView(previous: string | null, next: string, patterns?: readonly string[]): boolean {
  const pathname = (value: string) => value.split(/[?#]/)[0];
  if (previous !== null && pathname(previous) === pathname(next)) return false;
  return pathIsTracked(patterns, pathname(next));
}

/** The pixel's name for one of our events, or null when adMaps does not map it. */
export function pixelEventName(events: Readonly<Record<string, string>> | undefined, name: string): string | null {
  return events && Object.hasOwn(events, name) ? events[name] : null;
}
