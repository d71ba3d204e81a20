import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./scripts/chromium.js";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The server's store; tests open the same file to add fixtures (tests/support/e2e-store.ts). */
export const E2E_DATABASE = `./data/e2e-${PORT}.sqlite`;

/**
 * Browser tests drive the machine's Chromium (Debian package), never a downloaded one; `npm test`
 * finds or installs it first (scripts/chromium.js).
 * The server is the production build on a throwaway SQLite file, seeded at start.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two workers: one per core of these machines, locally and in CI alike.
  workers: 2,
  // In CI a failed browser test runs once more and, if it then passes, is reported as flaky by name
  // at the end of the run: one unlucky timing on a busy machine does not stop a landing, and a test
  // that fails twice still does (ADR 064). Locally, never: a flake shows at once.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Axe scans of several pages take most of 30 s on a busy two-core machine; 60 s keeps them honest
  // without letting a stuck page hang the run.
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: {
      // CHROMIUM_PATH, /usr/bin/chromium, or another Chromium or Chrome on PATH (scripts/chromium.js).
      executablePath: findChromium() ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm ./data/e2e-${PORT}-outbox && node server.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // The demo's drivers and pages are what the journeys drive; no other mode serves them.
      APP_ENV: "demo",
      PORT: String(PORT),
      SQLITE_PATH: E2E_DATABASE,
      UPLOADS_DIR: `./data/e2e-${PORT}-uploads`,
      MAIL_OUTBOX_DIR: `./data/e2e-${PORT}-outbox`,
      LOG_REQUESTS: "false",
      // Issue 26: a scheduled article publishes itself within two seconds of its time here (30 s by default).
      ARTICLE_PUBLISH_SECONDS: "2",
      PUBLIC_SITE_URL: `http://localhost:${PORT}`,
      // `npm test` runs inside scripts/with-auth-emulator.js, which names the emulator here.
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "",
    },
  },
});
