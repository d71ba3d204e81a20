import { expect, test } from "../support/test";

test("a click between two pages is a client navigation", async ({ page }) => {
  await page.goto("/teachers");
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  // A marker on window survives only if the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { __marker: string }).__marker = "still-here"));
  const documentRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documentRequests.push(request.url());
  });
  const teacherLink = page.locator('main a[href^="/teachers/"]').first();
  const href = await teacherLink.getAttribute("href");
  await teacherLink.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("body")).toHaveAttribute("data-route", "teacher");
  expect(await page.evaluate(() => (window as unknown as { __marker?: string }).__marker)).toBe("still-here");
  expect(documentRequests).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages render and links navigate", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("body")).toHaveAttribute("data-layout", "lander");
    await expect(page.locator("h1").first()).toBeVisible();
    await page.locator('a[href="/teachers"]').first().click();
    await expect(page).toHaveURL(/\/teachers$/);
    await expect(page.locator("body")).toHaveAttribute("data-route", "teachers");
    await expect(page.locator('main a[href^="/teachers/"]').first()).toBeVisible();
  });
});
