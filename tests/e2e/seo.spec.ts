import { expect, test } from "../support/test";

test("the sitemap lists every public page, teacher, article and series, and each answers 200", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths).toEqual(expect.arrayContaining(["/", "/teachers", "/blog", "/faq", "/canopy", "/jetblue/flyfi", "/learn"]));
  expect(paths.filter((p) => p.startsWith("/teachers/")).length).toBeGreaterThanOrEqual(8);
  expect(paths.filter((p) => p.startsWith("/blog/")).length).toBeGreaterThanOrEqual(5);
  expect(paths.filter((p) => p.startsWith("/learn/")).length).toBeGreaterThanOrEqual(1);
  for (const path of paths) {
    const page = await request.get(path, { maxRedirects: 0 });
    expect(page.status(), path).toBe(200);
  }
  expect(baseURL).toBeTruthy();
});

test("robots.txt points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(await response.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("pages carry their own title, description, canonical, OpenGraph and Twitter tags", async ({ page }) => {
  await page.goto("/teachers");
  const teacherHref = await page.locator('main a[href^="/teachers/"]').first().getAttribute("href");
  await page.goto(teacherHref!);
  await expect(page).toHaveTitle(/Stillhour/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${teacherHref}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  const types = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(types.map((t) => JSON.parse(t)["@type"])).toEqual(expect.arrayContaining(["Organization", "Person"]));

  await page.goto("/faq");
  const faqTypes = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(faqTypes.map((t) => JSON.parse(t)["@type"])).toContain("FAQPage");

  await page.goto("/blog");
  await page.locator('main a[href^="/blog/"]').first().click();
  await expect(page.locator("body")).toHaveAttribute("data-route", "article");
  const articleTypes = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t)["@type"]);
  await expect.poll(articleTypes).toContain("Article");
});

test("an article offers share links that work as plain links and previous/next navigation", async ({ page }) => {
  await page.goto("/blog");
  const href = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
  await page.goto(href!);
  const facebook = page.locator('.share-links a[data-network="facebook"]');
  const link = new URL((await facebook.getAttribute("href"))!);
  expect(link.hostname).toBe("www.facebook.com");
  expect(link.searchParams.get("u")).toMatch(new RegExp(`${href}$`));
  await expect(page.locator('nav[aria-label="More articles"] a').first()).toBeVisible();
});
