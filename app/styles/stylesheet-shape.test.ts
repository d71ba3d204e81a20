import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { expect, it } from "vitest";

/**
 * The stylesheet is flat on purpose: no rule inside another rule. A rule left without its closing
 * brace (easy to do when two changes to the end of the file meet) turns everything after it into
 * nested rules that only match inside that one element, and no browser reports it. This happened
 * once: the survey panel stopped hiding itself after a client-side move.
 */
it("has no rule nested in another rule, and every brace closes", () => {
  const css = readFileSync(fileURLToPath(new URL("./app.css", import.meta.url)), "utf8");
  const root = postcss.parse(css);
  const nested: string[] = [];
  root.walkRules((rule) => {
    if (rule.parent?.type === "rule") nested.push(rule.selector);
  });
  expect(nested).toEqual([]);
});
