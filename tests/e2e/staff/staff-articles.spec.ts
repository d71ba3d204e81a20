import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { atBothWidths, staffPageFindings } from "../../support/staff-page";
import { XSS_PAYLOADS } from "../../fixtures/xss-payloads";

/**
 * Issue 26 in Chromium, blogEditor and cohost: with JavaScript off the demo blog editor writes an
 * article, schedules it a few seconds ahead and sees it appear on /blog by itself (the server runs the
 * publishing job every 2 s here); the XSS corpus saved as an article body runs nothing in the preview;
 * axe on the new staff pages at phone and desk width.
 */

const BLOG_EDITOR = "+12015550103";
const COHOST = "+12015550104";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the blog editor schedules an article and it appears on /blog by itself", async ({ page, baseURL }) => {
    await signInContext(page.request, baseURL!, BLOG_EDITOR);
    await page.goto("/staff");
    await page.getByTestId("staff-areas").getByRole("link", { name: "Articles" }).click();
    const slug = `a-quiet-lunch-${Date.now() % 1_000_000}`;
    await page.getByLabel("Title").fill("A quiet lunch break");
    await page.getByLabel("Address").fill(slug);
    await page.getByLabel("Summary").fill("Ten minutes away from the screen.");
    await page.getByLabel("Topic").fill("Everyday calm");
    await page.getByLabel("Author").selectOption({ label: "Amara Eze-Holloway" });
    await page
      .getByRole("textbox", { name: "Article", exact: true })
      .fill("<p>Put the phone face down.</p><h2>Then</h2><p>Taste the first bite.</p>");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved.");
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: /A quiet lunch break/ })).toHaveCount(0);
    await page.goBack();

    const at = new Date(Date.now() + 8_000).toISOString().slice(0, 19);
    await page.getByLabel(/^Publish at \(/).fill(at);
    await page.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByRole("status")).toHaveText("Scheduled. It publishes itself at its time.");

    await expect(async () => {
      await page.goto("/blog");
      await expect(page.getByRole("link", { name: /A quiet lunch break/ }).first()).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 40_000, intervals: [2_000] });
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A quiet lunch break");
  });
});

test("the XSS corpus saved as an article body runs nothing in the preview", async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await signInContext(page.request, baseURL!, BLOG_EDITOR);
  const answer = await page.request.post("/staff/articles", {
    form: {
      intent: "save",
      title: "XSS corpus",
      titleSlug: `xss-corpus-${Date.now() % 1_000_000}`,
      excerpt: "",
      category: "Sleep",
      authorTeacherId: "teacher-amara",
      heroColor: "#d2a24c",
      bodyHtml: XSS_PAYLOADS.join("\n").slice(0, 9_000),
      publishAt: "",
    },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await page.goto(`${answer.headers()["location"]!.split("?")[0]}/preview`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("XSS corpus");
  await page.mouse.move(200, 400);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(
    await page
      .locator(
        "main img:not(.art), main svg[onload], main iframe, main object, main embed, main [onmouseover], main script:not([type='application/ld+json'])",
      )
      .count(),
  ).toBe(0);
  expect(dialogs).toEqual([]);
});

test("axe finds nothing serious on the article and cohost pages at phone and desk width", async ({ browser, baseURL }) => {
  const findings: string[] = [];
  for (const [phone, paths] of [
    [
      BLOG_EDITOR,
      [
        "/staff/articles",
        "/staff/articles/how-to-start-meditating-in-five-minutes",
        "/staff/articles/how-to-start-meditating-in-five-minutes/preview",
      ],
    ],
    [COHOST, ["/staff/cohost"]],
  ] as const) {
    const page = await browser.newPage();
    await signInContext(page.request, baseURL!, phone);
    findings.push(...(await staffPageFindings(page, atBothWidths(paths.map((path) => `${baseURL}${path}`)))));
    await page.close();
  }
  expect(findings).toEqual([]);
});
