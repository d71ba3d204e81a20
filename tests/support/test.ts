import { test as base, expect, type Page, type Response } from "@playwright/test";

/** How long a page load waits for hydration before handing the page over anyway (the test then decides). */
const HYDRATION_WAIT_MS = 10_000;

/**
 * Playwright's test, failing any test whose page throws or logs an unexpected console error
 * (a failed hydration, a CSP violation, a module that cannot load in the browser).
 * Answers the test asked for (404 pages, 400 form replies) are expected, not errors.
 */
export const test = base.extend<{ browserErrors: void }>({
  // A page's scripts start after its first frame (ADR 061): with JavaScript on, `goto` and `reload`
  // of a page resolve once it has hydrated, so a test never presses a button in the moment it is
  // still the plain form. A test that means to act before hydration names its own `waitUntil`.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const settle = async (response: Response | null, waitUntil: unknown) => {
        // Only an app page hydrates (its inline script has set Remix's context); the front door's own
        // plain pages (a 414, a refused post, the store away) have nothing to wait for.
        const appPage =
          waitUntil === undefined &&
          response !== null &&
          (response.headers()["content-type"] ?? "").startsWith("text/html") &&
          (await page.evaluate(() => "__remixContext" in window).catch(() => false));
        if (appPage) await untilHydrated(page, HYDRATION_WAIT_MS).catch(() => undefined);
        return response;
      };
      Object.assign(page, {
        goto: async (url: string, options?: Parameters<Page["goto"]>[1]) => settle(await goto(url, options), options?.waitUntil),
        reload: async (options?: Parameters<Page["reload"]>[0]) => settle(await reload(options), options?.waitUntil),
      });
    }
    await provide(page);
  },
  browserErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // The Auth emulator does not implement reCAPTCHA's config call and answers 501 each time a code
      // is sent (expected; ../shared/architecture.md). Only those 501s are forgiven.
      let emulator501s = 0;
      page.on("response", (response) => {
        if (response.status() === 501 && response.url().includes("recaptchaConfig")) emulator501s += 1;
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (/status of 501/.test(message.text()) && emulator501s > 0) {
          emulator501s -= 1;
          return;
        }
        if (/Failed to load resource: the server responded with a status of (400|401|403|404|405|410|413|414|429)/.test(message.text()))
          return;
        problems.push(`console.error: ${message.text()}`);
      });
      await use();
      expect(problems, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the page's scripts have hydrated it (its behaviours set the size class on <body>). Since
 * ADR 061 they start after the first frame: a test of what JavaScript adds waits for them first, as a
 * person's tap in that moment gets the page without JavaScript.
 */
export async function untilHydrated(page: Page, timeout?: number) {
  await page.waitForFunction(() => /\bsize-(mobile|tablet|desktop)\b/.test(document.body.className), null, { timeout });
}
