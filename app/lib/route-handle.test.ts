import { describe, expect, it } from "vitest";
import { DEFAULT_ROUTE_HANDLE, bodyAttributes, defineHandle, mergeRouteHandles } from "./route-handle";
import { checkRouteHandles } from "./route-handle.server";

describe("mergeRouteHandles", () => {
  it("gives the §2 defaults when no route sets anything", () => {
    const merged = mergeRouteHandles([undefined, defineHandle({})]);
    expect(merged).toEqual(DEFAULT_ROUTE_HANDLE);
    expect(merged.theme).toBe("light");
    expect(merged.layout).toBe("main");
    expect(merged.requiresAuth).toBe(false);
    expect(merged.roles).toEqual([]);
    expect(merged.trackViews).toBe(true);
  });

  it("lets the deepest route win, field by field", () => {
    const merged = mergeRouteHandles([
      defineHandle({ name: "page" }),
      defineHandle({ name: "lander", layout: "lander", theme: "dark", header: "fixed" }),
      defineHandle({ name: "jetblue-flyfi", menuOnly: "scrolled" }),
    ]);
    expect(merged).toMatchObject({ name: "jetblue-flyfi", layout: "lander", theme: "dark", header: "fixed", menuOnly: "scrolled" });
  });

  it("ignores anything that was not made by defineHandle instead of trusting it", () => {
    const merged = mergeRouteHandles([defineHandle({ name: "about", theme: "dark" }), { theme: "light" }, "nonsense", null, 42]);
    expect(merged.theme).toBe("dark");
    expect(merged.name).toBe("about");
  });
});

describe("checkRouteHandles (run when the server starts)", () => {
  it("accepts valid handles and routes without one", () => {
    expect(checkRouteHandles({ a: { module: { handle: defineHandle({ name: "a", theme: "dark" }) } }, b: { module: {} } })).toEqual([]);
  });

  it("names the route and the flag for a wrong value, a misspelt flag or a hand-made handle", () => {
    const problems = checkRouteHandles({
      "routes/dusk": { module: { handle: defineHandle({ theme: "dusk" as never }) } },
      "routes/typo": { module: { handle: defineHandle({ bannner: true } as never) } },
      "routes/raw": { module: { handle: { theme: "dark" } } },
    });
    expect(problems).toEqual([
      expect.stringMatching(/^routes\/dusk: theme /),
      expect.stringMatching(/^routes\/typo: .*bannner/),
      "routes/raw: handle is not made with defineHandle",
    ]);
  });
});

describe("bodyAttributes", () => {
  it("puts every flag on <body> as data attributes and classes", () => {
    const attributes = bodyAttributes(
      mergeRouteHandles([
        defineHandle({ name: "home", layout: "lander", theme: "dark", header: "fixed", banner: true, surveys: true, logoOnScroll: true }),
      ]),
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
