import { expect, test, untilHydrated } from "../support/test";

test.describe("the shell's behaviours", () => {
  test("size class, breakpoint and orientation follow the window", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    const body = page.locator("body");
    await expect(body).toHaveClass(/size-mobile/);
    await expect(body).toHaveClass(/bp-xs/);
    await expect(body).toHaveClass(/orientation-portrait/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(body).toHaveClass(/size-desktop/);
    await expect(body).toHaveClass(/bp-xl/);
    await page.setViewportSize({ width: 800, height: 1100 });
    await expect(body).toHaveClass(/size-tablet/);
  });

  test("a menu opened while the page's scripts are still on their way stays open once they run", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The entry script is held until the menu is open, as on a phone whose scripts arrive late.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/build/entry.client-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    await page.locator("details.menu-sheet summary").click();
    await expect(page.locator(".menu-sheet__panel a").first()).toBeVisible();
    expect(await page.evaluate(() => /\bsize-/.test(document.body.className))).toBe(false);
    release();
    await untilHydrated(page);
    await expect(page.locator("details.menu-sheet")).toHaveAttribute("open", "");
    await expect(page.locator(".menu-sheet__panel a").first()).toBeVisible();
    // Moving to another page still closes it.
    await page.locator(".menu-sheet__panel a", { hasText: /^classes$/i }).click();
    await expect(page).toHaveURL(/\/classes$/);
    await expect(page.locator("details.menu-sheet")).not.toHaveAttribute("open", "");
  });

  test("the app root is marked scrolled while the page is scrolled", async ({ page }) => {
    await page.goto("/about");
    const app = page.locator("#app");
    await expect(app).not.toHaveClass(/scrolled/);
    await page.mouse.wheel(0, 600);
    await expect(app).toHaveClass(/scrolled/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(app).not.toHaveClass(/scrolled/);
  });

  test("the header takes a class while the hero crosses its middle, and drops it after", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    const header = page.locator(".site-header");
    await page.evaluate(() => {
      const hero = document.querySelector(".hero")!;
      window.scrollTo(0, hero.getBoundingClientRect().top + window.scrollY + 40);
    });
    await expect(header).toHaveClass(/site-header--over-hero/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(header).not.toHaveClass(/site-header--over-hero/);
  });

  test("moving to another page scrolls to the top; a hash scrolls to its target", async ({ page }) => {
    await page.goto("/faq");
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer a[href="/press"]').click();
    await expect(page.locator("body")).toHaveAttribute("data-route", "press");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goto("/learn");
    await page.locator('main a[href^="/learn/"]').first().click();
    await expect(page.locator("body")).toHaveAttribute("data-route", "learn-series");
    const lessonLink = page.locator('nav[aria-label="Lessons in this series"] a').last();
    const target = (await lessonLink.getAttribute("href"))!.slice(1);
    await lessonLink.click();
    await expect
      .poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), target))
      .toBeLessThan(200);
  });

  test("a same-site link inside an article body navigates within the app", async ({ page }) => {
    await page.goto("/blog");
    await page.locator('main a[href^="/blog/"]').first().click();
    await expect(page.locator("body")).toHaveAttribute("data-route", "article");
    const inBody = page.locator('[data-dynamic-content] a[href^="/"]').first();
    // Every seeded article links to another page of the site.
    expect(await inBody.count()).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = "kept"));
    await inBody.click();
    await expect(page.locator("body")).not.toHaveAttribute("data-route", "article");
    expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe("kept");
  });

  test("a share link opens a centred popup with JavaScript", async ({ page, context }) => {
    // Outside hosts are unreachable here: answer the share service locally.
    await context.route("https://twitter.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>share</title>" }));
    await page.goto("/blog");
    await page.locator('main a[href^="/blog/"]').first().click();
    await expect(page.locator("body")).toHaveAttribute("data-route", "article");
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.locator('.share-links a[data-network="twitter"]').click()]);
    await popup.waitForLoadState();
    const shared = new URL(popup.url());
    expect(shared.hostname).toBe("twitter.com");
    expect(shared.searchParams.get("url")).toMatch(/\/blog\//);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });
});
