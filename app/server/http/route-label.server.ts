import type { ServerBuild } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

/** Remembered answers, by path: a cached page's path comes again and again; past this, forgotten in one go. */
const MAX_REMEMBERED_PATHS = 5_000;

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/**
 * The request-duration metric's `route` label (docs/decisions/057): the pattern of the route that
 * answers a path (`/classes/:classId`, `/:token`, `/*` for the catch-all), never the path itself, so
 * the number of series stays bounded however many addresses are asked for. A page's data request
 * (`/classes/abc.data`) is its pattern plus `.data`; the front door's own answers and static files
 * have fixed names.
 */
export function createRouteLabeler(routes: ServerBuild["routes"], publicFiles: ReadonlySet<string>): (pathname: string) => string {
  const tree = routeTree(routes);
  const patterns = new Map(Object.keys(routes).map((id) => [id, fullPattern(routes, id)]));
  const remembered = new Map<string, string>();
  const patternOf = (pathname: string): string => {
    const matches = matchRoutes(tree as never, pathname) as Array<{ route: RouteNode }> | null;
    const id = matches?.at(-1)?.route.id;
    return (id && patterns.get(id)) || "(unmatched)";
  };
  return (pathname) => {
    const known = remembered.get(pathname);
    if (known) return known;
    let label: string;
    if (pathname.startsWith("/build/")) label = "/build/*";
    else if (pathname.startsWith("/build-meta/")) label = "/build-meta/:file";
    else if (FRONT_DOOR_PATHS.has(pathname)) label = pathname;
    else if (publicFiles.has(pathname)) label = "(public file)";
    else if (pathname === "/_root.data") label = "/.data";
    else if (pathname.endsWith(".data")) label = `${patternOf(pathname.slice(0, -".data".length))}.data`;
    else label = patternOf(pathname);
    if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, label);
    return label;
  };
}

/** Paths the front door answers itself, before Remix. */
const FRONT_DOOR_PATHS = new Set(["/healthz", "/readyz", "/metrics", "/__stats"]);

function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const entries = Object.values(routes).flatMap((route) => {
    if (!route) return [];
    const node: RouteNode = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    return [{ route, node }];
  });
  const nodes = new Map(entries.map(({ node }) => [node.id, node]));
  const roots: RouteNode[] = [];
  for (const { route, node } of entries) {
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function fullPattern(routes: ServerBuild["routes"], id: string): string {
  const parts: string[] = [];
  let route: (typeof routes)[string] | undefined = routes[id];
  for (let depth = 0; route && depth < 50; depth++) {
    if (route.path) parts.unshift(route.path);
    route = route.parentId ? routes[route.parentId] : undefined;
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}
