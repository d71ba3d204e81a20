// Renders public/favicon.ico and public/social-card.png from inline markup in the machine's Chromium.
// Run once after changing the brand marks: node scripts/make-icons.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const logo = readFileSync(new URL("../public/logo.svg", import.meta.url), "utf8");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();

await page.setViewportSize({ width: 32, height: 32 });
await page.setContent(`<body style="margin:0">${logo.replace('width="64" height="64"', 'width="32" height="32"')}</body>`);
const png = await page.screenshot({ omitBackground: true });
// An .ico file may hold one PNG: a 6-byte header and one 16-byte directory entry before it.
const header = Buffer.from([0, 0, 1, 0, 1, 0]);
const entry = Buffer.alloc(16);
entry.writeUInt8(32, 0);
entry.writeUInt8(32, 1);
entry.writeUInt16LE(1, 4);
entry.writeUInt16LE(32, 6);
entry.writeUInt32LE(png.length, 8);
entry.writeUInt32LE(22, 12);
writeFileSync(new URL("../public/favicon.ico", import.meta.url), Buffer.concat([header, entry, png]));

await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<body style="margin:0;width:1200px;height:630px;display:grid;place-items:center;background:radial-gradient(circle at 30% 35%,#3a2f3a,#12141b 65%);font-family:Georgia,serif;color:#ece8e1">
  <div style="display:grid;justify-items:center;gap:28px">
    ${logo.replace('width="64" height="64"', 'width="120" height="120"')}
    <div style="font-size:84px;letter-spacing:-1px">Stillhour</div>
    <div style="font-family:sans-serif;font-size:30px;color:#a7a39b">Live and on-demand mindfulness classes</div>
  </div></body>`);
writeFileSync(new URL("../public/social-card.png", import.meta.url), await page.screenshot());
await browser.close();
console.log("wrote public/favicon.ico and public/social-card.png");
