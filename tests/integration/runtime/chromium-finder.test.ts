import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** `npm test`'s first step (scripts/chromium.js): the browser is found, or the newcomer is told what to install. */
describe("scripts/chromium.js", () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ["scripts/chromium.js"], {
      env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      encoding: "utf8",
    });

  it("uses CHROMIUM_PATH when it names an executable", () => {
    const dir = mkdtempSync(join(tmpdir(), "chromium-finder-"));
    try {
      const fake = join(dir, "my-chromium");
      writeFileSync(fake, "#!/bin/sh\n");
      chmodSync(fake, 0o755);
      const result = run({ CHROMIUM_PATH: fake });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(fake);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stops before the suites with one sentence when CHROMIUM_PATH names nothing", () => {
    const result = run({ CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/need Chromium.*CHROMIUM_PATH/);
  });

  it("is what the Playwright config launches", () => {
    const found = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "import('./scripts/chromium.js').then((m) => console.log(m.findChromium()))"],
      { encoding: "utf8" },
    ).trim();
    expect(found).not.toBe("null");
  });
});
