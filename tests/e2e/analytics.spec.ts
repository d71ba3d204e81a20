import type { Page, Request } from "@playwright/test";
import { expect, test } from "../support/test";

/** Issue 13: page views reach the site's own collector; the privacy choice stops them. */

function uploadsOf(page: Page) {
  const uploads: Array<{ name: string; path: unknown }> = [];
  page.on("request", (request: Request) => {
    if (!request.url().endsWith("/api/analytics") || request.method() !== "POST") return;
    const form = new URLSearchParams(request.postData() ?? "");
    for (const event of JSON.parse(form.get("e") ?? "[]"))
      uploads.push({ name: event.event_type, path: event.event_properties?.name ?? event.event_properties?.path });
  });
  return uploads;
}

test("a page view and a viewed shelf reach the collector, which accepts them", async ({ page }) => {
  const uploads = uploadsOf(page);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/analytics") && response.request().method() === "POST", {
    timeout: 15_000,
  });
  await page.goto("/on-demand");
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(uploads).toContainEqual({ name: "Web_Page_Viewed", path: "/on-demand" });
  // Marked sections report a view once a fifth of them is on screen.
  await page.getByRole("heading", { name: "Featured" }).scrollIntoViewIfNeeded();
  await expect
    .poll(() => uploads.some((u) => u.name === "Web_Element_Viewed" && u.path === "on-demand-featured"), { timeout: 15_000 })
    .toBe(true);
  // A client navigation is a page view too.
  await page.getByRole("link", { name: "Search the library" }).click();
  await expect.poll(() => uploads.some((u) => u.name === "Web_Page_Viewed" && u.path === "/search"), { timeout: 15_000 }).toBe(true);
});

test("opting out on the privacy page stops every upload", async ({ page }) => {
  const uploads = uploadsOf(page);
  await page.goto("/privacy/choices");
  await page.getByLabel("Opt out of analytics and advertising").check();
  await page.getByRole("button", { name: "Save my choice" }).click();
  await expect(page.getByRole("status")).toContainText("Analytics and advertising are off");
  const before = uploads.length;
  await page.goto("/on-demand");
  await page.goto("/teachers");
  await page.waitForTimeout(7_000);
  expect(uploads.length).toBe(before);
  // And back on.
  await page.goto("/privacy/choices");
  await page.getByLabel("Allow them").check();
  await page.getByRole("button", { name: "Save my choice" }).click();
  // The choice is saved before leaving: a navigation started at once could cancel the form's post.
  await expect(page.getByRole("status")).toContainText("Analytics is on");
  await page.goto("/on-demand");
  await expect.poll(() => uploads.length, { timeout: 15_000 }).toBeGreaterThan(before);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the privacy choice is a plain form that sets the opt-out", async ({ page, context }) => {
    await page.goto("/privacy");
    await page.locator("main").getByRole("link", { name: "Your privacy choices" }).click();
    await page.getByLabel("Opt out of analytics and advertising").check();
    await page.getByRole("button", { name: "Save my choice" }).click();
    await expect(page.getByRole("status")).toContainText("off in this browser");
    expect((await context.cookies()).find((c) => c.name === "stillhour_privacy")?.value).toBe("opt-out");
    await expect(page.getByLabel("Opt out of analytics and advertising")).toBeChecked();
  });
});
