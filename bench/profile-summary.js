#!/usr/bin/env node
// Summarises a V8 CPU profile (node --cpu-prof; `npm run bench -- --member-profile=DIR` writes one for
// the member server): the functions with the most self time, and self time per source file, so a
// profile can be read without DevTools and quoted in docs/performance.md.
//
//   node bench/profile-summary.js <file.cpuprofile> [--top=25]
import { readFileSync } from "node:fs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-summary.js <file.cpuprofile> [--top=N]");
  process.exit(2);
}
const top = Number(rest.find((arg) => arg.startsWith("--top="))?.slice(6) ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
// timeDeltas[i] is the time before sample i; attribute it to that sample's node.
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url) =>
  url
    ? url
        .replace(/^file:\/\//, "")
        .replace(/^.*\/node_modules\//, "node_modules/")
        .replace(/^.*\/build\//, "build/")
    : "";
const byFunction = new Map();
const byFile = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const where = shortUrl(callFrame.url);
  const key = `${callFrame.functionName || "(anonymous)"}  ${where}${where ? `:${callFrame.lineNumber + 1}` : ""}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
  const fileKey = where || callFrame.functionName;
  byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + micros);
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print("Self time by function", byFunction);
print("Self time by file", byFile);
