import { existsSync, readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * First-load JavaScript per page (issue 25), read from the build's manifest (`npm test` builds
 * first; without a build the check is skipped): the entry, the root and the route with every module
 * each imports, gzipped at level 9 as `npm run bench` measures it. The home page may load 100 KB, a
 * member's page 120 KB.
 */
const BUILD = "public/build";
const HOME_BUDGET = 100 * 1024;
const MEMBER_BUDGET = 120 * 1024;
const MEMBER_ROUTES = [
  "routes/classes._index",
  "routes/classes.$classId",
  "routes/on-demand._index",
  "routes/on-demand.$classSlug",
  "routes/my-classes",
  "routes/settings",
  "routes/practice",
];
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
}

function readManifest(): Manifest | null {
  if (!existsSync(BUILD)) return null;
  const file = readdirSync(BUILD).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) return null;
  const text = readFileSync(`${BUILD}/${file}`, "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const manifest = readManifest();

function firstLoadBytes(routeId: string): number {
  const urls = new Set([manifest!.entry.module, ...manifest!.entry.imports]);
  for (let id: string | undefined = routeId; id; id = manifest!.routes[id]?.parentId) {
    const route = manifest!.routes[id];
    if (!route) throw new Error(`no route ${id} in the build's manifest`);
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls].reduce((sum, url) => sum + gzipSync(readFileSync(`public${url}`), { level: 9 }).length, 0);
}

describe.skipIf(!manifest)("first-load JavaScript of the built pages", () => {
  it("is at most 100 KB gzip on the home page", () => {
    expect(firstLoadBytes("routes/_index")).toBeLessThanOrEqual(HOME_BUDGET);
  });

  it.each(MEMBER_ROUTES)("is at most 120 KB gzip on %s", (routeId) => {
    expect(firstLoadBytes(routeId)).toBeLessThanOrEqual(MEMBER_BUDGET);
  });
});
