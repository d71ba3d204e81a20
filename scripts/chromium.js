#!/usr/bin/env node
/**
 * The browser the tests drive (Playwright never downloads one): CHROMIUM_PATH when set, else the first
 * Chromium or Chrome found on this machine. Run as a script (`npm test` does, before the suites), it
 * installs Debian's `chromium` package when none is found and it can (root, or sudo without a
 * password, and apt-get), as .ci/run does; otherwise it stops with one sentence saying what to install.
 * playwright.config.ts and the screenshot helper import findChromium() so they launch the same one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (executable(candidate)) return candidate;
  }
  return null;
}

/** The Chromium to launch, or null when this machine has none. */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return executable(chosen) ? chosen : null;
  if (executable("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const name of NAMES) {
    const found = onPath(name);
    if (found) return found;
  }
  return null;
}

function installDebianChromium() {
  if (process.platform !== "linux" || !onPath("apt-get")) return false;
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !root && onPath("sudo") && spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  if (!root && !sudo) return false;
  const run = (args) =>
    root ? execFileSync(args[0], args.slice(1), { stdio: "inherit" }) : execFileSync("sudo", ["-n", ...args], { stdio: "inherit" });
  console.log("No Chromium on this machine: installing Debian's chromium package for the browser tests.");
  try {
    run(["apt-get", "update", "-qq"]);
    run(["apt-get", "install", "-y", "-qq", "chromium"]);
  } catch {
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let found = findChromium();
  if (!found && !process.env.CHROMIUM_PATH && installDebianChromium()) found = findChromium();
  if (!found) {
    console.error(
      process.env.CHROMIUM_PATH
        ? `The browser tests need Chromium, and CHROMIUM_PATH (${process.env.CHROMIUM_PATH}) is not an executable: point it at chromium or google-chrome.`
        : "The browser tests need Chromium: install it (Debian/Ubuntu: `sudo apt-get install chromium`; macOS: Google Chrome) or set CHROMIUM_PATH to its executable, then run `npm test` again.",
    );
    process.exit(1);
  }
  console.log(`Browser tests use ${found}.`);
}
