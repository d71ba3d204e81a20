import { expect, test } from "../support/test";
import { STATIC_ROUTES } from "../support/route-table";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { wcagFindings } from "../support/axe";

const PAGES = [
  ...STATIC_ROUTES.map((route) => route.path),
  "/learn",
  "/no-such-page",
  "/sign-in",
  "/sign-in?mode=email",
  "/signed-out",
  "/auth/email-link?oobCode=not-a-real-code-0000",
  ...(EMULATOR_HOST ? ["/demo/outbox"] : []),
];

async function firstLink(page: import("@playwright/test").Page, listPath: string, prefix: string) {
  await page.goto(listPath);
  return page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
}

/**
 * The public pages in batches of about nine, one page each (a new browser page per path cost more
 * than most scans), held to the same WCAG 2.0-2.2 A and AA rules as the member pages (tests/support/axe.ts).
 */
const BATCH = 9;
const BATCHES = Array.from({ length: Math.ceil(PAGES.length / BATCH) }, (_, i) => PAGES.slice(i * BATCH, (i + 1) * BATCH));

test.describe("accessibility (axe, WCAG 2.0-2.2 A and AA)", () => {
  for (const paths of BATCHES) {
    test(`${paths[0]} … ${paths.at(-1)} (${paths.length} pages) have no serious or critical findings`, async ({ page }) => {
      test.setTimeout(120_000);
      const findings: string[] = [];
      for (const path of paths) {
        await page.goto(path);
        findings.push(...(await wcagFindings(page, path)));
      }
      expect(findings).toEqual([]);
    });
  }

  test("a teacher, an article, a series and a careers opening have no serious or critical findings", async ({ page }) => {
    const paths = [
      await firstLink(page, "/teachers", "/teachers/"),
      await firstLink(page, "/blog", "/blog/"),
      await firstLink(page, "/learn", "/learn/"),
      await firstLink(page, "/careers", "/careers/"),
    ];
    const findings: string[] = [];
    for (const path of paths) {
      expect(path).toBeTruthy();
      await page.goto(path!);
      findings.push(...(await wcagFindings(page, path!)));
    }
    expect(findings).toEqual([]);
  });

  test("member pages: the header's open account menu and onboarding have no serious or critical findings", async ({ page, baseURL }) => {
    test.skip(!EMULATOR_HOST, "needs the Auth emulator");
    await signInContext(page.request, baseURL!, "+12015550101");
    const findings: string[] = [];
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/about");
      await page.locator(".account-menu summary").click();
      await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
      findings.push(...(await wcagFindings(page, `${width}px /about, account menu open`)));
    }
    await page.context().clearCookies();
    await signInContext(page.request, baseURL!, `+1202555${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.goto("/onboarding");
    await expect(page.getByRole("heading", { name: /what should we call you/i })).toBeVisible();
    findings.push(...(await wcagFindings(page, "/onboarding")));
    expect(findings).toEqual([]);
  });

  test("the menu works by keyboard with a visible focus ring", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // No wait for hydration: a key pressed while the page hydrates is safe since ADR 010.
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await page.keyboard.press("Tab");
    const skip = page.locator(":focus");
    await expect(skip).toHaveText(/skip to content/i);
    const menu = page.locator("details.menu-sheet summary");
    await menu.focus();
    const outline = await menu.evaluate((el) => getComputedStyle(el).outlineStyle + getComputedStyle(el).boxShadow);
    expect(outline).not.toBe("nonenone");
    await page.keyboard.press("Enter");
    await expect(page.locator("details.menu-sheet")).toHaveAttribute("open", "");
    await expect(page.locator(".menu-sheet__panel a").first()).toBeVisible();
  });
});
