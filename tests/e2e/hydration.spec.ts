import { expect, test } from "../support/test";

/**
 * React error #345: a key pressed while React 18 hydrated the document could leave the page
 * un-hydrated (ADR 010). 25 loads on each of two pages, Tab pressed without pause from
 * DOMContentLoaded on; every load must hydrate (no page error) and the next click must be a client
 * navigation. The fixture fails the test on any page error or console error.
 */
test.describe.configure({ mode: "parallel" });

for (const path of ["/", "/about"]) {
  test(`keys pressed during hydration on ${path} never break the page (25 loads)`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 390, height: 844 });
    for (let load = 0; load < 25; load += 1) {
      await page.goto(path, { waitUntil: "commit" });
      await page.waitForLoadState("domcontentloaded");
      const stormEnds = Date.now() + 1_000;
      while (Date.now() < stormEnds) await page.keyboard.press("Tab");
      // Hydrated: the app's behaviours ran (they set the size class on <body>).
      await page.waitForFunction(() => /size-(mobile|tablet|desktop)/.test(document.body.className), null, { timeout: 10_000 });
      await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
      await page.locator("footer a[href='/privacy']").click();
      await expect(page).toHaveURL(/\/privacy$/);
      expect(
        await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true),
        `load ${load}: a client navigation`,
      ).toBe(true);
    }
  });
}
