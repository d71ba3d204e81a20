import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import postcss, { type Rule } from "postcss";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/art/colour";
import { ILLUSTRATION_PALETTE } from "~/lib/art/illustration";

/**
 * Issue 34, item 7: choices and selects in the brand's colours (never the browser's blue), with AA
 * contrast in both themes; fallback fonts cut to the web fonts' measure; the three critical font
 * files preloaded; and the pictures' palette taken from the themes' own tokens.
 */
const css = readFileSync(fileURLToPath(new URL("./app.css", import.meta.url)), "utf8");
const links = readFileSync(fileURLToPath(new URL("./links.ts", import.meta.url)), "utf8");
const root = postcss.parse(css);

function declarations(selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type !== "root") return;
    if (!rule.selectors.map((s) => s.replace(/\s+/g, " ")).includes(selector)) return;
    rule.walkDecls((decl) => {
      found[decl.prop] = decl.value;
    });
  });
  return found;
}

function tokens(theme: "light" | "dark"): Record<string, string> {
  const selector = theme === "light" ? 'body[data-theme="light"]' : 'body[data-theme="dark"]';
  const found: Record<string, string> = {};
  for (const [name, value] of Object.entries(declarations(selector))) if (name.startsWith("--")) found[name.slice(2)] = value.toLowerCase();
  return found;
}

describe("choices and selects", () => {
  it("draws checkboxes and radios itself, in the accent, with a visible focus ring", () => {
    expect(declarations('input[type="checkbox"]').appearance).toBe("none");
    expect(declarations('input[type="checkbox"]:checked').background).toBe("var(--accent)");
    expect(declarations('input[type="radio"]::before').background).toBe("var(--accent)");
    expect(declarations('input[type="checkbox"]:focus-visible').outline).toMatch(/var\(--accent\)/);
  });

  it("keeps AA contrast in both themes: the box's edge and the radio's dot against the page, the tick against the accent", () => {
    for (const theme of ["light", "dark"] as const) {
      const t = tokens(theme);
      for (const background of [t.surface!, t.bg!]) {
        expect(contrastRatio(t.muted!, background), `${theme} edge`).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(t.accent!, background), `${theme} dot`).toBeGreaterThanOrEqual(3);
      }
      expect(contrastRatio(t["on-accent"]!, t.accent!), `${theme} tick`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("gives every select, in a form field or not, a comfortable size and the theme's chevron", () => {
    const select = declarations("select");
    expect(select.appearance).toBe("none");
    expect(Number.parseInt(select["min-height"]!, 10)).toBeGreaterThanOrEqual(44);
    expect(select["background-image"]).toMatch(/var\(--muted\)/);
  });
});

describe("fonts", () => {
  it("names a metric-matched fallback right after each web font", () => {
    expect(css).toMatch(/--font-display: "Fraunces", "Fraunces Fallback",/);
    expect(css).toMatch(/--font-text: "Inter", "Inter Fallback",/);
    const fallbacks: string[] = [];
    root.walkAtRules("font-face", (rule) => {
      const family = rule.nodes?.find((node) => node.type === "decl" && node.prop === "font-family");
      if (!family || !/Fallback/.test((family as { value: string }).value)) return;
      const props = new Set(rule.nodes!.flatMap((node) => (node.type === "decl" ? [node.prop] : [])));
      for (const prop of ["src", "size-adjust", "ascent-override", "descent-override"]) expect(props.has(prop)).toBe(true);
      fallbacks.push((family as { value: string }).value);
    });
    expect(new Set(fallbacks)).toEqual(new Set(['"Inter Fallback"', '"Fraunces Fallback"']));
  });

  it("preloads every font file the first paint uses, the semibold of labels and buttons included", () => {
    for (const file of ["fraunces-latin-400-normal.woff2", "inter-latin-400-normal.woff2", "inter-latin-600-normal.woff2"]) {
      expect(css).toContain(file);
      expect(links).toContain(file);
    }
    expect(links.match(/rel: "preload"/g)).toHaveLength(3);
  });
});

describe("the pictures' palette", () => {
  it("is the themes' own tokens and nothing else", () => {
    const themeColours = new Set(
      [...Object.values(tokens("light")), ...Object.values(tokens("dark"))].filter((v) => /^#[0-9a-f]{6}$/.test(v)),
    );
    for (const colour of Object.values(ILLUSTRATION_PALETTE)) expect(themeColours.has(colour), colour).toBe(true);
  });
});
