import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The patches of the router packages (patches/, applied by `npm install`'s postinstall; ADR 054),
 * as the running server can check them: the image holds node_modules but not patches/, so each
 * patch is named here with the version it was written for and a line only the patched file has.
 * `tests/integration/runtime/router-patches.test.ts` keeps this list and patches/ the same.
 */
export const ROUTER_PATCHES: ReadonlyArray<{ name: string; version: string; file: string; marker: string }> = [
  // Kept ranked branches, kept and frozen matchRoutes answers, resolved absolute link paths.
  { name: "@remix-run/router", version: "1.23.4", file: "dist/router.cjs.js", marker: "Object.freeze(matches);" },
  // <RemixServer> keeps the route tree made from the build's manifest.
  { name: "@remix-run/react", version: "2.17.5", file: "dist/server.js", marker: "serverRoutesOf.get(manifest.routes)" },
  // createStaticRouter keeps its data route tree per route tree.
  { name: "react-router-dom", version: "6.30.6", file: "server.js", marker: "dataRoutesOf.get(routes)" },
];

/**
 * The patches missing from the packages this server loads, each as a short reason ("@remix-run/router
 * 1.23.4: not patched"); empty when all are applied. Packages are found from this module as Node finds
 * them for the build.
 */
export function missingRouterPatches(from: string = import.meta.url): string[] {
  const require = createRequire(from);
  const missing: string[] = [];
  for (const patch of ROUTER_PATCHES) {
    const dir = packageDir(require, patch.name);
    if (!dir) {
      missing.push(`${patch.name}: not installed`);
      continue;
    }
    const version = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: string }).version;
    if (version !== patch.version) {
      missing.push(`${patch.name}: ${version} installed, the patch is for ${patch.version}`);
      continue;
    }
    const file = join(dir, patch.file);
    if (!existsSync(file) || !readFileSync(file, "utf8").includes(patch.marker))
      missing.push(`${patch.name} ${patch.version}: not patched (${patch.file})`);
  }
  return missing;
}

/**
 * What the start does about missing patches: outside the demo (production, and staging, where
 * production is rehearsed) it refuses, with this message; the demo runs on (null).
 */
export function refusalForMissingPatches(appEnv: "demo" | "staging" | "production", missing: string[]): string | null {
  if (missing.length === 0 || appEnv === "demo") return null;
  return (
    `The router packages are missing their patches (docs/decisions/054): ${missing.join("; ")}. ` +
    `APP_ENV=${appEnv} does not start without them. Install with patches/ in place (the Dockerfile copies it before npm install); ` +
    `if a package was installed before a patch changed, remove it from node_modules and run npm install again.`
  );
}

/** The folder of an installed package, found from its entry point (some packages export no package.json). */
function packageDir(require: NodeRequire, name: string): string | null {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    return null;
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === name) return dir;
  }
  return null;
}
