// tests/support/screenshots.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
var BASE_URL = process.env.BASE_URL ?? "http://localhost:3000";
var OUT = process.env.SHOTS_DIR ?? "/tmp/shots";
var WIDTHS = [390, 1440];
var PAGES = [
  { name: "home", path: "/" },
  { name: "teachers", path: "/teachers" },
  { name: "teacher", path: (page) => firstHref(page, "/teachers", 'main a[href^="/teachers/"]') },
  { name: "blog", path: "/blog" },
  { name: "article", path: (page) => firstHref(page, "/blog", 'main a[href^="/blog/"]') },
  { name: "faq", path: "/faq" },
  { name: "oura", path: "/oura" },
  { name: "canopy", path: "/canopy" },
  { name: "not-found", path: "/no-such-page" },
  ...process.env.SHOTS_ALL ? [
    { name: "about", path: "/about" },
    { name: "press", path: "/press" },
    { name: "careers", path: "/careers" },
    { name: "beats", path: "/beats" },
    { name: "privacy", path: "/privacy" },
    { name: "recommend", path: "/recommend" },
    { name: "ebook", path: "/mental-detox-ebook" }
  ] : []
];
async function firstHref(page, listPath, selector) {
  await page.goto(new URL(listPath, BASE_URL).toString());
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href)
    throw new Error(`no link matching ${selector} on ${listPath}`);
  return href;
}
async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"
    ]
  });
  try {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: width < 600 ? 844 : 900 },
        deviceScaleFactor: 1,
        reducedMotion: "reduce"
      });
      const page = await context.newPage();
      const reported = /* @__PURE__ */ new Set();
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
        console.log(`${response?.status()} ${path} \u2192 ${file}`);
        if (width < 600) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, part = 1; y < height; y += 1400, part++) {
            await page.screenshot({
              path: join(OUT, `${entry.name}-${width}-part${part}.png`),
              fullPage: true,
              clip: { x: 0, y, width, height: Math.min(1400, height - y) }
            });
          }
        }
        await page.screenshot({ path: join(OUT, `${entry.name}-${width}-fold.png`) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
