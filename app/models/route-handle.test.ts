import { describe, expect, it } from "vitest";
import { DEFAULT_ROUTE_HANDLE, bodyAttributes, defineHandle, mergeRouteHandles } from "./route-handle";

describe("mergeRouteHandles", () => {
  it("gives the §2 defaults when no route sets anything", () => {
    const merged = mergeRouteHandles([undefined, {}]);
    expect(merged).toEqual(DEFAULT_ROUTE_HANDLE);
    expect(merged.theme).toBe("light");
    expect(merged.layout).toBe("main");
    expect(merged.requiresAuth).toBe(false);
    expect(merged.roles).toEqual([]);
    expect(merged.trackViews).toBe(true);
  });

  it("lets the deepest route win, field by field", () => {
    const merged = mergeRouteHandles([
      { name: "page" },
      { name: "lander", layout: "lander", theme: "dark", header: "fixed" },
      { name: "jetblue-flyfi", menuOnly: "scrolled" },
    ]);
    expect(merged).toMatchObject({ name: "jetblue-flyfi", layout: "lander", theme: "dark", header: "fixed", menuOnly: "scrolled" });
  });

  it("ignores a handle that does not fit the schema instead of trusting it", () => {
    const merged = mergeRouteHandles([{ name: "about", theme: "dark" }, { theme: "purple" }, "nonsense", null]);
    expect(merged.theme).toBe("dark");
    expect(merged.name).toBe("about");
  });

  it("rejects a misspelt flag when a route defines its handle", () => {
    expect(() => defineHandle({ theme: "dusk" as never })).toThrow();
    expect(() => defineHandle({ banner: true, bannner: true } as never)).toThrow();
  });
});

describe("bodyAttributes", () => {
  it("puts every flag on <body> as data attributes and classes", () => {
    const attributes = bodyAttributes(
      mergeRouteHandles([{ name: "home", layout: "lander", theme: "dark", header: "fixed", banner: true, surveys: true, logoOnScroll: true }]),
    );
    expect(attributes).toMatchObject({
      "data-layout": "lander",
      "data-theme": "dark",
      "data-header": "fixed",
      "data-menu-only": "never",
      "data-banner": "true",
      "data-surveys": "true",
      "data-route": "home",
    });
    expect(attributes.className.split(" ")).toEqual(
      expect.arrayContaining(["layout-lander", "theme-dark", "header-fixed", "route-home", "logo-on-scroll"]),
    );
  });
});
