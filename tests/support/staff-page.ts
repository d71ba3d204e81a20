import type { Locator, Page } from "@playwright/test";
import { wcagFindings } from "./axe";
import { expect } from "./test";

/**
 * The row of one class on /staff/classes. The page's list is cached for up to 30 s, so a class
 * written straight into the store (tests/support/e2e-store.ts) may appear only once another test's
 * cached list has expired: the page is opened again until the row is there.
 */
export async function staffClassRow(staff: Page, baseURL: string, classId: string): Promise<Locator> {
  const row = staff.locator(".staff-class", { has: staff.locator(`a[href="/classes/${classId}"]`) });
  await expect(async () => {
    await staff.goto(`${baseURL}/staff/classes`);
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 45_000, intervals: [2000] });
  return row;
}

/**
 * What a staff page scan finds, page by page at each width: axe's serious and critical findings (the
 * WCAG 2.x A/AA set of tests/support/axe.ts) and any sideways scrolling. Each page is opened, its
 * heading awaited, and `check` run first when given (something the page must show before the scan).
 * The viewport is left at the last width; a page's own height is 900 px.
 */
export async function staffPageFindings(
  page: Page,
  pages: ReadonlyArray<readonly [path: string, widths: readonly number[]]>,
  check?: (page: Page, path: string) => Promise<void>,
): Promise<string[]> {
  const findings: string[] = [];
  for (const [path, widths] of pages) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (check) await check(page, path);
      findings.push(...(await wcagFindings(page, `${path} @${width}`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 1) findings.push(`${path} @${width}: scrolls sideways by ${overflow}px`);
    }
  }
  return findings;
}

/** The same pages at phone and desk width. */
export const atBothWidths = (paths: readonly string[]) => paths.map((path) => [path, [390, 1280]] as const);
