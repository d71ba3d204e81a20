import type { ServerBuild } from "@remix-run/node";
import { createLogPathMasker } from "~/lib/log-path";

/**
 * The one masker every log line about a request uses (the request log, cross-site refusals, the 404
 * and failure lines of entry.server), set from the build's route table when the front door starts.
 * Before that, no page is known, so every one-segment path that may be a token is masked: a token
 * is never logged by a server that forgot to say which paths are pages.
 */

let mask = createLogPathMasker([]);

/** Tells the log which paths are the site's own pages, from the build's routes. */
export function setLogRoutes(routes: ServerBuild["routes"]): void {
  const fullPath = (id: string | undefined, depth = 0): string => {
    const route = id ? routes[id] : undefined;
    if (!route || depth > 50) return "";
    return [fullPath(route.parentId, depth + 1), route.path ?? ""].filter(Boolean).join("/");
  };
  mask = createLogPathMasker(Object.keys(routes).map((id) => fullPath(id)));
}

/** The path as a log line may carry it: bearer tokens masked. */
export function pathForLog(pathname: string): string {
  return mask(pathname);
}
