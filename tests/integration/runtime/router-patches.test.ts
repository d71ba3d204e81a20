import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { ROUTER_PATCHES, missingRouterPatches, refusalForMissingPatches } from "../../../app/server/http/router-patches.server";
import { routerPatchChecks } from "../../support/router-patch-checks";

/**
 * ADR 054: the server's copies of the router packages are patched (patches/, applied by postinstall)
 * so that one route tree, and the router's ranked branches and answers for it, serve every request.
 * These fail if `npm install` left a package unpatched (a version bump, patch-package not run, or a
 * package installed before its patch changed). The image's install is checked the same way by
 * tests/e2e/image-rehearsal.spec.ts.
 */
const require = createRequire(import.meta.url);

describe("the server's router patches", () => {
  for (const [name, check] of routerPatchChecks(require)) it(name, check);

  it("the start-up check finds every patch applied", () => {
    expect(missingRouterPatches()).toEqual([]);
  });

  it("the start-up check names exactly the patches in patches/, each by a line its patch adds", () => {
    const files = readdirSync("patches")
      .filter((file) => file.endsWith(".patch"))
      .sort();
    const named = ROUTER_PATCHES.map((patch) => `${patch.name.replace("/", "+")}+${patch.version}.patch`).sort();
    expect(named).toEqual(files);
    for (const patch of ROUTER_PATCHES) {
      const text = readFileSync(`patches/${patch.name.replace("/", "+")}+${patch.version}.patch`, "utf8");
      const added = text.split("\n").filter((line) => line.startsWith("+") && !line.startsWith("+++"));
      expect(
        added.some((line) => line.includes(patch.marker)),
        `${patch.name}'s marker is a line its patch adds`,
      ).toBe(true);
      expect(text).toContain(`+++ b/node_modules/${patch.name}/${patch.file}`);
    }
  });

  it("each patched package is pinned to its patch's version, so an update cannot move away from it", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
      overrides: Record<string, string>;
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    for (const patch of ROUTER_PATCHES)
      expect(manifest.overrides[patch.name] ?? manifest.dependencies[patch.name], patch.name).toBe(patch.version);
    expect(manifest.scripts.postinstall).toBe("patch-package --error-on-fail");
  });

  it("production and staging refuse to start without a patch, naming it; the demo runs on", () => {
    const missing = ["@remix-run/router 1.23.4: not patched (dist/router.cjs.js)"];
    for (const appEnv of ["production", "staging"] as const) {
      const refusal = refusalForMissingPatches(appEnv, missing);
      expect(refusal).toContain("@remix-run/router 1.23.4: not patched");
      expect(refusal).toContain(`APP_ENV=${appEnv} does not start without them`);
    }
    expect(refusalForMissingPatches("demo", missing)).toBeNull();
    expect(refusalForMissingPatches("production", [])).toBeNull();
  });

  it("a package whose patch is missing is named", () => {
    // Resolved from a folder with no router packages: every one is reported, none silently passed.
    expect(missingRouterPatches("file:///")).toEqual(ROUTER_PATCHES.map((patch) => `${patch.name}: not installed`));
  });
});
