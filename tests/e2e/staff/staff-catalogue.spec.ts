import { readFile } from "node:fs/promises";
import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { atBothWidths, staffPageFindings } from "../../support/staff-page";
import { putDocument } from "../../support/e2e-store";
import { XSS_PAYLOADS } from "../../fixtures/xss-payloads";

/**
 * Issue 26 in Chromium, the admin's catalogue, banner and figures (ADR 052), JavaScript off: a class
 * pack taken off sale leaves /credits at once; a new banner (with markup in it, shown as text) is on
 * the home page at once; the figures download as a CSV attachment. Then axe at phone and desk width.
 */

const ADMIN = "+12015550102";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin takes a pack off sale, changes the banner, and downloads the figures", async ({ page, baseURL }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const packId = `journey-${Date.now() % 1_000_000}`;
    putDocument("creditPacks", packId, {
      id: packId,
      name: "Journey trio",
      description: "",
      credits: 3,
      validDays: 60,
      amount: 2700,
      currency: "usd",
      stripePriceId: null,
      active: true,
      order: 50,
    });
    await signInContext(page.request, baseURL!, ADMIN);

    await page.goto("/credits");
    await expect(page.getByRole("heading", { name: "Journey trio" })).toBeVisible();
    await page.goto("/staff");
    await page.getByRole("link", { name: "Gifts and class packs" }).click();
    const pack = page.locator(`[data-item="pack-${packId}"]`);
    await pack.getByLabel("On sale").uncheck();
    await pack.getByRole("button", { name: "Save Journey trio" }).click();
    await expect(page.getByRole("status")).toContainText("Class pack saved.");
    await expect(page.locator(`[data-item="pack-${packId}"] h3`)).toContainText("Not on sale");
    await page.goto("/credits");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Journey trio" })).toHaveCount(0);

    const words = `Autumn sits ${Date.now() % 100_000} <img src=x onerror="alert(1)">`;
    await page.goto("/staff");
    await page.getByRole("link", { name: "Banner and feature flags" }).click();
    await page.getByLabel("Text", { exact: true }).fill(words);
    await page.getByLabel("Link words").fill("See them");
    await page.getByLabel("Link to").fill("/classes");
    await page.getByLabel("Show the banner").check();
    await page.getByRole("button", { name: "Save the banner" }).click();
    await expect(page.getByRole("status")).toHaveText("Banner saved. Public pages show it now.");
    await page.goto("/");
    const banner = page.getByRole("complementary", { name: "News" });
    await expect(banner).toContainText(words);
    await expect(banner.getByRole("link", { name: "See them" })).toHaveAttribute("href", "/classes");
    expect(await banner.locator("img").count()).toBe(0);

    await page.goto("/staff/dashboard");
    await expect(page.getByRole("table", { name: "The last 30 days" })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download the figures (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^stillhour-figures-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("day_utc,newMemberships,cancelledMemberships,codesRedeemed,giftsRedeemed,creditsSold,creditsSpent");
    expect(dialogs).toEqual([]);
  });
});

test("axe finds nothing serious on the catalogue, banner and figures pages at phone and desk width", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, ADMIN);
  const findings = await staffPageFindings(page, atBothWidths(["/staff/catalogue", "/staff/site", "/staff/dashboard"]));
  expect(findings).toEqual([]);
});

test("the XSS corpus saved as banner text runs nothing on the home page", async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInContext(page.request, baseURL!, ADMIN);
  const save = (text: string, linkLabel = "More", href = "/about") =>
    page.request.post("/staff/site", {
      form: { intent: "banner", text, linkLabel, href, active: "on" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  const payloads = XSS_PAYLOADS.map((p) => p.replace(/\s+/g, " ").trim()).filter((p) => p.length <= 160);
  expect(payloads.length).toBeGreaterThan(10);
  for (const payload of payloads) {
    expect((await save(payload)).status(), payload).toBe(302);
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "News" })).toContainText(payload.slice(0, 20));
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), payload).toBeUndefined();
    expect(await page.locator(".news-banner img, .news-banner svg, .news-banner iframe, .news-banner script").count(), payload).toBe(0);
  }
  expect(dialogs).toEqual([]);
  // Back to the demo's own banner, for the other journeys on this server.
  await save("New this month: the Nervous System Reset, two gentle weeks of breath and rest.", "Take a look", "/nervous-system-reset");
});
