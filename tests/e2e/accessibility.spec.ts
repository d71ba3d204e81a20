import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../support/test";
import { STATIC_ROUTES } from "../support/route-table";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";

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

async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function firstLink(page: import("@playwright/test").Page, listPath: string, prefix: string) {
  await page.goto(listPath);
  return page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
}

test.describe("accessibility (axe)", () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  test("a teacher, an article, a series and a careers opening have no serious or critical violations", async ({ page }) => {
    const paths = [
      await firstLink(page, "/teachers", "/teachers/"),
      await firstLink(page, "/blog", "/blog/"),
      await firstLink(page, "/learn", "/learn/"),
      await firstLink(page, "/careers", "/careers/"),
    ];
    for (const path of paths) {
      expect(path).toBeTruthy();
      await page.goto(path!);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    }
  });

  test("member pages: the header's open account menu and onboarding have no serious or critical violations", async ({ page, baseURL }) => {
    test.skip(!EMULATOR_HOST, "needs the Auth emulator");
    await signInContext(page.request, baseURL!, "+12015550101");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/about");
      await page.locator(".account-menu summary").click();
      await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.context().clearCookies();
    await signInContext(page.request, baseURL!, `+1202555${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.goto("/onboarding");
    await expect(page.getByRole("heading", { name: /what should we call you/i })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the menu works by keyboard with a visible focus ring", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // No wait for hydration: a key pressed while the page hydrates is safe since ADR 010.
    await page.goto("/about");
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
