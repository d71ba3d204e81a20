import { expect, test } from "../support/test";
import { XSS_PAYLOADS } from "../fixtures/xss-payloads";
import { putDocument } from "../support/e2e-store";

const GROUP_SIZE = 12;
const groups = Array.from({ length: Math.ceil(XSS_PAYLOADS.length / GROUP_SIZE) }, (_, i) =>
  XSS_PAYLOADS.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
);

test.beforeAll(() => {
  groups.forEach((payloads, index) => {
    putDocument("articles", `xss-${index}`, {
      id: `xss-${index}`,
      titleSlug: `xss-corpus-${index}`,
      title: `Payload group ${index + 1}`,
      excerpt: "Hostile markup, stored as sent.",
      bodyHtml: `<p>Opening paragraph.</p>${payloads.join("\n")}<p>Closing paragraph.</p>`,
      category: "Testing",
      authorName: "Test Fixture",
      authorTeacherId: null,
      publishedAt: "2020-01-01",
      readingMinutes: 1,
      heroColor: "#8fb0a2",
      tags: [],
      published: true,
    });
  });
});

for (const [index, payloads] of groups.entries()) {
  test(`article payload group ${index + 1} (${payloads.length} payloads) renders harmless`, async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    const response = await page.goto(`/blog/xss-corpus-${index}`);
    expect(response?.status()).toBe(200);
    const body = page.locator("[data-dynamic-content]").first();
    await expect(body).toContainText("Opening paragraph.");
    // (An unclosed <style> may swallow what follows it: lost text, never running code.)

    // Nothing executable reached the DOM of the article body…
    expect(
      await body.locator("script, iframe, object, embed, svg, math, form, input, img, video, audio, style, base, meta, link").count(),
    ).toBe(0);
    const handlers = await body.evaluate((root) =>
      [...root.querySelectorAll("*")]
        .flatMap((el) => [...el.attributes].map((a) => a.name))
        .filter((name) => name.startsWith("on") || name === "style"),
    );
    expect(handlers).toEqual([]);
    const hrefs = await body.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);

    // …and interacting with what is left runs nothing either.
    await body.hover();
    for (const link of await body.locator("a[href]").all()) {
      await link.click({ modifiers: ["Shift"] }).catch(() => {});
    }
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
}
