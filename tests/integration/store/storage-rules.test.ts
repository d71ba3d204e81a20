import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Issue 23, item 9: profile photos may live in a Cloud Storage bucket, and every visitor holds an
 * anonymous Firebase account, so the bucket's Firebase rules must grant nothing: the server reads and
 * writes with admin rights, which rules do not apply to, and serves photos from our own origin.
 * There is no Storage emulator on this machine (it needs Java), so, like firestore.indexes.json in
 * firestore-indexes.test.ts, the deployed file is read as text: a strict reader of the few forms a
 * deny-all file needs, which refuses anything else it finds rather than guess what it grants.
 */

interface Allow {
  path: string;
  methods: string[];
  /** The text after `if`; null for a bare `allow read;`, which grants always. */
  condition: string | null;
}

const TOKENS: Array<[kind: string, pattern: RegExp]> = [
  ["version", /rules_version\s*=\s*'([^']*)'\s*;/y],
  ["service", /service\s+([A-Za-z0-9_.]+)\s*\{/y],
  ["match", /match\s+(\/(?:[A-Za-z0-9_.~-]|\/|\{[A-Za-z_]\w*(?:=\*\*)?\})*)\s*\{/y],
  ["allow", /allow\s+([a-z]+(?:\s*,\s*[a-z]+)*)\s*(?::\s*if\s+([^;]+?))?\s*;/y],
  ["close", /\}/y],
];

/** Reads a rules file into its version, service and every `allow` with its full path; throws on anything else. */
function readRules(source: string) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/\/\/[^\n]*/g, " ");
  let version: string | null = null;
  const services: string[] = [];
  const allows: Allow[] = [];
  const stack: Array<{ kind: "service" | "match"; segment: string }> = [];
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at += 1;
    if (at >= text.length) break;
    const found = TOKENS.map(([kind, pattern]) => {
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      return match ? { kind, match } : null;
    }).find(Boolean);
    if (!found) throw new SyntaxError(`unexpected text: ${JSON.stringify(text.slice(at, at + 40))}`);
    const { kind, match } = found;
    at += match[0].length;
    if (kind === "version") version = match[1];
    else if (kind === "service") {
      services.push(match[1]);
      stack.push({ kind: "service", segment: "" });
    } else if (kind === "match") stack.push({ kind: "match", segment: match[1] });
    else if (kind === "allow") {
      if (!stack.some((entry) => entry.kind === "match")) throw new SyntaxError("allow outside a match");
      allows.push({
        path: stack.map((entry) => entry.segment).join(""),
        methods: match[1].split(",").map((method) => method.trim()),
        condition: match[2]?.trim() ?? null,
      });
    } else if (!stack.pop()) throw new SyntaxError("a } without its {");
  }
  if (stack.length > 0) throw new SyntaxError("a { without its }");
  return { version, services, allows };
}

/** Everything that keeps a rules text from denying every read and write of every object. */
function problemsOf(source: string): string[] {
  let rules;
  try {
    rules = readRules(source);
  } catch (error) {
    return [`unreadable: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  if (rules.version !== "2")
    problems.push(`rules_version is ${rules.version ?? "missing"}, not '2' (v1 lets a wildcard match fewer paths)`);
  if (rules.services.join() !== "firebase.storage")
    problems.push(`services are [${rules.services.join(", ")}], not firebase.storage alone`);
  for (const allow of rules.allows) {
    if (allow.condition !== "false")
      problems.push(`${allow.path} allows ${allow.methods.join(", ")} ${allow.condition === null ? "always" : `if ${allow.condition}`}`);
  }
  // Rules only ever grant, so with no grant everything is refused; the file still says so out loud for
  // every object in every bucket, the form a reviewer recognises.
  const everything = rules.allows.filter((allow) => /^\/b\/\{\w+\}\/o\/\{\w+=\*\*\}$/.test(allow.path));
  const stated = new Set(everything.flatMap((allow) => allow.methods));
  if (!stated.has("read") || !stated.has("write")) problems.push("no `allow read, write: if false` over /b/{bucket}/o/{path=**}");
  return problems;
}

describe("storage.rules", () => {
  it("exists and is the file firebase.json deploys for Storage", () => {
    expect(existsSync("storage.rules"), "storage.rules is in the repository").toBe(true);
    const config = JSON.parse(readFileSync("firebase.json", "utf8")) as { storage?: { rules?: string } | Array<{ rules?: string }> };
    const named = Array.isArray(config.storage) ? config.storage.map((entry) => entry.rules) : [config.storage?.rules];
    expect(named).toEqual(["storage.rules"]);
  });

  it("denies read and write of every path to every browser", () => {
    expect(existsSync("storage.rules"), "storage.rules is in the repository").toBe(true);
    expect(problemsOf(readFileSync("storage.rules", "utf8"))).toEqual([]);
  });

  it("would catch rules that grant something (the check can fail)", () => {
    const wrap = (body: string) => `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`;
    const denyAll = "    match /{allPaths=**} {\n      allow read, write: if false;\n    }";
    expect(problemsOf(wrap(denyAll))).toEqual([]);
    expect(problemsOf(wrap(`${denyAll}\n    match /members/{name} { allow read; }`))).toEqual([
      "/b/{bucket}/o/members/{name} allows read always",
    ]);
    expect(problemsOf(wrap(`${denyAll}\n    match /members/{name} { allow get: if request.auth != null; }`))).toEqual([
      "/b/{bucket}/o/members/{name} allows get if request.auth != null",
    ]);
    expect(problemsOf(wrap("    match /{allPaths=**} {\n      allow read: if false;\n    }"))).toHaveLength(1);
    expect(problemsOf(wrap(`${denyAll}\n    function open() { return true; }`))[0]).toMatch(/^unreadable/);
    expect(problemsOf(wrap(denyAll).replace("'2'", "'1'"))).toHaveLength(1);
    expect(problemsOf(wrap(denyAll).replace("firebase.storage", "cloud.firestore"))).toHaveLength(1);
    expect(problemsOf(wrap(denyAll).slice(0, -3))[0]).toMatch(/^unreadable/);
  });
});
