import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { staffPageFindings } from "../../support/staff-page";
import sharp from "sharp";
import { XSS_PAYLOADS } from "../../fixtures/xss-payloads";

/**
 * Issue 26, the blog editor's tools (ADR 053) in Chromium. With JavaScript off: the demo blog editor
 * publishes a press item and sees it on /press, schedules another a few seconds ahead and sees it
 * appear there by itself, then publishes an article, renames its address and
 * finds the old address sending them on (301), and gives it a cover picture. With JavaScript: the rich-text editor replaces the
 * textarea and writes its HTML into the same field; the XSS corpus saved through the press and learn
 * forms runs nothing in their previews; axe on the new pages at phone and desk width.
 */

const BLOG_EDITOR = "+12015550103";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the blog editor publishes a press item to /press, schedules one that appears there by itself, and a renamed article's old address redirects", async ({
    page,
    baseURL,
  }) => {
    await signInContext(page.request, baseURL!, BLOG_EDITOR);
    const mark = Date.now() % 1_000_000;
    await page.goto("/staff");
    await page.getByRole("link", { name: "Press items" }).click();
    const headline = `Five quiet minutes at the bus stop ${mark}`;
    await page.getByLabel("Outlet").fill("The Evening Almanac");
    await page.getByLabel("Headline").fill(headline);
    await page.getByLabel("Link").fill("https://example.com/almanac/bus-stop");
    await page.getByLabel("Day it ran").fill("2026-11-02");
    await page.getByLabel("Summary").fill("A commuter tries a lunchtime class.");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toHaveText("Published. It is on the public page now.");
    await page.goto("/press");
    await expect(page.getByRole("link", { name: new RegExp(headline) })).toBeVisible();

    // A second item scheduled a few seconds ahead appears on /press by itself (the job runs every 2 s here).
    await page.goto("/staff/press");
    const later = `A timetable for breathing ${mark}`;
    await page.getByLabel("Outlet").fill("The Evening Almanac");
    await page.getByLabel("Headline").fill(later);
    await page.getByLabel("Link").fill("https://example.com/almanac/timetable");
    await page.getByLabel("Day it ran").fill("2026-11-03");
    await page.getByLabel(/^Publish at \(/).fill(new Date(Date.now() + 5_000).toISOString().slice(0, 19));
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByRole("status")).toHaveText("Scheduled. It publishes itself at its time.");
    await expect(page.getByText(/^Scheduled, publishes \w+ \d{1,2} \w+, \d{1,2}:\d{2} [ap]m\.$/)).toBeVisible();
    await page.goto("/press");
    await expect(page.getByRole("link", { name: new RegExp(later) })).toHaveCount(0);
    await expect(async () => {
      await page.goto("/press");
      await expect(page.getByRole("link", { name: new RegExp(later) })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000, intervals: [1_000] });

    await page.goto("/staff/articles");
    const slug = `tea-before-bed-${mark}`;
    await page.getByLabel("Title").fill("Tea before bed");
    await page.getByLabel("Address").fill(slug);
    await page.getByLabel("Topic").fill("Sleep");
    await page.getByLabel("Author").selectOption({ label: "Amara Eze-Holloway" });
    await page.getByRole("textbox", { name: "Article", exact: true }).fill("<p>Warm cup, slow sips.</p>");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByRole("status")).toHaveText("Published. It is on the blog now.");
    await page.getByLabel("Address").fill(`${slug}-renamed`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    const old = await page.request.get(`/blog/${slug}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    await page.goto(`/blog/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}-renamed$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tea before bed");

    // A cover picture through the front door's upload cap and the photo pipeline, shown on the blog.
    await page.goBack();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 90, g: 130, b: 150 } } })
      .png()
      .toBuffer();
    await page.locator("input[type=file][name=photo]").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload cover" }).click();
    await expect(page.getByRole("status")).toHaveText(/Cover picture saved/);
    await page.goto(`/blog/${slug}-renamed`);
    await expect(page.locator(".article-art img")).toHaveAttribute("src", /^\/images\/members\/[0-9a-f]{32}\.webp$/);
  });
});

test("the rich-text editor replaces the textarea and writes its HTML into the form's field", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, BLOG_EDITOR);
  await page.goto("/staff/articles");
  const toolbar = page.getByRole("toolbar", { name: "Article: formatting" });
  await expect(toolbar).toBeVisible();
  const surface = page.getByRole("textbox", { name: "Article", exact: true });
  await surface.click();
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Slowly");
  await expect(toolbar.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("textarea[name=bodyHtml]")).toHaveValue("<p><strong>Slowly</strong></p>");
});

test("the XSS corpus saved through the press and learn forms runs nothing in their previews", async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInContext(page.request, baseURL!, BLOG_EDITOR);
  const corpus = XSS_PAYLOADS.join("\n");
  const post = (path: string, form: Record<string, string>) =>
    page.request.post(path, { form, headers: { Origin: baseURL! }, maxRedirects: 0 });
  const pressItem = await post("/staff/press", {
    intent: "save",
    outlet: corpus.slice(0, 80),
    title: corpus.slice(0, 200),
    url: "https://example.com/x",
    publishedAt: "2026-01-02",
    excerpt: corpus.slice(0, 400),
  });
  const series = await post("/staff/learn", {
    intent: "save",
    title: "XSS series",
    slug: `xss-series-${Date.now() % 1_000_000}`,
    summary: corpus.slice(0, 300),
    color: "#d2a24c",
    order: "90",
    lessonTitle: corpus.slice(0, 120),
    lessonMinutes: "2",
    lessonSummary: corpus.slice(0, 300),
    lessonBody: corpus.slice(0, 4_000),
  });
  expect([pressItem.status(), series.status()]).toEqual([302, 302]);
  for (const answer of [pressItem, series]) {
    await page.goto(`${answer.headers()["location"]!.split("?")[0]}/preview`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.mouse.move(200, 400);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(
      await page
        .locator(
          "main img:not(.art), main svg[onload], main iframe, main object, main embed, main [onmouseover], main script:not([type='application/ld+json'])",
        )
        .count(),
    ).toBe(0);
  }
  expect(dialogs).toEqual([]);
});

test("axe finds nothing serious on the press and learn pages, and they fit a phone", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, BLOG_EDITOR);
  const pages: Array<[string, number[]]> = [
    ["/staff/press", [390]],
    ["/staff/press/press-daily-pause-sleep", [390]],
    ["/staff/press/press-daily-pause-sleep/preview", [390]],
    ["/staff/learn", [390]],
    ["/staff/learn/learn-meditation-basics", [390, 1280]],
    ["/staff/learn/learn-meditation-basics/preview", [390]],
    ["/staff/articles/how-to-start-meditating-in-five-minutes", [390]],
  ];
  // The rich-text editor's toolbar is drawn before the scan wherever there is one to draw.
  const findings = await staffPageFindings(page, pages, async (shown, path) => {
    if (!path.endsWith("preview") && path !== "/staff/press" && !path.startsWith("/staff/press/"))
      await expect(shown.getByRole("toolbar").first()).toBeVisible();
  });
  expect(findings).toEqual([]);
});
