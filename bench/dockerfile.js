// Reading the Dockerfile: its instructions (continued lines joined, comments dropped) and the exec
// form of a CMD. Shared by the image rehearsal (scripts/rehearse-image.js), which carries out every
// instruction, and the bench, which starts its servers with the image's Node options.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The Node options the image starts its server with: its last CMD, `["node", …options, "server.js"]`.
 * The bench starts its servers with them and `npm start` is held to them by a test, so the server is
 * measured, run and shipped alike (docs/decisions/063).
 */
export function serverNodeOptions(dockerfile = path.join(ROOT, "Dockerfile")) {
  const last = parseDockerfile(readFileSync(dockerfile, "utf8"))
    .filter(({ instruction }) => instruction === "CMD")
    .at(-1);
  if (!last) throw new Error(`${dockerfile} has no CMD`);
  const cmd = parseExecForm(last.args, last.line);
  if (cmd[0] !== "node" || cmd.at(-1) !== "server.js")
    throw new Error(`${dockerfile} line ${last.line}: the CMD is not node … server.js: ${last.args}`);
  return cmd.slice(1, -1);
}

/** The instructions in order: `{ instruction, args, line }`, the line being where each starts. */
export function parseDockerfile(text) {
  const out = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const first = i + 1;
    let current = lines[i];
    if (/^\s*(#|$)/.test(current)) continue;
    while (/\\\s*$/.test(current) && i + 1 < lines.length) {
      i += 1;
      // Comment lines inside a continued instruction are dropped, as Docker does.
      if (/^\s*#/.test(lines[i])) continue;
      current = current.replace(/\\\s*$/, " ") + lines[i];
    }
    const match = /^\s*(\w+)\s+([\s\S]*)$/.exec(current);
    if (!match) throw new Error(`Dockerfile line ${first}: cannot read "${current}"`);
    out.push({ instruction: match[1].toUpperCase(), args: match[2].trim(), line: first });
  }
  return out;
}

/** A CMD's or HEALTHCHECK's exec form (`["node", …]`) as its words; the shell form is refused. */
export function parseExecForm(args, line) {
  try {
    const parsed = JSON.parse(args);
    if (Array.isArray(parsed) && parsed.every((part) => typeof part === "string")) return parsed;
  } catch {
    // not the exec form
  }
  throw new Error(`Dockerfile line ${line}: only the exec form (["node", …]) is rehearsed: ${args}`);
}
