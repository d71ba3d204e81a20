import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/art/colour";

/** Reads the colour tokens of one theme straight from app.css, so the test checks what ships. */
function themeTokens(css: string, theme: "light" | "dark"): Record<string, string> {
  const tokens: Record<string, string> = {};
  const blocks = css.matchAll(/([^{}]+)\{([^{}]*)\}/g);
  for (const [, selector, body] of blocks) {
    const selectors = selector.split(",").map((s) => s.trim().replace(/\s+/g, " "));
    const matches = selectors.includes(`body[data-theme="${theme}"]`) || (theme === "light" && selectors.includes("body"));
    if (!matches) continue;
    for (const [, name, value] of body.matchAll(/--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)) {
      tokens[name] = value.toLowerCase();
    }
  }
  return tokens;
}

const css = readFileSync(fileURLToPath(new URL("./app.css", import.meta.url)), "utf8");

// WCAG AA: 4.5:1 for text (eyebrows, tags and links are small, so accent and calm count as text),
// 3:1 for large text and for non-text marks such as the focus ring.
const TEXT_PAIRS: Array<[string, string]> = [
  ["text", "bg"],
  ["text", "surface"],
  ["muted", "bg"],
  ["muted", "surface"],
  ["calm", "bg"],
  ["calm", "surface"],
  ["accent", "bg"],
  ["accent", "surface"],
  ["on-accent", "accent"],
  ["on-accent", "accent-hover"],
  ["error", "bg"],
  ["error", "surface"],
];
const LARGE_PAIRS: Array<[string, string]> = [
  ["accent", "bg"],
  ["accent", "surface"],
  ["calm", "bg"],
];

describe.each(["light", "dark"] as const)("the %s theme", (theme) => {
  const tokens = themeTokens(css, theme);

  it("defines every colour token of the design brief", () => {
    for (const name of ["bg", "surface", "text", "muted", "accent", "calm", "line", "on-accent", "error"]) {
      expect(tokens[name], `--${name}`).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it.each(TEXT_PAIRS)("--%s on --%s reaches 4.5:1", (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(LARGE_PAIRS)("--%s on --%s reaches 3:1 (large text, focus ring)", (fg, bg) => {
    expect(contrastRatio(tokens[fg], tokens[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe("contrastRatio", () => {
  it("matches the known extremes", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
  });

  it("fails a pair that is too faint", () => {
    expect(contrastRatio("#a7a39b", "#faf8f5")).toBeLessThan(4.5);
  });
});
