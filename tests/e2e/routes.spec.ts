import { expect, test } from "../support/test";
import { STATIC_ROUTES } from "../support/route-table";

test.describe("the §2 route map", () => {
  for (const route of STATIC_ROUTES) {
    test(`${route.path} answers 200 as ${route.layout}/${route.theme}`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const body = page.locator("body");
      await expect(body).toHaveAttribute("data-layout", route.layout);
      await expect(body).toHaveAttribute("data-theme", route.theme);
      if (route.header) await expect(body).toHaveAttribute("data-header", route.header);
      if (route.menuOnly) await expect(body).toHaveAttribute("data-menu-only", route.menuOnly);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page).toHaveTitle(/\S/);
    });
  }

  test("a teacher page and an article answer with their own flags", async ({ page }) => {
    await page.goto("/teachers");
    const teacherHref = await page.locator('main a[href^="/teachers/"]').first().getAttribute("href");
    expect(teacherHref).toBeTruthy();
    const teacher = await page.goto(teacherHref!);
    expect(teacher?.status()).toBe(200);
    await expect(page.locator("body")).toHaveAttribute("data-layout", "main");
    await expect(page.locator("body")).toHaveAttribute("data-theme", "light");
    await expect(page.locator("body")).toHaveAttribute("data-menu-only", "scrolled");

    await page.goto("/blog");
    const articleHref = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
    const article = await page.goto(articleHref!);
    expect(article?.status()).toBe(200);
    await expect(page.locator("body")).toHaveAttribute("data-theme", "light");
    await expect(page.locator("body")).toHaveAttribute("data-banner", "true");
  });

  test("/beats has the logo-only header", async ({ page }) => {
    await page.goto("/beats");
    await expect(page.locator("body")).toHaveAttribute("data-header-variant", "logo-only");
  });

  for (const path of [
    "/no-such-page",
    "/teachers/nobody-by-this-name",
    "/blog/no-such-article",
    "/careers/no-such-job",
    "/a/b/c/d",
    "/jetblue",
  ]) {
    test(`${path} answers 404 with the Page Not Found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    });
  }

  test("every page carries the Organization JSON-LD and a description", async ({ page }) => {
    await page.goto("/about");
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const data = JSON.parse(jsonLd ?? "{}");
    expect(data["@type"]).toBe("Organization");
    expect(data.url).toMatch(/^http/);
    expect(data.logo).toMatch(/logo/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
  });
});
