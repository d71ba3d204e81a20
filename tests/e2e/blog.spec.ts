import { expect, test } from "../support/test";

const articleLinks = (page: import("@playwright/test").Page) =>
  page.locator('main a[href^="/blog/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")));

test.describe("the blog", () => {
  test.use({ javaScriptEnabled: false });

  test("pages through every article, newest first, with a cursor and no repeats", async ({ page }) => {
    await page.goto("/blog");
    const seen: string[] = [];
    for (let guard = 0; guard < 10; guard++) {
      seen.push(...((await articleLinks(page)) as string[]));
      const older = page.getByRole("link", { name: /older articles/i });
      if ((await older.count()) === 0) break;
      await older.click();
      // waitForURL waits for the new page's load event, so the next read sees the whole list.
      await page.waitForURL(/cursor=/);
    }
    expect(seen.length).toBeGreaterThan(6);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("filters by topic", async ({ page }) => {
    await page.goto("/blog");
    const topic = page.locator('nav[aria-label="Topics"] a[href*="category="]').first();
    const name = (await topic.textContent())!.trim();
    await topic.click();
    await page.waitForURL(/category=/);
    await expect(page.locator("h1")).toHaveText(name);
    const cards = page.locator("main article");
    expect(await cards.count()).toBeGreaterThan(0);
  });

  test("a forged cursor or unknown topic answers calmly, never an error", async ({ page }) => {
    for (const query of ["?cursor=%%%", "?cursor=eyJub3QiOiJhIGN1cnNvciJ9", `?category=${"x".repeat(300)}`, "?category=%3Cscript%3E"]) {
      const response = await page.goto(`/blog${query}`);
      expect(response?.status(), query).toBeLessThan(500);
      await expect(page.locator("h1")).toBeVisible();
    }
  });
});
