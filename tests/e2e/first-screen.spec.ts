import type { Locator, Page, TestInfo } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { keepScreenshot } from "../support/screenshots";
import { expect, test } from "../support/test";

/**
 * The first screen (issue 25): at a phone's 390 × 844 and a laptop's 1280 × 800, a page shows what it
 * is for and its first item without scrolling: no blank band of stacked paddings under the header,
 * and filters folded away on a phone. Each screen is kept as a screenshot among the test's artefacts.
 */
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const MEMBER = "+12015550101";

interface Check {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  /** What must be wholly on the first screen, below the fixed header. */
  items: (page: Page) => Locator[];
}

const PUBLIC: Check[] = [
  { name: "home", path: "/", items: (page) => [page.locator("main h1"), page.locator("main .hero .button").first()] },
  {
    name: "article",
    path: (page) => firstHref(page, "/blog", 'main a[href^="/blog/"]:not([href^="/blog/topic"])'),
    items: (page) => [page.locator("main h1"), page.locator(".article-header__meta")],
  },
  {
    name: "teacher",
    path: (page) => firstHref(page, "/teachers", 'main a[href^="/teachers/"]'),
    items: (page) => [page.locator("main h1")],
  },
  { name: "schedule", path: "/classes", items: (page) => [page.locator("main h1"), page.locator(".schedule-list > li").first()] },
  { name: "library", path: "/on-demand", items: (page) => [page.locator("main h1"), page.locator("main .od-card").first()] },
];

const MEMBER_PAGES: Check[] = [
  { name: "member-schedule", path: "/classes", items: (page) => [page.locator("main h1"), page.locator(".schedule-list > li").first()] },
  { name: "member-library", path: "/on-demand", items: (page) => [page.locator("main h1"), page.locator("main .od-card").first()] },
  {
    name: "my-classes",
    path: "/my-classes",
    items: (page) => [page.locator("main h1"), page.locator("main :is(.schedule-list > li, .empty-state)").first()],
  },
  {
    name: "settings",
    path: "/settings",
    items: (page) => [page.locator("main h1"), page.locator("#photo-title"), page.locator("#photo .photo-setting")],
  },
  {
    name: "class",
    path: (page) => firstHref(page, "/classes", '.schedule-list a[href^="/classes/"]'),
    items: (page) => [page.locator("main h1"), page.locator('[aria-labelledby="booking-title"] h2')],
  },
];

async function firstHref(page: Page, listPath: string, selector: string): Promise<string> {
  await page.goto(listPath);
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no link matching ${selector} on ${listPath}`);
  return href;
}

async function checkFirstScreens(page: Page, testInfo: TestInfo, checks: Check[]) {
  const failures: string[] = [];
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    for (const check of checks) {
      const path = typeof check.path === "string" ? check.path : await check.path(page);
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      await keepScreenshot(page, testInfo, `${check.name}-${screen.width}x${screen.height}`);
      const header = await page.locator(".site-header").boundingBox();
      const top = header ? header.y + header.height : 0;
      for (const item of check.items(page)) {
        const box = await item.boundingBox();
        const where = box ? `top ${Math.round(box.y)}, bottom ${Math.round(box.y + box.height)}` : "not shown";
        if (!box || box.y < top || box.y + box.height > screen.height) {
          failures.push(
            `${screen.width}×${screen.height} ${path}: ${item} is ${where}, the first screen is ${Math.round(top)}–${screen.height}`,
          );
        }
      }
    }
  }
  expect(failures).toEqual([]);
}

test("a visitor sees what each public page is for and its first item without scrolling, on a phone and a laptop", async ({
  page,
}, testInfo) => {
  await checkFirstScreens(page, testInfo, PUBLIC);
});

test("a member sees the first class, card or setting without scrolling, on a phone and a laptop", async ({ page, baseURL }, testInfo) => {
  test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
  await signInContext(page.request, baseURL!, MEMBER);
  await checkFirstScreens(page, testInfo, MEMBER_PAGES);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the schedule's filters fold away on a phone, open from their summary, and stay open while one is chosen", async ({ page }) => {
    await page.goto("/classes");
    const filters = page.locator("details.filters");
    const firstFilter = filters.locator("a").first();
    await expect(firstFilter).toBeHidden();
    await filters.locator("summary").click();
    await expect(firstFilter).toBeVisible();
    await filters.getByRole("link", { name: "Morning", exact: true }).click();
    await expect(page).toHaveURL(/\?.*=/);
    await expect(page.locator("details.filters")).toHaveAttribute("open", "");
    await expect(page.locator("details.filters summary")).toContainText("Morning");
  });
});
