import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * ADR 054: the server's copies of the router packages are patched (patches/, applied by postinstall)
 * so that one route tree, and the router's ranked branches for it, serve every request. These fail
 * if `npm install` left a package unpatched (a version bump, or patch-package not run).
 */
const require = createRequire(import.meta.url);

describe("the server's router patches", () => {
  it("react-router-dom keeps one data route tree per route tree", () => {
    const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const routes = [{ id: "root", path: "/", children: [{ id: "child", path: "a" }] }];
    const context = { basename: "/", location: { pathname: "/a", search: "", hash: "", state: null, key: "default" }, matches: [], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null } as never;
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(createStaticRouter([...routes], context).routes).not.toBe(first.routes);
  });

  it("@remix-run/router answers a path it has matched against a tree from what it kept", () => {
    const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
    const routes = [{ id: "root", path: "/", children: [{ id: "classes", path: "classes/:id" }, { id: "home", index: true }] }];
    const first = matchRoutes(routes, "/classes/abc");
    expect(first?.map((match) => [match.route.id, match.params.id])).toEqual([
      ["root", "abc"],
      ["classes", "abc"],
    ]);
    expect(matchRoutes(routes, "/classes/abc")).toBe(first);
    expect(matchRoutes(routes, "/classes/xyz")?.[1].params.id).toBe("xyz");
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
  });

  it("@remix-run/router resolves an absolute link path once, the same wherever it is rendered, and hands out copies", async () => {
    const { resolveTo } = require("@remix-run/router") as { resolveTo: (to: string, routes: string[], location: string, relative?: boolean) => { pathname: string; search: string; hash: string } };
    const first = resolveTo("/classes/dawn?day=2#top", ["/", "/deep/route"], "/somewhere/", false);
    expect(first).toEqual({ pathname: "/classes/dawn", search: "?day=2", hash: "#top" });
    first.pathname = "/changed";
    expect(resolveTo("/classes/dawn?day=2#top", [], "/", true)).toEqual({ pathname: "/classes/dawn", search: "?day=2", hash: "#top" });
    expect(resolveTo("/a/../b/", ["/"], "/", false).pathname).toBe("/b/");
    // Relative paths still resolve against the route.
    expect(resolveTo("dawn", ["/", "/classes"], "/classes", false).pathname).toBe("/classes/dawn");
    expect(resolveTo(".", ["/", "/classes"], "/classes/", false).pathname).toBe("/classes/");
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("resolvedAbsolutePaths.get(toArg)");
    // react-router's server build skips serialising the route matches for such a path.
    expect(readFileSync(require.resolve("react-router/dist/umd/react-router.production.min.js"), "utf8")).toContain('l="string"==typeof e&&47===e.charCodeAt(0)?"[]"');
  });

  it("@remix-run/react keeps the route tree it makes from the build's manifest", async () => {
    const source = (await import("node:fs")).readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(source).toContain("serverRoutesOf.get(manifest.routes)");
  });
});
