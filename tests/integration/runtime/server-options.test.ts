import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { serverNodeOptions as readOptions } from "../../../bench/dockerfile.js";

/** The Node options a package.json script starts `server.js` with. */
function scriptOptions(script: string): string[] {
  const start = /(?:^|&&\s*)node((?:\s+--\S+)*)\s+\.\/server\.js\s*$/.exec(script);
  if (!start) throw new Error(`no "node … ./server.js" at the end of: ${script}`);
  return start[1]!.trim().split(/\s+/).filter(Boolean);
}

describe("the server's Node options (docs/decisions/063)", () => {
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

  it("are the image's CMD's, and npm start and the demo run with the same ones", () => {
    const options = readOptions();
    expect(options).toContain("--max-semi-space-size=32");
    expect(scriptOptions(scripts.start!)).toEqual(options);
    expect(scriptOptions(scripts["demo:serve"]!)).toEqual(options);
  });

  it("are read from the last stage's CMD, and a CMD that does not start server.js with node is refused", () => {
    const dir = mkdtempSync(join(tmpdir(), "server-options-"));
    const file = join(dir, "Dockerfile");
    writeFileSync(
      file,
      'FROM node:20 AS build\nCMD ["node", "--inspect", "server.js"]\nFROM node:20\nHEALTHCHECK CMD ["node", "-e", "1"]\nCMD ["node", "--max-old-space-size=400", "--max-semi-space-size=8", "server.js"]\n',
    );
    expect(readOptions(file)).toEqual(["--max-old-space-size=400", "--max-semi-space-size=8"]);
    writeFileSync(file, 'FROM node:20\nCMD ["npm", "start"]\n');
    expect(() => readOptions(file)).toThrow(/not node … server.js/);
    writeFileSync(file, "FROM node:20\nCMD node server.js\n");
    expect(() => readOptions(file)).toThrow(/exec form/);
  });
});
