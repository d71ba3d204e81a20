import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rule tags every member and staff page is held to. */
export const WCAG_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22aa",
];

/**
 * Label in Name (2.5.3) is still marked experimental in axe-core 4.13, which tags alone leave out;
 * it is named here so the rule runs whichever axe-core is installed.
 */
const ALSO_RUN = { "label-content-name-mismatch": { enabled: true } };

/** The serious and critical WCAG A/AA findings on the page as it is now, one line each. */
export async function wcagFindings(
  page: Page,
  label = page.url()
): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ rules: ALSO_RUN })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    );
}

/** The axe-core version the helper above runs (the one @axe-core/playwright bundles). */
export async function axeVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (window as unknown as { axe?: { version: string } }).axe?.version ??
      "not loaded"
  );
}
