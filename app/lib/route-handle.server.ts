import { z } from "zod";
import {
  FOOTERS,
  HEADER_STYLES,
  HEADER_VARIANTS,
  LAYOUTS,
  MENU_ONLY_MODES,
  ROLES,
  SHELLS,
  THEMES,
  VIEW_KEYS,
  isRouteHandle,
  type RouteHandle,
} from "./route-handle";

/** The one schema every route handle must satisfy (§2 flags); strict, so a misspelt flag fails. */
export const RouteHandleSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9-]+$/),
    layout: z.enum(LAYOUTS),
    shell: z.enum(SHELLS),
    theme: z.enum(THEMES),
    header: z.enum(HEADER_STYLES),
    headerVariant: z.enum(HEADER_VARIANTS),
    footer: z.enum(FOOTERS),
    banner: z.boolean(),
    surveys: z.boolean(),
    logoOnScroll: z.boolean(),
    menuOnly: z.enum(MENU_ONLY_MODES),
    fitScreen: z.boolean(),
    scrollAllowed: z.boolean(),
    requiresAuth: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    trackViews: z.boolean(),
    key: z.enum(VIEW_KEYS),
    keepScrollOnSignup: z.boolean(),
    localTimes: z.boolean(),
    query: z.union([z.literal("*"), z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).max(20)]),
  })
  .strict() satisfies z.ZodType<RouteHandle>;

export const PartialRouteHandleSchema = RouteHandleSchema.partial();

/**
 * Checks the handle of every route module; returns one line per problem, naming the route.
 * The server refuses to start when there is any (app/server/http/startup.server.ts).
 */
export function checkRouteHandles(routes: Record<string, { module: { handle?: unknown } }>): string[] {
  const problems: string[] = [];
  for (const [id, route] of Object.entries(routes)) {
    const handle = route.module.handle;
    if (handle === undefined) continue;
    if (!isRouteHandle(handle)) {
      problems.push(`${id}: handle is not made with defineHandle`);
      continue;
    }
    const result = PartialRouteHandleSchema.safeParse({ ...handle });
    if (!result.success) {
      for (const issue of result.error.issues) problems.push(`${id}: ${issue.path.join(".") || "handle"} ${issue.message}`);
    }
  }
  return problems;
}
