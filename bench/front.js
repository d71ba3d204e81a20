// The round-robin front of tests/support/round-robin-front.ts, for the bench's plain-JS scripts: the
// TypeScript source is stripped of its types by esbuild (already a dependency of the build) and
// imported from a temp file, so the bench and the production suites share one front, not two copies.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "./harness.js";

/** `startFront(port, backends, options)` from tests/support/round-robin-front.ts. */
export async function loadStartFront() {
  const { transform } = await import("esbuild");
  const source = readFileSync(path.join(ROOT, "tests", "support", "round-robin-front.ts"), "utf8");
  const { code } = await transform(source, { loader: "ts", format: "esm", target: "node20" });
  const dir = mkdtempSync(path.join(os.tmpdir(), "stillhour-front-"));
  const file = path.join(dir, "round-robin-front.mjs");
  writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)).startFront;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
