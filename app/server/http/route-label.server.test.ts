import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteLabeler } from "./route-label.server";

const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const routes = Object.fromEntries(
  [
    route("root", undefined, ""),
    route("routes/_index", "root", undefined, true),
    route("routes/about", "root", "about"),
    route("routes/classes.$classId", "root", "classes/:classId"),
    route("routes/_partner", "root", undefined),
    route("routes/_partner.canopy", "routes/_partner", "canopy"),
    route("routes/blog._index", "root", "blog", true),
    route("routes/$token", "root", ":token"),
    route("routes/$", "root", "*"),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild["routes"];

describe("the request metric's route label (ADR 057)", () => {
  const label = createRouteLabeler(routes, new Set(["/favicon.ico"]));

  it("is the answering route's pattern, never the path", () => {
    expect(label("/")).toBe("/");
    expect(label("/about")).toBe("/about");
    expect(label("/classes/abc123")).toBe("/classes/:classId");
    expect(label("/classes/zzz")).toBe("/classes/:classId");
    expect(label("/canopy")).toBe("/canopy");
    expect(label("/blog")).toBe("/blog");
    expect(label("/7KQ2M8XPV4HRZT6C")).toBe("/:token");
    expect(label("/a/b/c/d")).toBe("/*");
  });

  it("names data requests, static files and the front door's own answers by kind", () => {
    expect(label("/classes/abc.data")).toBe("/classes/:classId.data");
    expect(label("/_root.data")).toBe("/.data");
    expect(label("/build/_shared/chunk-ABC.js")).toBe("/build/*");
    expect(label("/build-meta/latest.json")).toBe("/build-meta/:file");
    expect(label("/favicon.ico")).toBe("(public file)");
    expect(label("/healthz")).toBe("/healthz");
    expect(label("/metrics")).toBe("/metrics");
  });

  it("keeps the number of labels bounded however many paths are asked", () => {
    const seen = new Set(
      Array.from({ length: 2_000 }, (_, i) => label(`/classes/${i}`)).concat(Array.from({ length: 2_000 }, (_, i) => label(`/x${i}/y`))),
    );
    expect([...seen].sort()).toEqual(["/*", "/classes/:classId"]);
  });
});
