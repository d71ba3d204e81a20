/**
 * Per-route display flags (§2). Every route module exports `handle = defineHandle({...})`; the root
 * merges the handles of the matched routes, deepest winning. The zod schema that checks every handle
 * lives in route-handle.server.ts and runs when the server starts (docs/decisions/002-route-handles.md),
 * so the browser bundle carries no validator.
 */
export const LAYOUTS = ["main", "lander"] as const;
export const SHELLS = ["site", "staff"] as const;
export const THEMES = ["light", "dark"] as const;
export const HEADER_STYLES = ["fixed", "static"] as const;
export const HEADER_VARIANTS = ["full", "logo-only"] as const;
export const FOOTERS = ["full", "compact"] as const;
export const MENU_ONLY_MODES = ["always", "scrolled", "never"] as const;
export const ROLES = ["admin", "blogEditor", "cohost", "facilitator", "studioStaff"] as const;
export const VIEW_KEYS = ["path", "route"] as const;

export interface RouteHandle {
  /** A short stable name used for `data-route` and page classes. */
  name: string;
  layout: (typeof LAYOUTS)[number];
  /** "staff": the back office's own quiet shell (app/routes/staff/route.tsx draws it) instead of the site's header and footer. */
  shell: (typeof SHELLS)[number];
  theme: (typeof THEMES)[number];
  header: (typeof HEADER_STYLES)[number];
  /** "logo-only" is the /beats variant: the header shows the wordmark and nothing else. */
  headerVariant: (typeof HEADER_VARIANTS)[number];
  /** "compact" is the landers' one line of links; the home page keeps the full footer. */
  footer: (typeof FOOTERS)[number];
  banner: boolean;
  surveys: boolean;
  logoOnScroll: boolean;
  menuOnly: (typeof MENU_ONLY_MODES)[number];
  fitScreen: boolean;
  scrollAllowed: boolean;
  requiresAuth: boolean;
  roles: Array<(typeof ROLES)[number]>;
  trackViews: boolean;
  /** How a route's view is keyed for remounting: by path (articles) or by route name. */
  key: (typeof VIEW_KEYS)[number];
  /** §2 /blog/{titleSlug}: keep the scroll position when a `signup` query parameter is present. */
  keepScrollOnSignup: boolean;
  /** The page shows times in the visitor's zone: a newly reported browser zone reloads its data. */
  localTimes: boolean;
  /**
   * The query parameters that change the page (issue 35), or "*" for any. A shared page is cached and
   * rendered with these alone: `/?r=123` is `/`, so a random parameter cannot make every visit a
   * render, and a page cannot show a parameter it did not name. "*" (the default) keys on them all.
   */
  query: string[] | "*";
}

export type PartialRouteHandle = Partial<RouteHandle>;

/** §2 defaults: main layout, light theme, no auth, no roles, view tracking on. */
export const DEFAULT_ROUTE_HANDLE: RouteHandle = {
  name: "page",
  layout: "main",
  shell: "site",
  theme: "light",
  header: "static",
  headerVariant: "full",
  footer: "full",
  banner: false,
  surveys: false,
  logoOnScroll: false,
  menuOnly: "never",
  fitScreen: false,
  scrollAllowed: true,
  requiresAuth: false,
  roles: [],
  trackViews: true,
  key: "route",
  keepScrollOnSignup: false,
  localTimes: false,
  query: "*",
};

const ROUTE_HANDLE = Symbol.for("stillhour.route-handle");
type BrandedHandle = PartialRouteHandle & { readonly [ROUTE_HANDLE]: true };

/** Marks a route's flags as a handle; the server checks every one against the schema when it starts. */
export function defineHandle(handle: PartialRouteHandle): PartialRouteHandle {
  return Object.freeze({ ...handle, [ROUTE_HANDLE]: true as const });
}

/** True for a value made by defineHandle; anything else on a match is ignored rather than trusted. */
export function isRouteHandle(value: unknown): value is BrandedHandle {
  return typeof value === "object" && value !== null && ROUTE_HANDLE in value;
}

/** Merges the handles of the matched routes, outermost first; the deepest route wins field by field. */
export function mergeRouteHandles(handles: ReadonlyArray<unknown>): RouteHandle {
  const merged: RouteHandle = { ...DEFAULT_ROUTE_HANDLE };
  for (const handle of handles) {
    if (!isRouteHandle(handle)) continue;
    for (const [key, value] of Object.entries(handle)) {
      if (value !== undefined && key in merged) Object.assign(merged, { [key]: value });
    }
  }
  return merged;
}

/** The attributes the root puts on <body>; styles and tests rely on them. */
export function bodyAttributes(handle: RouteHandle) {
  return {
    "data-layout": handle.layout,
    "data-theme": handle.theme,
    "data-header": handle.header,
    "data-header-variant": handle.headerVariant,
    "data-menu-only": handle.menuOnly,
    "data-banner": String(handle.banner),
    "data-surveys": String(handle.surveys),
    "data-route": handle.name,
    className: bodyClasses(handle).join(" "),
  } as const;
}

export function bodyClasses(handle: RouteHandle): string[] {
  const classes = [
    `layout-${handle.layout}`,
    `theme-${handle.theme}`,
    `header-${handle.header}`,
    `route-${handle.name}`,
    `menu-only-${handle.menuOnly}`,
  ];
  if (handle.headerVariant !== "full") classes.push(`header-${handle.headerVariant}`);
  if (handle.fitScreen) classes.push("fit-screen");
  if (handle.logoOnScroll) classes.push("logo-on-scroll");
  return classes;
}
