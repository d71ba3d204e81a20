#!/usr/bin/env node
// Search benchmark for the on-demand library (issue 10; docs/decisions/019-search.md).
//
//   node bench/search.js                       # 5,000 classes, 3,000 queries
//   node bench/search.js --docs=20000 --queries=5000 --seed=7
//
// Bundles the app's own in-process driver (app/services/search/memory.server.ts, with MiniSearch
// inside) with esbuild, so what is measured is the code the server runs, not a copy of its options.
// Generates a deterministic catalogue (seeded PRNG: titles from word lists, 12 teachers, 4 modalities,
// 4 levels, 15 tags, 2–60 minutes), times the index build, then times each query of a fixed mix
// (single words, two words, typos, prefixes, filters alone, text with filters, page 2) after a warm-up.
// `npm run bench` calls runSearchBench() too and adds the figures to bench/results.json.
import { build } from "esbuild";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { prng } from "./prng.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Issue 10: p99 per query at most this, over 5,000 classes. */
export const SEARCH_TARGET_P99_MS = 20;

const MODALITIES = ["meditation", "breathwork", "mindfulness", "sleep"];
const LEVELS = ["Beginner", "All levels", "Intermediate", "Advanced"];
const TEACHERS = [
  "Jonah Reyes",
  "Mira Okafor",
  "Lena Vogt",
  "Sam Whitfield",
  "Aiko Tanaka",
  "Priya Raman",
  "Tomás Ibarra",
  "Hannah Lindqvist",
  "Kwame Mensah",
  "Noor Haddad",
  "Elise Moreau",
  "Rafael Souza",
].map((name, i) => ({ id: `teacher-${name.split(" ")[0].toLowerCase()}`, name, index: i }));
const TAGS = [
  ["sleep", "Sleep"],
  ["anxiety", "Anxiety"],
  ["focus", "Focus"],
  ["morning", "Morning"],
  ["evening", "Evening"],
  ["stress", "Stress relief"],
  ["body-scan", "Body scan"],
  ["gratitude", "Gratitude"],
  ["compassion", "Self-compassion"],
  ["energy", "Energy"],
  ["grief", "Grief"],
  ["work", "At work"],
  ["walking", "Walking"],
  ["beginners", "For beginners"],
  ["nature", "Nature sounds"],
].map(([id, label]) => ({ id, label }));
const TITLE_OPENERS = [
  "Gentle",
  "Slow",
  "Quiet",
  "Deep",
  "Soft",
  "Steady",
  "Simple",
  "Open",
  "Calm",
  "Bright",
  "Still",
  "Grounding",
  "Restful",
  "Clear",
  "Warm",
  "Patient",
];
const TITLE_SUBJECTS = [
  "breath",
  "exhale",
  "body scan",
  "awareness",
  "attention",
  "sleep",
  "rest",
  "kindness",
  "gratitude",
  "focus",
  "release",
  "presence",
  "balance",
  "stillness",
  "listening",
  "letting go",
  "morning light",
  "evening wind-down",
  "heartbeat",
  "noticing",
  "counting",
  "box breathing",
  "humming",
  "posture",
  "walking",
  "senses",
  "thoughts",
  "emotions",
  "compassion",
  "clarity",
];
const TITLE_ENDINGS = [
  "",
  "",
  "for beginners",
  "before bed",
  "at your desk",
  "for anxious days",
  "in ten minutes",
  "for hard days",
  "with music",
  "outdoors",
  "after work",
  "to start the day",
];
const DESCRIPTION_WORDS = (
  "settle notice breathe soften shoulders jaw belly ribs nostrils counting pause inhale exhale hold release tension attention " +
  "kindly wandering mind return anchor sound silence room light warmth weight ground feet hands heart steady rhythm slower " +
  "longer gentle practice teacher guides through a short sequence that ends in rest sleep calm clear focus energy grief " +
  "gratitude compassion walking nature rain ocean forest evening morning workday meeting commute kitchen bed pillow"
).split(" ");

/** A deterministic catalogue of `count` classes as search documents. */
export function generateCatalogue(count, seed = 42) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const docs = [];
  for (let i = 0; i < count; i++) {
    const teacher = pick(TEACHERS);
    const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(TAGS)))];
    const title = [pick(TITLE_OPENERS), pick(TITLE_SUBJECTS), pick(TITLE_ENDINGS)].filter(Boolean).join(" ");
    const description = Array.from({ length: 14 + Math.floor(random() * 14) }, () => pick(DESCRIPTION_WORDS)).join(" ");
    docs.push({
      id: `class-${String(i).padStart(5, "0")}`,
      title: title[0].toUpperCase() + title.slice(1),
      teacherId: teacher.id,
      teacherName: teacher.name,
      modality: pick(MODALITIES),
      level: pick(LEVELS),
      durationSeconds: 120 + Math.floor(random() * (3600 - 120 + 1)),
      tags: tags.map((tag) => tag.id),
      tagLabels: tags.map((tag) => tag.label),
      description: `${description[0].toUpperCase()}${description.slice(1)}.`,
      publishedAt: 1_700_000_000_000 + i * 3_600_000 + Math.floor(random() * 3_600_000),
    });
  }
  return docs;
}

