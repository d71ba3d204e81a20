/**
 * Takes full-page screenshots of the key pages at phone and desktop widths, for a person to look at.
 * Run against a started server (Node 20 has no TypeScript loader, so bundle it first):
 *   npx esbuild tests/support/screenshots.ts --bundle --platform=node --format=esm --packages=external --outfile=/tmp/screenshots.mjs
 *   BASE_URL=http://localhost:3000 node /tmp/screenshots.mjs
 * Output goes to /tmp/shots (override with SHOTS_DIR); never committed. SHOTS_ALL=1 adds the other pages.
 * Browser tests keep their own screenshots with `keepScreenshot` (below) instead.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page, type TestInfo } from "@playwright/test";
import { findChromium } from "../../scripts/chromium.js";

/**
 * Saves what the viewport shows as one of the test's artefacts (under test-results/, attached to the
 * report), so a person can look at the screen the test judged.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const BASE_URL = process.env.BASE_URL ?? "http://localhost:3000";
const OUT = process.env.SHOTS_DIR ?? "/tmp/shots";
const WIDTHS = [390, 1440] as const;

const PAGES: Array<{ name: string; path: string | ((page: Page) => Promise<string>) }> = [
  { name: "home", path: "/" },
  { name: "teachers", path: "/teachers" },
  { name: "teacher", path: (page) => firstHref(page, "/teachers", 'main a[href^="/teachers/"]') },
  { name: "blog", path: "/blog" },
  { name: "article", path: (page) => firstHref(page, "/blog", 'main a[href^="/blog/"]') },
  { name: "faq", path: "/faq" },
  { name: "oura", path: "/oura" },
  { name: "canopy", path: "/canopy" },
  { name: "not-found", path: "/no-such-page" },
  ...(process.env.SHOTS_ALL
    ? [
        { name: "about", path: "/about" },
        { name: "press", path: "/press" },
        { name: "careers", path: "/careers" },
        { name: "beats", path: "/beats" },
        { name: "privacy", path: "/privacy" },
        { name: "recommend", path: "/recommend" },
        { name: "ebook", path: "/mental-detox-ebook" },
      ]
    : []),
];

async function firstHref(page: Page, listPath: string, selector: string): Promise<string> {
  await page.goto(new URL(listPath, BASE_URL).toString());
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no link matching ${selector} on ${listPath}`);
  return href;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    ],
  });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
        reducedMotion: "reduce",
      });
      const page = await context.newPage();
      const reported = new Set<string>();
      page.on("response", (response) => {
        const key = `${response.status()} ${response.url()}`;
        if (response.status() >= 400 && response.request().resourceType() !== "document" && !reported.has(key)) {
          reported.add(key);
          console.warn(`[${width}px] ${key}`);
        }
      });
      page.on("pageerror", (error) => console.warn(`[${width}px] page error: ${error.message}`));
      for (const entry of PAGES) {
        const path = typeof entry.path === "string" ? entry.path : await entry.path(page);
        const response = await page.goto(new URL(path, BASE_URL).toString(), { waitUntil: "networkidle" });
        await page.evaluate(() => document.fonts.ready);
        const file = join(OUT, `${entry.name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(`${response?.status()} ${path} → ${file}`);
        // Tall phone pages shrink to a sliver in an image viewer: also save them in readable parts.
        if (width < 600) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, part = 1; y < height; y += 1400, part++) {
            await page.screenshot({
              path: join(OUT, `${entry.name}-${width}-part${part}.png`),
              fullPage: true,
              clip: { x: 0, y, width, height: Math.min(1400, height - y) },
            });
          }
        }
        // The fold alone, with the header over the hero as a visitor first sees it.
        await page.screenshot({ path: join(OUT, `${entry.name}-${width}-fold.png`) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

// Run as a script (the bundle above), not when a test imports keepScreenshot.
if (/screenshots\.(mjs|js|ts)$/.test(process.argv[1] ?? "")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
