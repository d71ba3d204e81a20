import type { ServerBuild } from "@remix-run/node";

/**
 * A Remix server build assembled from the source modules, so the front door can be tested in vitest
 * without `remix build`: the real entry.server and real routes (a subset), plus test-only routes.
 * Client assets are named but never fetched; these tests read what the server sends.
 */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
}

export async function appRoutes(): Promise<BuildRoute[]> {
  return [
    { id: "root", path: "", module: await import("~/root") },
    { id: "routes/_index", parentId: "root", index: true, module: await import("~/routes/_index/route") },
    { id: "routes/about", parentId: "root", path: "about", module: await import("~/routes/about/route") },
    { id: "routes/faq", parentId: "root", path: "faq", module: await import("~/routes/faq/route") },
    { id: "routes/blog._index", parentId: "root", path: "blog", index: true, module: await import("~/routes/blog._index/route") },
    {
      id: "routes/mental-detox-ebook",
      parentId: "root",
      path: "mental-detox-ebook",
      module: await import("~/routes/mental-detox-ebook/route"),
    },
    { id: "routes/_partner", parentId: "root", module: await import("~/routes/_partner/route") },
    { id: "routes/_partner.canopy", parentId: "routes/_partner", path: "canopy", module: await import("~/routes/_partner.canopy/route") },
    { id: "routes/$token", parentId: "root", path: ":token", module: await import("~/routes/$token/route") },
    { id: "routes/$", parentId: "root", path: "*", module: await import("~/routes/$/route") },
  ];
}

/** The build, with `entryModule` standing in for entry.server (wrap its default export to observe renders). */
export function createTestBuild(routes: BuildRoute[], entryModule: ServerBuild["entry"]["module"]): ServerBuild {
  const serverRoutes: ServerBuild["routes"] = {};
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const route of routes) {
    const module = route.module;
    serverRoutes[route.id] = { id: route.id, parentId: route.parentId, path: route.path, index: route.index, module: module as never };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      module: `/build/${route.id}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
  }
  return {
    mode: "production",
    entry: { module: entryModule },
    routes: serverRoutes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/build/manifest-test.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    },
    isSpaMode: false,
  } as ServerBuild;
}