/** A fixed mix of queries, each with its kind, as a person would type them while browsing. */
export function generateQueries(count, seed = 7) {
  const random = prng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const words = [
    ...new Set(
      [
        ...TITLE_OPENERS,
        ...TITLE_SUBJECTS.flatMap((s) => s.split(" ")),
        ...TAGS.flatMap((t) => t.label.split(" ")),
        ...TEACHERS.flatMap((t) => t.name.split(" ")),
        ...MODALITIES,
      ].map((w) => w.toLowerCase()),
    ),
  ];
  const long = words.filter((w) => w.length >= 5);
  const typo = (word) => {
    const at = 1 + Math.floor(random() * (word.length - 2));
    const kind = Math.floor(random() * 3);
    if (kind === 0) return word.slice(0, at) + word.slice(at + 1); // a letter dropped
    if (kind === 1) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2); // two swapped
    return word.slice(0, at) + pick("aeioustrn".split("")) + word.slice(at + 1); // one wrong
  };
  const filters = () => {
    const f = {};
    if (random() < 0.5) f.modality = pick(MODALITIES);
    if (random() < 0.3) f.teacherId = pick(TEACHERS).id;
    if (random() < 0.3) f.level = pick(LEVELS);
    if (random() < 0.4) f.tags = random() < 0.7 ? [pick(TAGS).id] : [pick(TAGS).id, pick(TAGS).id];
    if (random() < 0.4) {
      const min = pick([null, 300, 600, 900]);
      const max = pick([null, 900, 1200, 1800, 3600]);
      f.minSeconds = min;
      f.maxSeconds = max !== null && min !== null && max < min ? null : max;
    }
    return f;
  };
  const kinds = {
    "one word": () => ({ text: pick(words) }),
    "two words": () => ({ text: `${pick(words)} ${pick(words)}` }),
    typo: () => ({ text: typo(pick(long)) }),
    prefix: () => ({ text: pick(long).slice(0, 2 + Math.floor(random() * 3)) }),
    "filters only": () => ({ text: "", ...filters() }),
    "text + filters": () => ({ text: random() < 0.5 ? pick(words) : typo(pick(long)), ...filters() }),
    "page 2": () => ({ text: pick(words), page: 2 }),
  };
  const names = Object.keys(kinds);
  return Array.from({ length: count }, (_, i) => {
    const kind = names[i % names.length];
    return { kind, query: { page: 1, perPage: 20, ...kinds[kind]() } };
  });
}

/** The app's in-process driver, bundled from its TypeScript source (MiniSearch included). */
async function loadMemoryDriver() {
  const result = await build({
    entryPoints: [path.join(ROOT, "app", "services", "search", "memory.server.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
}

function percentile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const round = (ms) => Math.round(ms * 1000) / 1000;

/**
 * Builds the index over a generated catalogue and times every query.
 * Resolves { docs, buildMs, queries, p50, p95, p99, max, pass, target, byKind }; times in ms.
 */
export async function runSearchBench({ docs: docCount = 5_000, queries: queryCount = 3_000, seed = 42 } = {}) {
  const { createMemorySearch } = await loadMemoryDriver();
  const docs = generateCatalogue(docCount, seed);
  const queries = generateQueries(queryCount, seed + 1);

  const search = createMemorySearch();
  const buildStarted = performance.now();
  await search.replaceAll(docs);
  const buildMs = performance.now() - buildStarted;

  // Warm-up (not measured): the JIT compiles the hot paths, as in a server that has run a while.
  for (const { query } of generateQueries(300, seed + 2)) await search.search(query);

  const times = [];
  const byKind = {};
  let hits = 0;
  for (const { kind, query } of queries) {
    const started = performance.now();
    const result = await search.search(query);
    const ms = performance.now() - started;
    times.push(ms);
    (byKind[kind] ??= []).push(ms);
    if (result.total > 0) hits++;
  }
  times.sort((a, b) => a - b);
  const summary = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      count: sorted.length,
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted[sorted.length - 1]),
    };
  };
  const p99 = round(percentile(times, 0.99));
  return {
    docs: docs.length,
    buildMs: round(buildMs),
    queries: times.length,
    queriesWithResults: hits,
    p50: round(percentile(times, 0.5)),
    p95: round(percentile(times, 0.95)),
    p99,
    max: round(times[times.length - 1]),
    target: SEARCH_TARGET_P99_MS,
    pass: p99 <= SEARCH_TARGET_P99_MS,
    byKind: Object.fromEntries(Object.entries(byKind).map(([kind, list]) => [kind, summary(list)])),
  };
}

/** The figures as a few lines of text, for this script and for bench/run.js. */
export function formatSearchBench(result, { verdict = true } = {}) {
  const lines = [
    `Search (in-process MiniSearch): ${result.docs} generated classes indexed in ${result.buildMs.toFixed(1)} ms; ${result.queries} queries (${result.queriesWithResults} with results)`,
    `  all queries      p50 ${result.p50.toFixed(3)} ms   p95 ${result.p95.toFixed(3)} ms   p99 ${result.p99.toFixed(3)} ms   max ${result.max.toFixed(3)} ms`,
  ];
  for (const [kind, figures] of Object.entries(result.byKind)) {
    lines.push(
      `  ${kind.padEnd(16)} p50 ${figures.p50.toFixed(3)} ms   p99 ${figures.p99.toFixed(3)} ms   max ${figures.max.toFixed(3)} ms   (${figures.count})`,
    );
  }
  if (verdict) lines.push(`  ${result.pass ? "PASS" : "FAIL"}  search p99 ≤ ${result.target} ms  (actual: ${result.p99.toFixed(3)})`);
  return lines.join("\n");
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const options = {};
  for (const arg of process.argv.slice(2)) {
    const match = /^--(docs|queries|seed)=(\d+)$/.exec(arg);
    if (!match) {
      console.error(`unknown argument ${arg} (use --docs=N, --queries=N, --seed=N)`);
      process.exit(1);
    }
    options[match[1]] = Number(match[2]);
  }
  runSearchBench(options)
    .then((result) => {
      console.log(`Node ${process.version}`);
      console.log(formatSearchBench(result));
      process.exit(0);
    })
    .catch((error) => {
      console.error(`search bench failed: ${error instanceof Error ? error.stack : error}`);
      process.exit(1);
    });
}
