import type { Page } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { wcagFindings } from "../support/axe";
import { expect, test } from "../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

const MEMBER = "+12015550101";

async function accountMenuName(page: Page) {
  return page.locator(".account-menu > summary").evaluate((summary) => ({
    label: summary.getAttribute("aria-label"),
    visible: (summary as HTMLElement).innerText.trim(),
  }));
}

test("the account menu's accessible name contains the text it shows (WCAG 2.5.3), at phone and desktop widths", async ({
  page,
  baseURL,
}) => {
  await signInContext(page.request, baseURL!, MEMBER);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings");
    const summary = page.locator(".account-menu > summary");
    await expect(summary).toBeVisible();
    const { visible } = await accountMenuName(page);
    const shown = visible
      .split(/\s+/)
      .filter((word) => /[a-z]{2,}/i.test(word));
    // Playwright's accessible name is the one assistive technology computes from the whole subtree.
    for (const word of shown)
      await expect(summary).toHaveAccessibleName(
        new RegExp(`\\b${word}\\b`, "i")
      );
    await expect(summary).toHaveAccessibleName(/account menu/i);
    const findings = (await wcagFindings(page, `${width}px /settings`)).filter(
      (line) => line.includes("label-content-name-mismatch")
    );
    expect(findings).toEqual([]);
  }
});
