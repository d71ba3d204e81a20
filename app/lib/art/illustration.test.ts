import { describe, expect, it } from "vitest";
import { ART_KINDS, ILLUSTRATION_PALETTE, illustrationSrc, illustrationSvg, isArtKind, isArtSeed, sceneFor } from "./illustration";

const SEEDS = Array.from({ length: 40 }, (_, i) => `class-${i}-2026-11-${String((i % 28) + 1).padStart(2, "0")}`);

describe("the illustration language", () => {
  it("draws the same picture for the same seed, every time", () => {
    for (const kind of ART_KINDS) expect(illustrationSvg(kind, "settle-in")).toBe(illustrationSvg(kind, "settle-in"));
  });

  it("never draws two seeds alike, nor one seed alike in two kinds", () => {
    for (const kind of ART_KINDS) {
      const drawn = new Set(SEEDS.map((seed) => illustrationSvg(kind, seed)));
      expect(drawn.size).toBe(SEEDS.length);
    }
    const kinds = new Set(ART_KINDS.map((kind) => illustrationSvg(kind, "one-seed")));
    expect(kinds.size).toBe(ART_KINDS.length);
  });

  it("differs in its shapes, not only in its grain, between neighbouring seeds", () => {
    const shapes = (svg: string) => svg.replace(/seed="\d+"/, "");
    expect(shapes(illustrationSvg("meditation", "a-1"))).not.toBe(shapes(illustrationSvg("meditation", "a-2")));
  });

  it("is a well-formed SVG document with its size set, a horizon of shapes and grain", () => {
    for (const kind of ART_KINDS) {
      for (const seed of SEEDS.slice(0, 10)) {
        const svg = illustrationSvg(kind, seed);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(balanced(svg)).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg).toContain("feTurbulence");
        // More than a backdrop and a blob: a composed scene has many shapes.
        expect(svg.match(/<(path|circle|ellipse|rect)\b/g)!.length).toBeGreaterThan(8);
      }
    }
  });

  it("stays small: every picture is well under 4 KB", () => {
    for (const kind of ART_KINDS) for (const seed of SEEDS) expect(Buffer.byteLength(illustrationSvg(kind, seed))).toBeLessThan(3800);
  });

  it("uses the brand's palette and nothing else", () => {
    const palette = new Set<string>(Object.values(ILLUSTRATION_PALETTE));
    for (const kind of ART_KINDS) {
      for (const seed of SEEDS) {
        const colours = illustrationSvg(kind, seed).match(/#[0-9a-fA-F]{3,8}\b|rgba?\(|hsla?\(/g) ?? [];
        for (const colour of colours) expect(palette.has(colour)).toBe(true);
      }
    }
  });

  it("is decorative (hidden) unless it is given a title, then it is a titled image", () => {
    const decorative = illustrationSvg("sleep", "evening-unwind");
    expect(decorative).toContain('aria-hidden="true"');
    expect(decorative).not.toContain("<title");
    const titled = illustrationSvg("portrait", "teacher-amara", { title: `Amara & "friends"` });
    expect(titled).toContain('role="img"');
    expect(titled).toContain('aria-labelledby="t"><title id="t">Amara &#38; &#34;friends&#34;</title>');
    expect(titled).not.toContain("aria-hidden");
  });

  it("says what a practice is through its scene", () => {
    expect(sceneFor("sleep")).toBe("sleep");
    expect(sceneFor("Breathwork")).toBe("breathwork");
    expect(sceneFor("mindfulness")).toBe("mindfulness");
    expect(sceneFor("Partner", "canopy")).toBe(sceneFor("Partner", "canopy"));
    expect(new Set(["canopy", "ritual", "juna", "mudwtr", "deux", "flex"].map((s) => sceneFor("", s))).size).toBeGreaterThan(1);
    expect(sceneFor("meditation")).toBe("meditation");
    expect(sceneFor("studio")).toBe("studio");
    expect(sceneFor(null)).toBe("meditation");
  });

  it("gives each item one cached address, with the drawing's version, and only seeds the route accepts", () => {
    expect(illustrationSrc("sleep", "evening-unwind")).toMatch(/^\/art\/sleep\/evening-unwind\.svg\?v=\d+$/);
    expect(illustrationSrc("portrait", "a/b c")).toMatch(/^\/art\/portrait\/a-b-c\.svg/);
    expect(isArtSeed("drift-2026-11-28")).toBe(true);
    expect(isArtSeed("../etc")).toBe(false);
    expect(isArtKind("portrait")).toBe(true);
    expect(isArtKind("stripes")).toBe(false);
  });
});

/** Every opened element is closed, in order (a small XML well-formedness check). */
function balanced(svg: string): boolean {
  const stack: string[] = [];
  for (const tag of svg.match(/<\/?[a-zA-Z]+[^>]*>/g) ?? []) {
    if (tag.endsWith("/>")) continue;
    const name = /^<\/?([a-zA-Z]+)/.exec(tag)![1]!;
    if (tag.startsWith("</")) {
      if (stack.pop() !== name) return false;
    } else stack.push(name);
  }
  return stack.length === 0;
}
