import type { ServerBuild } from "@remix-run/node";
import type { BuildMeta } from "~/platform/build-freshness";

/**
 * The build-metadata files the browser reads to stay current (issue 13, §7): `/build-meta/{id}.json`
 * for the running build (its route rules: the paths that are documents or files rather than app pages,
 * so a client can load them in full) and `/build-meta/latest.json`, the build now being served.
 * The id is Remix's manifest version, the same the page carries in `window.__remixManifest`.
 */
export function buildMetaFor(build: Pick<ServerBuild, "assets" | "routes">, timestamp: number): BuildMeta {
  const routeRules: Record<string, { document: true }> = {};
  for (const route of Object.values(build.routes)) {
    if (route.path && !route.module.default) routeRules[`/${route.path}`] = { document: true };
  }
  return { id: build.assets.version, timestamp, routeRules };
}

/** The answer for a requested file name, or null (404) for any other. */
export function buildMetaFile(meta: BuildMeta, file: string): { body: string; cacheControl: string } | null {
  if (file === "latest.json") return { body: JSON.stringify({ id: meta.id, timestamp: meta.timestamp }), cacheControl: "no-cache" };
  if (file === `${meta.id}.json`) return { body: JSON.stringify(meta), cacheControl: "public, max-age=31536000, immutable" };
  return null;
}
