#!/usr/bin/env node
// Screenshots of the pages a person meets first, at a phone's and a laptop's width, into docs/screens/
// (issue 34: "read as one finished product"). `npm run screens` builds, starts the Auth emulator
// (scripts/with-auth-emulator.js) and runs this, which serves the build on its own port and a
// throwaway SQLite file, signs the demo people in the quick way the browser tests do (a token from
// the emulator posted to /api/session), and writes one PNG per page and width.
//
//   SCREENS_PORT=3300 (default)   SCREENS_ONLY=home,canopy (a few pages)   SCREENS_DIR=docs/screens
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { findChromium } from "./chromium.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PORT = Number(process.env.SCREENS_PORT ?? 3300);
const BASE = `http://localhost:${PORT}`;
const OUT = path.resolve(ROOT, process.env.SCREENS_DIR ?? "docs/screens");
const DATA = path.join(ROOT, "data", `screens-${PORT}`);
const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const WIDTHS = [390, 1280];
const PEOPLE = { member: "+12015550101", admin: "+12015550102" };

/** Each page: who looks at it, and its address (or how to find it). */
const PAGES = [
  { name: "home", who: null, path: "/" },
  { name: "partner-canopy", who: null, path: "/canopy" },
  { name: "on-demand", who: "member", path: "/on-demand" },
  { name: "class", who: null, path: (page) => firstHref(page, "/classes", 'main a[href^="/classes/"]') },
  { name: "teacher", who: null, path: (page) => firstHref(page, "/teachers", 'main a[href^="/teachers/"]') },
  { name: "article", who: null, path: (page) => firstHref(page, "/blog", 'main a[href^="/blog/"]') },
  { name: "practice", who: "member", path: "/practice" },
  { name: "settings", who: "member", path: "/settings" },
  { name: "staff-home", who: "admin", path: "/staff" },
  { name: "staff-classes", who: "admin", path: "/staff/classes" },
  { name: "staff-people", who: "admin", path: "/staff/people" },
  // With SCREENS_ALL=1, a few more pages with forms and pictures (not committed).
  ...(process.env.SCREENS_ALL
    ? [
        { name: "gift", who: "member", path: "/gift" },
        { name: "studios", who: null, path: "/studios" },
        { name: "learn", who: null, path: "/learn" },
        { name: "blog", who: null, path: "/blog" },
        { name: "teachers", who: null, path: "/teachers" },
        { name: "sleep", who: null, path: "/sleep" },
        { name: "on-demand-class", who: "member", path: "/on-demand/settle-in" },
        { name: "staff-audit", who: "admin", path: "/staff/audit" },
      ]
    : []),
];

if (!EMULATOR) {
  console.error("screens: no Auth emulator; run `npm run screens`, which starts one.");
  process.exit(2);
}

const only = process.env.SCREENS_ONLY ? new Set(process.env.SCREENS_ONLY.split(",")) : null;
mkdirSync(OUT, { recursive: true });
rmSync(DATA, { recursive: true, force: true });
mkdirSync(DATA, { recursive: true });

const server = spawn(process.execPath, ["server.js"], {
  cwd: ROOT,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    APP_ENV: "demo",
    PORT: String(PORT),
    SQLITE_PATH: path.join(DATA, "store.sqlite"),
    UPLOADS_DIR: path.join(DATA, "uploads"),
    MAIL_OUTBOX_DIR: path.join(DATA, "outbox"),
    LOG_REQUESTS: "false",
    PUBLIC_SITE_URL: BASE,
  },
});

let browser;
try {
  await waitForHealth();
  browser = await chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
  });
  const contexts = new Map();
  for (const spec of PAGES) {
    if (only && !only.has(spec.name)) continue;
    for (const width of WIDTHS) {
      const key = `${spec.who ?? "visitor"}-${width}`;
      if (!contexts.has(key)) {
        const context = await browser.newContext({
          baseURL: BASE,
          viewport: { width, height: 900 },
          deviceScaleFactor: 1,
          reducedMotion: "reduce",
          timezoneId: "America/New_York",
        });
        if (spec.who) await signIn(context, PEOPLE[spec.who]);
        contexts.set(key, context);
      }
      const page = await contexts.get(key).newPage();
      const address = typeof spec.path === "string" ? spec.path : await spec.path(page);
      const response = await page.goto(address, { waitUntil: "networkidle" });
      if (!response || response.status() >= 400) throw new Error(`${address} answered ${response?.status()}`);
      await page.evaluate(() => document.fonts.ready);
      // Every lazy picture in, so the full page shows what a person scrolling would see.
      await page.evaluate(async () => {
        for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = "eager";
        await Promise.all(
          [...document.images].map((image) =>
            image.complete ? null : new Promise((done) => image.addEventListener("load", done, { once: true }) || setTimeout(done, 3000)),
          ),
        );
      });
      const file = path.join(OUT, `${spec.name}-${width}.png`);
      // A palette of 128 colours keeps each PNG to a few hundred KB (the pictures' grain would otherwise cost megabytes).
      const shot = await page.screenshot({ fullPage: true });
      await sharp(shot).png({ palette: true, colours: 128, effort: 10, dither: 0.5 }).toFile(file);
      console.log(`screens: ${path.relative(ROOT, file)} (${address})`);
      await page.close();
    }
  }
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  rmSync(DATA, { recursive: true, force: true });
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`the server on ${BASE} did not start`);
}

/** Signs a browser context in as the account with this phone number (the emulator's code, then the token sync). */
async function signIn(context, phoneNumber) {
  const rest = (method) => `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=test-api-key`;
  const post = async (url, body) =>
    (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
  const { sessionInfo } = await post(rest("sendVerificationCode"), { phoneNumber, recaptchaToken: "emulator" });
  const project = process.env.FIREBASE_PROJECT_ID ?? "demo-stillhour";
  const { verificationCodes } = await (await fetch(`http://${EMULATOR}/emulator/v1/projects/${project}/verificationCodes`)).json();
  const code = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo)?.code;
  const { idToken } = await post(rest("signInWithPhoneNumber"), { sessionInfo, code });
  const answer = await context.request.post(`${BASE}/api/session`, { headers: { Authorization: `Bearer ${idToken}`, Origin: BASE } });
  if (answer.status() !== 200) throw new Error(`signing in ${phoneNumber}: the token sync answered ${answer.status()}`);
}

async function firstHref(page, listPath, selector) {
  await page.goto(listPath);
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no link matching ${selector} on ${listPath}`);
  return href;
}
