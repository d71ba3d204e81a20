import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

/**
 * ADR 054: what the router patches do, checked on a given install (the checkout's by
 * tests/integration/runtime/router-patches.test.ts, the rehearsed image's by tests/e2e/image-rehearsal.spec.ts).
 * `require` resolves from the install to check. Each check throws when its patch is not applied.
 */
export function routerPatchChecks(require: NodeRequire): Array<[name: string, check: () => Promise<void> | void]> {
  type Router = typeof import("@remix-run/router");
  const router = () => require("@remix-run/router") as Router;
  return [
    [
      "react-router-dom keeps one data route tree per route tree",
      () => {
        const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
        const routes = [{ id: "root", path: "/", children: [{ id: "child", path: "a" }] }];
        const context = {
          basename: "/",
          location: { pathname: "/a", search: "", hash: "", state: null, key: "default" },
          matches: [],
          loaderData: {},
          actionData: null,
          errors: null,
          statusCode: 200,
          loaderHeaders: {},
          actionHeaders: {},
          activeDeferreds: null,
        } as never;
        const first = createStaticRouter(routes, context);
        assert.equal(createStaticRouter(routes, context).routes, first.routes);
        assert.notEqual(createStaticRouter([...routes], context).routes, first.routes);
      },
    ],
    [
      "@remix-run/router answers a path it has matched against a tree from what it kept, frozen",
      () => {
        const { matchRoutes } = router();
        const routes = [
          {
            id: "root",
            path: "/",
            children: [
              { id: "classes", path: "classes/:id" },
              { id: "home", index: true },
            ],
          },
        ];
        const first = matchRoutes(routes, "/classes/abc");
        assert.deepEqual(
          first?.map((match) => [match.route.id, match.params.id]),
          [
            ["root", "abc"],
            ["classes", "abc"],
          ],
        );
        assert.equal(matchRoutes(routes, "/classes/abc"), first);
        assert.equal(matchRoutes(routes, "/classes/xyz")?.[1].params.id, "xyz");
        assert.equal(matchRoutes(routes, "/nowhere"), null);
        // Handed to every request for the path: nothing of it can be changed.
        assert.ok(
          Object.isFrozen(first) && first!.every((match) => Object.isFrozen(match) && Object.isFrozen(match.params)),
          "the kept answer is frozen",
        );
        assert.throws(() => {
          (first![1].params as Record<string, string>).id = "changed";
        }, TypeError);
        assert.equal(matchRoutes(routes, "/classes/abc")?.[1].params.id, "abc");
      },
    ],
    [
      "a loader that changes its params cannot change the next request's",
      async () => {
        const { createStaticHandler } = router();
        const seen: string[] = [];
        const refused: string[] = [];
        const handler = createStaticHandler([
          {
            id: "root",
            path: "/",
            children: [
              {
                id: "class",
                path: "classes/:id",
                loader: ({ params }) => {
                  seen.push(params.id ?? "");
                  try {
                    (params as Record<string, string>).id = "changed by a loader";
                  } catch (error) {
                    refused.push(error instanceof TypeError ? "TypeError" : String(error));
                  }
                  return null;
                },
              },
            ],
          },
        ]);
        for (let i = 0; i < 2; i += 1) await handler.query(new Request("http://localhost/classes/dawn"));
        assert.deepEqual(seen, ["dawn", "dawn"]);
        assert.deepEqual(refused, ["TypeError", "TypeError"]);
      },
    ],
    [
      "@remix-run/router resolves an absolute link path once, the same wherever it is rendered, and hands out copies",
      () => {
        const { resolveTo } = router() as unknown as {
          resolveTo: (
            to: string,
            routes: string[],
            location: string,
            relative?: boolean,
          ) => { pathname: string; search: string; hash: string };
        };
        const first = resolveTo("/classes/dawn?day=2#top", ["/", "/deep/route"], "/somewhere/", false);
        assert.deepEqual(first, { pathname: "/classes/dawn", search: "?day=2", hash: "#top" });
        first.pathname = "/changed";
        assert.deepEqual(resolveTo("/classes/dawn?day=2#top", [], "/", true), {
          pathname: "/classes/dawn",
          search: "?day=2",
          hash: "#top",
        });
        assert.equal(resolveTo("/a/../b/", ["/"], "/", false).pathname, "/b/");
        // Relative paths still resolve against the route.
        assert.equal(resolveTo("dawn", ["/", "/classes"], "/classes", false).pathname, "/classes/dawn");
        assert.equal(resolveTo(".", ["/", "/classes"], "/classes/", false).pathname, "/classes/");
        assert.ok(readFileSync(require.resolve("@remix-run/router"), "utf8").includes("resolvedAbsolutePaths.get(toArg)"));
      },
    ],
    [
      "@remix-run/react keeps the route tree it makes from the build's manifest",
      () => {
        assert.ok(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8").includes("serverRoutesOf.get(manifest.routes)"));
      },
    ],
  ];
}
