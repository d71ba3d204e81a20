import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rule tags every member and staff page is held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Label in Name (2.5.3) was marked experimental in axe-core 4.13, which tags alone leave out (4.14
 * tags it wcag21a); it is named here so the rule runs whichever axe-core is installed.
 */
const ALSO_RUN = { "label-content-name-mismatch": { enabled: true } };

/**
 * The serious and critical WCAG A/AA findings on the page as it is now, one line each. Legacy mode
 * runs axe wholly inside the page: the default opens a blank page in the same context to merge
 * results, and in a context with JavaScript off that page never answers.
 */
export async function wcagFindings(page: Page, label = page.url()): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    .options({ rules: ALSO_RUN, resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The axe-core version the helper above runs (the one @axe-core/playwright bundles). */
export async function axeVersion(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { axe?: { version: string } }).axe?.version ?? "not loaded");
}

/**
 * The findings on a page as a browser without JavaScript has it. axe cannot run in such a page (its
 * queue waits on timers that never fire), so the page's document is scanned in `scanner`, a page
 * with scripts, served at the same address with a policy that lets no script run and with
 * <noscript> content shown as a browser without JavaScript shows it.
 */
export async function wcagFindingsWithoutJavaScript(page: Page, scanner: Page, label = page.url()): Promise<string[]> {
  const url = page.url().split("#")[0];
  const html = (await page.content()).replace(/<noscript>/g, '<div data-noscript="">').replace(/<\/noscript>/g, "</div>");
  await scanner.route(
    (address) => address.href === url,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/html; charset=utf-8",
        body: html,
        headers: { "content-security-policy": "script-src 'none'" },
      }),
    { times: 1 },
  );
  await scanner.goto(url);
  const [seen, scanned] = await Promise.all([page.title(), scanner.title()]);
  if (seen !== scanned) throw new Error(`the scan of ${url} shows "${scanned}", not "${seen}"`);
  return wcagFindings(scanner, label);
}
