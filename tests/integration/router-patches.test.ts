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

  it("@remix-run/react keeps the route tree it makes from the build's manifest", async () => {
    const source = (await import("node:fs")).readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(source).toContain("serverRoutesOf.get(manifest.routes)");
  });
});
