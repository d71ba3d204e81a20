#!/usr/bin/env node
// Summarises an allocation profile written by bench/alloc-sampler.js: the functions that allocated
// most themselves, by source file, and including what they called, so a view's garbage can be traced
// to the code that makes it (issue 38: a fifth of it was Remix's links, ADR 062).
//
//   node bench/alloc-summary.js <file.json> [--top=25]
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: alloc-summary.js <file.json> [--top=N]");
  process.exit(2);
}
const top = Number(rest.find((arg) => arg.startsWith("--top="))?.slice(6) ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
const shortUrl = (url) =>
  url
    ? url
        .replace(/^file:\/\//, "")
        .replace(/^.*\/node_modules\//, "node_modules/")
        .replace(/^.*\/build\//, "build/")
    : "";
const byFunction = new Map();
const byFile = new Map();
const including = new Map();
let total = 0;
const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
(function walk(node, callers) {
  const where = shortUrl(node.callFrame.url);
  const key = `${node.callFrame.functionName || "(anonymous)"}  ${where}${where ? `:${node.callFrame.lineNumber + 1}` : ""}`;
  total += node.selfSize;
  add(byFunction, key, node.selfSize);
  add(byFile, where || "(native)", node.selfSize);
  // A function counted once per sample however deep it recurses.
  const stack = callers.includes(key) ? callers : [...callers, key];
  for (const caller of stack) add(including, caller, node.selfSize);
  for (const child of node.children) walk(child, stack);
})(profile.head, []);
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${(bytes / 1e6).toFixed(1).padStart(7)} MB  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} MB allocated in the samples`);
print("Allocated by function", byFunction);
print("Allocated by file", byFile);
print("Allocated including callees", including);
