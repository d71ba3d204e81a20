import { z } from "zod";

/**
 * Per-route display flags (§2). Every route module exports `handle`, built with
 * `defineHandle`, and the root merges the handles of the matched routes (deepest wins).
 */
export const RouteHandleSchema = z
  .object({
    /** A short stable name used for `data-route` and page classes. */
    name: z.string().regex(/^[a-z0-9-]+$/),
    layout: z.enum(["main", "lander"]),
    theme: z.enum(["light", "dark"]),
    header: z.enum(["fixed", "static"]),
    /** "logo-only" is the /beats variant: the header shows the wordmark and nothing else. */
    headerVariant: z.enum(["full", "logo-only"]),
    banner: z.boolean(),
    surveys: z.boolean(),
    logoOnScroll: z.boolean(),
    menuOnly: z.enum(["always", "scrolled", "never"]),
    fitScreen: z.boolean(),
    scrollAllowed: z.boolean(),
    requiresAuth: z.boolean(),
    roles: z.array(z.enum(["admin", "blogEditor", "cohost", "facilitator", "studioStaff"])),
    trackViews: z.boolean(),
    /** How a route's view is keyed for remounting: by path (articles) or by route name. */
    key: z.enum(["path", "route"]),
    /** §2 /blog/{titleSlug}: keep the scroll position when a `signup` query parameter is present. */
    keepScrollOnSignup: z.boolean(),
  })
  .strict();

export type RouteHandle = z.infer<typeof RouteHandleSchema>;

export const PartialRouteHandleSchema = RouteHandleSchema.partial();
export type PartialRouteHandle = z.infer<typeof PartialRouteHandleSchema>;

/** §2 defaults: main layout, light theme, no auth, no roles, view tracking on. */
export const DEFAULT_ROUTE_HANDLE: RouteHandle = {
  name: "page",
  layout: "main",
  theme: "light",
  header: "static",
  headerVariant: "full",
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
};

/** Checks a handle at module load, so a typo in a route fails the build's first render, not a visitor's. */
export function defineHandle(handle: PartialRouteHandle): PartialRouteHandle {
  return PartialRouteHandleSchema.parse(handle);
}

/**
 * Merges the handles of the matched routes, outermost first; the deepest route wins.
 * Anything that is not a valid partial handle is ignored rather than trusted.
 */
export function mergeRouteHandles(handles: ReadonlyArray<unknown>): RouteHandle {
  let merged: RouteHandle = { ...DEFAULT_ROUTE_HANDLE };
  for (const handle of handles) {
    const parsed = PartialRouteHandleSchema.safeParse(handle);
    if (!parsed.success) continue;
    merged = { ...merged, ...stripUndefined(parsed.data) };
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

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
