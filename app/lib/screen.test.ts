import { describe, expect, it } from "vitest";
import { breakpointOf, isInstagramBrowser, screenState, sizeClassOf } from "./screen";

describe("size class (§4)", () => {
  it.each([
    [320, "portrait", "mobile"],
    [480, "portrait", "mobile"],
    [481, "portrait", "tablet"],
    [768, "landscape", "tablet"],
    [769, "landscape", "desktop"],
    [1024, "portrait", "tablet"],
    [1025, "portrait", "desktop"],
    [1440, "landscape", "desktop"],
  ] as const)("%i px %s is %s", (width, orientation, expected) => {
    expect(sizeClassOf(width, orientation)).toBe(expected);
  });
});

describe("breakpoints (§9)", () => {
  it.each([
    [374, "portrait", "xxs"],
    [375, "portrait", "xs"],
    [480, "portrait", "xs"],
    [481, "portrait", "sm"],
    [767, "portrait", "sm"],
    [768, "landscape", "md"],
    [900, "landscape", "lg"],
    [1024, "portrait", "md"],
    [1200, "landscape", "lg"],
    [1201, "landscape", "xl"],
    [1440, "landscape", "xl"],
    [1441, "landscape", "xxl"],
  ] as const)("%i px %s is %s", (width, orientation, expected) => {
    expect(breakpointOf(width, orientation)).toBe(expected);
  });

  it("derives orientation from the window", () => {
    expect(screenState(390, 844, true)).toMatchObject({ orientation: "portrait", sizeClass: "mobile", breakpoint: "xs", touch: true });
    expect(screenState(1440, 900, false)).toMatchObject({ orientation: "landscape", sizeClass: "desktop", breakpoint: "xl" });
  });

  it("recognises the Instagram in-app browser", () => {
    expect(isInstagramBrowser("Mozilla/5.0 (iPhone) AppleWebKit Instagram 300.0.0")).toBe(true);
    expect(isInstagramBrowser("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe(false);
  });
});
