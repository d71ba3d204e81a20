import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * §8: a failed script chunk load triggers one full reload, at most once per path within 10 s. The
 * site runs here from a copy of the build on a port of its own, so deleting a chunk under the running
 * page harms no other test. (Plain Playwright test: Remix logs the failed import as an error, on purpose.)
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const BASE = `http://localhost:${PORT}`;
const ROOT = process.cwd();
let dir = "";
let server: ChildProcess | null = null;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const taken = await fetch(`${BASE}/healthz`).then(() => true, () => false);
  if (taken) throw new Error(`port ${PORT} is already in use: this test needs its own server`);
  dir = mkdtempSync(path.join(os.tmpdir(), "stillhour-chunks-"));
  for (const entry of ["server.js", "package.json", "build", "public"]) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  server = spawn(process.execPath, ["server.js"], {
    cwd: dir,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(PORT),
      SQLITE_PATH: path.join(dir, "site.sqlite"),
      UPLOADS_DIR: path.join(dir, "uploads"),
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      DEMO_MEDIA_DIR: path.join(ROOT, "media/demo"),
      LOG_REQUESTS: "false",
      PUBLIC_SITE_URL: BASE,
    },
  });
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`${BASE}/healthz`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the copied site did not start");
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test("a deleted route chunk reloads the page once, onto the page asked for, and not again within 10 s", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
  });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.waitForTimeout(500); // the runtime loads after hydration
  // A deploy happens under the open page: the About page's chunk is gone.
  const chunks = path.join(dir, "public/build/routes");
  const about = readdirSync(chunks).find((name) => /^about-[A-Z0-9]+\.js$/.test(name));
  expect(about).toBeTruthy();
  unlinkSync(path.join(chunks, about!));

  await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/about`);
  await page.waitForLoadState("load");
  // One full reload, landing on /about (served by the server; its script cannot run without the chunk).
  expect(documents).toEqual(["/", "/about"]);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Back on a working page within 10 s, the same failure does not reload again: no loop.
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.waitForTimeout(500);
  await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
  await page.waitForTimeout(1_500);
  // The client navigation ends without its page (Remix's reload was stopped); no document was asked for.
  expect(documents).toEqual(["/", "/about", "/"]);

  // Once the 10 s have passed (the record aged by hand), it may reload once more.
  await page.evaluate(() => {
    const records = JSON.parse(sessionStorage.getItem("stillhour:chunk-reload") ?? "[]") as Array<{ path: string; at: number }>;
    sessionStorage.setItem("stillhour:chunk-reload", JSON.stringify(records.map((r) => ({ ...r, at: r.at - 10_000 }))));
  });
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => (window as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.waitForTimeout(500);
  await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/about`);
  await page.waitForLoadState("load");
  expect(documents).toEqual(["/", "/about", "/", "/", "/about"]);
  expect(pageErrors.filter((message) => !/about-[A-Z0-9]+\.js|Chunk reload refused/.test(message))).toEqual([]);
});
