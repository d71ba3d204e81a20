#!/usr/bin/env node
// Summarises a V8 profile so it can be read without DevTools and quoted in docs/performance.md:
//
// - a CPU profile (node --cpu-prof; `npm run bench -- --member-profile=DIR` writes one for the member
//   server): the functions with the most self time, and self time per source file;
// - an allocation profile (`npm run bench -- --members=only --member-alloc=FILE`, bench/alloc-sampler.js):
//   the bytes each function allocated itself, per source file, and including what it called, so a
//   view's garbage can be traced to the code that makes it (issue 38: a fifth was Remix's links, ADR 062).
//
//   node bench/profile-summary.js <file.cpuprofile | file.json> [--top=25]
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-summary.js <file.cpuprofile | allocation file.json> [--top=N]");
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
const nameOf = ({ functionName, url, lineNumber }) => {
  const where = shortUrl(url);
  return `${functionName || "(anonymous)"}  ${where}${where ? `:${lineNumber + 1}` : ""}`;
};
const add = (map, key, amount) => map.set(key, (map.get(key) ?? 0) + amount);
const print = (title, map, total, format) => {
  console.log(`\n${title}`);
  for (const [key, amount] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((amount / total) * 100).toFixed(1).padStart(5)} %  ${format(amount).padStart(9)}  ${key}`);
  }
};

if (profile.head) {
  // An allocation profile: a tree of call frames, each with the bytes sampled in it.
  const byFunction = new Map();
  const byFile = new Map();
  const including = new Map();
  let total = 0;
  (function walk(node, callers) {
    const key = nameOf(node.callFrame);
    total += node.selfSize;
    add(byFunction, key, node.selfSize);
    add(byFile, shortUrl(node.callFrame.url) || "(native)", node.selfSize);
    // A function counted once per sample however deep it recurses.
    const stack = callers.includes(key) ? callers : [...callers, key];
    for (const caller of stack) add(including, caller, node.selfSize);
    for (const child of node.children) walk(child, stack);
  })(profile.head, []);
  const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`${file}: ${megabytes(total)} allocated in the samples`);
  print("Allocated by function", byFunction, total, megabytes);
  print("Allocated by file", byFile, total, megabytes);
  print("Allocated including callees", including, total, megabytes);
} else {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  // timeDeltas[i] is the time before sample i; attribute it to that sample's node.
  profile.samples.forEach((id, i) => add(selfMicros, id, profile.timeDeltas[i] ?? 0));
  const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byFile = new Map();
  for (const [id, micros] of selfMicros) {
    const { callFrame } = byId.get(id);
    add(byFunction, nameOf(callFrame), micros);
    add(byFile, shortUrl(callFrame.url) || callFrame.functionName, micros);
  }
  const milliseconds = (micros) => `${(micros / 1000).toFixed(0)} ms`;
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print("Self time by function", byFunction, total, milliseconds);
  print("Self time by file", byFile, total, milliseconds);
}
