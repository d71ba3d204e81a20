#!/usr/bin/env node
// Load benchmark for the production server (docs/performance.md).
//
//   npm run bench                      # remix build, then measure
//   npm run bench -- --no-build        # measure the existing build
//   npm run bench -- --duration=5 --connections=20 --warmup=50
//   npm run bench -- --node-env=inherit      # server NODE_ENV: production (default, as in the
//                                            # Dockerfile), any value, or inherit from this shell
//   npm run bench -- --in-place        # run the server from the working tree instead of a copy
//   npm run bench -- --members=only    # only the member pages (bench/members.js); --members=no skips them
//   npm run bench -- --scenario=mixed  # bench/mixed.js: 100 connections × 60 s, a mix of anonymous and
//                                      # member pages and actions, two instances behind a round-robin front
//                                      # (--mixed-connections, --mixed-duration, --mixed-warmup, --seed)
//   npm run bench -- --cold-start=only # bench/cold-start.js: a fresh instance under the mix the moment
//                                      # /readyz says 200, with and without its warm-up, alternating
//                                      # (--cold-runs, --cold-connections, --cold-seconds, --cold-steady,
//                                      # --cold-profile=DIR: each server's CPU profile in DIR;
//                                      # --cold-start=yes runs it after the rest)
//   npm run bench -- --plain-remix=no  # skips the plain Remix reference run after the member pages
//   npm run bench -- --paired-rounds=3 # rounds of member views and the plain page at the steady rate,
//                                      # alternating in the same minutes (0 skips them)
//   npm run bench -- --member-duration=8 --member-connections=50 --member-warmup=2 --member-profile=DIR
//                                      # DIR: the member server runs with --cpu-prof and leaves its
//                                      # profile there (read it with bench/profile-summary.js)
//   npm run bench -- --members=only --member-alloc=FILE
//                                      # the member server samples what it allocates (garbage included,
//                                      # bench/alloc-sampler.js) into FILE; read it with bench/profile-summary.js
//
// `npm run bench` runs under scripts/with-auth-emulator.js (port 9499): the member pages need a
// signed-in session, made through the Auth emulator and /api/session as a browser makes one. The
// public pages' server runs without identity, as before.
//
// Starts `node server.js` (from a copy of build/ and public/) as the demo (APP_ENV=demo) on a free
// port with a fresh SQLite file in the OS temp folder, warms each page, then runs autocannon with a browser's headers (brotli and
// gzip accepted) against `/`, `/teachers` and `/canopy`, each as a first visit (no cookie) and as a
// returning visitor (the cookie a first visit was given), and against the "static ceiling"
// (bench/static-server.js: the same pages precompressed, served from memory by a bare node:http
// server in its own process, measured before and after the app). Also measures the gzip size of the
// JavaScript `/` loads and how often pages read the store, and times the on-demand library's search
// over 5,000 generated classes (bench/search.js, in this process once the load runs are over).
// Prints a table and PASS/FAIL per target, writes bench/results.json, and exits 0 whatever the
// figures (it is a measurement, not a test); it exits 1 only when it could not measure (build or
// start failed).
//
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import {
  BROWSER_HEADERS,
  ROOT,
  buildApp,
  checkMachine,
  freePort,
  loadTest,
  parseFlags,
  requestLogEntries,
  startApp,
  stopAll,
  stopProcess,
  tail,
  track,
} from "./harness.js";
import { SEARCH_TARGET_P99_MS, formatSearchBench, runSearchBench } from "./search.js";
import { MEMBER_TARGETS, STEADY_PAGES, measureMemberPages, printMemberResults } from "./members.js";
import { measurePlainRemix, pairedSteadyRounds } from "./plain-remix.js";
import { runMixedScenario } from "./mixed.js";
import { runColdStart } from "./cold-start.js";

export const TARGETS = {
  minRatioToStatic: 0.5,
  maxP99Ms: 50,
  maxFirstLoadJsGzipBytes: 102_400,
  maxStoreReadsPer1000: 10,
  maxSearchP99Ms: SEARCH_TARGET_P99_MS,
};

const PAGES = [
  { name: "home", path: "/" },
  { name: "teachers", path: "/teachers" },
  { name: "partner", path: "/canopy" },
];

// A first visit sends no cookie (the app signs a new session each time); a returning visitor sends
// the __session cookie that a first response set.
const VISITS = [
  { name: "first visit", returning: false },
  { name: "returning", returning: true },
];

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: every child we start is stopped on normal exit, on errors and on Ctrl-C.

// ---------------------------------------------------------------------------------------------
// Build, ports, server start.

// ---------------------------------------------------------------------------------------------
// Measurements.

async function getStats(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/__stats`);
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

/** Sequential GETs so caches, JIT and connection pools are warm; returns the status codes seen. */
async function warm(url, count, headers = BROWSER_HEADERS) {
  const statuses = {};
  for (let i = 0; i < count; i++) {
    const response = await fetch(url, { headers, redirect: "manual" });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  return statuses;
}

/**
 * One request with the run's headers, to record what the run is measuring: the encoding and size on
 * the wire (fetch decodes the body, but the headers say what was sent), caching, and any cookie.
 */
async function probe(url, headers) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const decoded = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentEncoding: response.headers.get("content-encoding") ?? "identity",
    wireBytes: Number(response.headers.get("content-length") ?? Number.NaN),
    decodedBytes: decoded.length,
    cacheControl: response.headers.get("cache-control"),
    vary: response.headers.get("vary"),
    setsCookie: response.headers.getSetCookie().length > 0,
    responseHeaderBytes: [...response.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0),
  };
}

/** The `__session=…` pair a first visit to `url` is given, as a returning browser would send it back. */
async function returningCookie(url) {
  const response = await fetch(url, { headers: BROWSER_HEADERS, redirect: "manual" });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (!session) throw new Error(`${url} set no __session cookie on a first visit; cannot measure a returning visitor`);
  return session.split(";")[0];
}

/**
 * Every /build/*.js URL the HTML mentions (script src, modulepreload, imports of the inline module),
 * except the route manifest file: with lazy route discovery the page carries its own routes inline and
 * names the full manifest only as its version `url`, which a browser never fetches (checked in
 * Chromium: no request for it at load or after).
 */
export function buildScriptUrls(html) {
  const urls = new Set();
  for (const match of html.matchAll(/["'](\/build\/[^"'?#\s]+\.js)(?:[?#][^"']*)?["']/g)) {
    if (!/^\/build\/manifest-[A-Z0-9]+\.js$/.test(match[1])) urls.add(match[1]);
  }
  return [...urls];
}

/** Static `import … from "x.js"` / `import "x.js"` specifiers in an ES module (not dynamic import()). */
function staticImports(source) {
  const specifiers = new Set();
  for (const match of source.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) specifiers.add(match[1]);
  return [...specifiers];
}

async function firstLoadJs(baseUrl, html) {
  const listed = buildScriptUrls(html);
  const files = [];
  const unlisted = new Set();
  for (const href of listed) {
    const response = await fetch(new URL(href, baseUrl));
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url: href, status: response.status, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length });
    for (const specifier of staticImports(body.toString("utf8"))) {
      const resolved = new URL(specifier, new URL(href, baseUrl)).pathname;
      if (!listed.includes(resolved)) unlisted.add(resolved);
    }
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    totalGzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    totalBytes: files.reduce((sum, file) => sum + file.bytes, 0),
    files,
    // Statically imported by a listed script but not referenced in the HTML: not counted above,
    // and the browser only discovers them after parsing their importer (a request waterfall).
    unlistedStaticImports: [...unlisted],
  };
}

/** Per path: how the server's page cache answered and its own timing, from the request log. */
function summarizeLog(logFile, paths) {
  const byPath = {};
  const durations = {};
  for (const entry of requestLogEntries(logFile)) {
    if (!paths.includes(entry.path)) continue;
    const summary = (byPath[entry.path] ??= { requests: 0, cache: {}, status: {} });
    summary.requests++;
    summary.cache[entry.cache ?? "none"] = (summary.cache[entry.cache ?? "none"] ?? 0) + 1;
    summary.status[entry.status] = (summary.status[entry.status] ?? 0) + 1;
    (durations[entry.path] ??= []).push(entry.durationMs);
  }
  for (const [p, list] of Object.entries(durations)) {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
    byPath[p].serverDurationMs = { p50: at(0.5), p99: at(0.99), max: list[list.length - 1] };
  }
  return byPath;
}

// ---------------------------------------------------------------------------------------------
// Report.

function pad(value, width, left = false) {
  const text = String(value);
  return left ? text.padEnd(width) : text.padStart(width);
}

function printTable(rows) {
  const header = ["target", "encoding", "bytes", "req/s", "p50 ms", "p99 ms", "vs static", "non-2xx", "errors"];
  const widths = [26, 8, 7, 8, 7, 7, 10, 8, 7];
  const line = (cells) => cells.map((cell, i) => pad(cell, widths[i], i === 0)).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) {
    console.log(
      line([
        row.label,
        row.probe?.contentEncoding ?? "?",
        Number.isFinite(row.probe?.wireBytes) ? row.probe.wireBytes : "?",
        row.requestsPerSec.toFixed(0),
        row.latencyMs.p50,
        row.latencyMs.p99,
        row.ratioToStatic === null || row.ratioToStatic === undefined ? "–" : `${(row.ratioToStatic * 100).toFixed(1)} %`,
        row.non2xx,
        row.errors + row.timeouts,
      ]),
    );
  }
}

/** Starts bench/static-server.js in its own process holding `paths` of the app, precompressed. */
async function startStaticCeiling(appUrl, paths) {
  const port = await freePort();
  const child = track(
    spawn(
      process.execPath,
      [path.join(ROOT, "bench", "static-server.js"), "--source", appUrl, "--paths", paths.join(","), "--port", String(port)],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      },
    ),
  );
  const [firstLine] = await Promise.race([
    once(child.stdout, "data"),
    once(child, "exit").then(([code]) => {
      throw new Error(`static server exited (${code}) before listening`);
    }),
  ]);
  const info = JSON.parse(String(firstLine).split("\n")[0]);
  return { child, info, url: `http://127.0.0.1:${info.port}` };
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), {
    build: true,
    inPlace: false,
    duration: 10,
    connections: 50,
    warmup: 50,
    "node-env": "production",
    // Issue 25: member pages after the public ones (`no` skips them, `only` runs nothing else), and
    // the mixed scenario over two instances instead of the page runs.
    members: "yes",
    "member-duration": 8,
    "member-connections": 50,
    // Seconds of the same load, unmeasured, before each member page's run (and the reference's).
    "member-warmup": 2,
    // A directory: the member server runs with --cpu-prof and writes its profile there when stopped.
    "member-profile": "",
    // A file: the member server samples its allocations into it (bench/alloc-sampler.js).
    "member-alloc": "",
    // A plain Remix page measured after the member pages, the same way (bench/plain-remix.js).
    "plain-remix": "yes",
    // Issue 38: member views arriving at a steady rate (bench/steady.js), for the demo member and
    // --steady-members more; 0 skips. The plain Remix page gets the same rate in the same run.
    "steady-rate": 100,
    "steady-duration": 15,
    "steady-members": 4,
    // Then that many rounds of the member views and the plain page (uncompressed) at the same rate,
    // alternating while both servers run; the 2× check reads their median ratio. 0 skips them.
    "paired-rounds": 3,
    scenario: "pages",
    "mixed-connections": 100,
    "mixed-duration": 60,
    "mixed-warmup": 10,
    seed: 25,
    // Issue 37: a fresh instance under the mix the moment it is ready, with and without its warm-up
    // (bench/cold-start.js); `only` runs nothing else, `yes` runs it after the rest.
    "cold-start": "no",
    "cold-runs": 3,
    "cold-connections": 50,
    "cold-seconds": 10,
    "cold-steady": 10,
    "cold-profile": "",
  });
  const startedAt = new Date();
  if (flags.build) await buildApp();

  if (flags["cold-start"] === "only") return void (await runColdStart(flags));
  const { default: autocannon } = await import("autocannon");
  if (flags.scenario === "mixed") return void (await runMixedScenario(autocannon, flags));
  if (flags.scenario !== "pages") throw new Error(`unknown --scenario=${flags.scenario} (pages or mixed)`);
  if (flags.members !== "only") await measurePublicPages(autocannon, flags, startedAt);
  if (flags.members !== "no") await measureAndReportMemberPages(autocannon, flags);
  if (flags["cold-start"] === "yes") await runColdStart(flags);
}

/** Issue 25: the member pages (bench/members.js), printed after the public table, saved beside it. */
async function measureAndReportMemberPages(autocannon, flags) {
  const results = await measureMemberPages({
    autocannon,
    loadTest,
    connections: flags["member-connections"],
    duration: flags["member-duration"],
    warmupSeconds: flags["member-warmup"],
    nodeEnv: flags["node-env"] === "inherit" ? process.env.NODE_ENV : flags["node-env"],
    inPlace: flags.inPlace,
    nodeArgs: [
      ...(flags["member-profile"] ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(flags["member-profile"])}`] : []),
      ...(flags["member-alloc"] ? ["--import", pathToFileURL(path.join(ROOT, "bench", "alloc-sampler.js")).href] : []),
    ],
    env: flags["member-alloc"] ? { BENCH_ALLOC_PROFILE: path.resolve(flags["member-alloc"]) } : {},
    steady: steadyOptions(flags),
    whileRunning:
      flags["plain-remix"] !== "no" && Number(flags["paired-rounds"]) > 0
        ? async (member) => ({ paired: await pairedSteadyRounds({ member, rounds: Number(flags["paired-rounds"]) }) })
        : null,
  });
  if (!results.skipped && flags["plain-remix"] !== "no") {
    results.reference = await measurePlainRemix({
      autocannon,
      loadTest,
      connections: flags["member-connections"],
      duration: flags["member-duration"],
      warmupSeconds: flags["member-warmup"],
      steady: steadyOptions(flags),
    });
    results.checks.push(...timesPlainChecks(results));
  }
  writeFileSync(path.join(ROOT, "bench", "results-members.json"), `${JSON.stringify(results, null, 2)}\n`);
  printMemberResults(results);
  if (!results.skipped) console.log("Wrote bench/results-members.json");
}

function steadyOptions(flags) {
  const rate = Number(flags["steady-rate"]);
  return rate > 0
    ? { rate, seconds: Number(flags["steady-duration"]), warmupSeconds: 3, extraMembers: Number(flags["steady-members"]) }
    : null;
}

/** Issue 38: CPU per member view against the plain Remix page's, uncompressed, measured the same way in the same run. */
function timesPlainChecks(results) {
  const plain = results.reference.find((run) => !run.compressed);
  const limit = MEMBER_TARGETS.steadyCpuTimesPlain;
  const checks = [];
  for (const run of results.runs.filter((candidate) => STEADY_PAGES.includes(candidate.page))) {
    const times = plain?.cpuMsPerView && run.cpuMsPerView !== null ? run.cpuMsPerView / plain.cpuMsPerView : null;
    checks.push({
      name: `member ${run.page} CPU per view ≤ ${limit}× plain Remix uncompressed`,
      actual: times,
      pass: times !== null && times <= limit,
    });
  }
  const paired = results.alongside?.paired;
  if (paired) {
    checks.push({
      name: `member views at a steady rate: CPU per view ≤ ${limit}× plain Remix's at the same rate (median of ${paired.rounds.length} paired rounds)`,
      actual: paired.medianRatio,
      pass: paired.medianRatio !== null && paired.medianRatio <= limit,
    });
  } else if (results.steady && plain?.steady) {
    const times = results.steady.cpuMsPerView && plain.steady.cpuMsPerView ? results.steady.cpuMsPerView / plain.steady.cpuMsPerView : null;
    checks.push({
      name: `member views at a steady rate: CPU per view ≤ ${limit}× plain Remix's at the same rate (one run each)`,
      actual: times,
      pass: times !== null && times <= limit,
    });
  }
  return checks;
}

/** The public pages against the static ceiling, first-load JS, store reads and search. */
async function measurePublicPages(autocannon, flags, startedAt) {
  const machineBefore = await checkMachine();
  console.error("› starting node server.js");
  const app = await startApp({
    label: "bench",
    inPlace: flags.inPlace,
    env: flags["node-env"] === "inherit" ? {} : { NODE_ENV: flags["node-env"] },
  });
  console.error(`  listening on ${app.url} (NODE_ENV=${app.nodeEnv ?? "unset"}); request log: ${app.logFile}`);
  let staticCeiling;
  try {
    // Warm every page (and check it answers) before anything is measured. First visits get a random
    // experiment key each, so 50 of them fill the page cache for every variant combination.
    const warmup = {};
    const cookies = {};
    for (const page of PAGES) {
      warmup[page.path] = await warm(`${app.url}${page.path}`, flags.warmup);
      if (!warmup[page.path][200])
        console.error(`  warning: ${page.path} did not answer 200 while warming: ${JSON.stringify(warmup[page.path])}`);
      cookies[page.path] = await returningCookie(`${app.url}${page.path}`);
      await warm(`${app.url}${page.path}`, 10, { ...BROWSER_HEADERS, cookie: cookies[page.path] });
    }

    const homeResponse = await fetch(`${app.url}/`, { headers: BROWSER_HEADERS });
    if (homeResponse.status !== 200) throw new Error(`/ answered ${homeResponse.status}; cannot measure the static ceiling`);
    const homeHtml = await homeResponse.text();
    const js = await firstLoadJs(app.url, homeHtml);

    // The static ceiling runs in its own process, like the app, so autocannon's process measures both alike.
    staticCeiling = await startStaticCeiling(
      app.url,
      PAGES.map((page) => page.path),
    );
    for (const page of PAGES) await warm(`${staticCeiling.url}${page.path}`, flags.warmup);

    // Each page's ceiling is measured before and after the app's runs and the faster run is kept: a
    // ceiling is the most the machine managed, and one run alone swings with whatever else is running.
    const staticRuns = async (when) => {
      const byPath = {};
      for (const page of PAGES) {
        const url = `${staticCeiling.url}${page.path}`;
        const run = await loadTest(autocannon, {
          name: `static ${page.name} (${when})`,
          url,
          connections: flags.connections,
          duration: flags.duration,
        });
        byPath[page.path] = { ...run, path: page.path, probe: await probe(url, BROWSER_HEADERS) };
      }
      return byPath;
    };
    const staticBefore = await staticRuns("before");

    // Measured runs: store reads are counted over the page runs only.
    const statsBefore = await getStats(app.url);
    const runs = [];
    for (const page of PAGES) {
      for (const visit of VISITS) {
        const url = `${app.url}${page.path}`;
        const headers = visit.returning ? { ...BROWSER_HEADERS, cookie: cookies[page.path] } : BROWSER_HEADERS;
        const sample = await probe(url, headers);
        const run = await loadTest(autocannon, {
          name: `${page.name} ${visit.name}`,
          url,
          connections: flags.connections,
          duration: flags.duration,
          headers,
        });
        runs.push({ ...run, path: page.path, visit: visit.name, probe: sample });
      }
    }
    const statsAfter = await getStats(app.url);
    const staticAfter = await staticRuns("after");

    // After the load runs, so autocannon and the search share no CPU time.
    console.error("› search over 5,000 generated classes");
    const search = await runSearchBench();

    const statics = {};
    for (const page of PAGES) {
      const before = staticBefore[page.path];
      const after = staticAfter[page.path];
      statics[page.path] = {
        ...(after.requestsPerSec > before.requestsPerSec ? after : before),
        bytes: staticCeiling.info.pages[page.path]?.bytes ?? null,
        requestsPerSecBeforeAndAfter: [before.requestsPerSec, after.requestsPerSec],
      };
    }
    for (const run of runs) {
      const ceiling = statics[run.path].requestsPerSec;
      run.ratioToStatic = ceiling > 0 ? run.requestsPerSec / ceiling : null;
    }

    const pageRequests = runs.reduce((sum, run) => sum + run.totalRequests, 0);
    const storeReads =
      statsBefore && statsAfter
        ? {
            before: statsBefore.storeReads,
            after: statsAfter.storeReads,
            delta: statsAfter.storeReads - statsBefore.storeReads,
            requests: pageRequests,
            per1000: pageRequests > 0 ? ((statsAfter.storeReads - statsBefore.storeReads) * 1000) / pageRequests : null,
            cachedPagesAfter: statsAfter.cachedPages,
          }
        : null;

    const targets = [];
    for (const run of runs) {
      const label = `${run.path} ${run.visit}`;
      targets.push({
        name: `${label} ≥ ${TARGETS.minRatioToStatic * 100} % of static`,
        actual: run.ratioToStatic,
        pass: run.ratioToStatic !== null && run.ratioToStatic >= TARGETS.minRatioToStatic,
      });
      targets.push({
        name: `${label} p99 ≤ ${TARGETS.maxP99Ms} ms`,
        actual: run.latencyMs.p99,
        pass: run.latencyMs.p99 <= TARGETS.maxP99Ms,
      });
      // Fast failures would flatter the figures above, so errors count against the page too.
      targets.push({
        name: `${label} all responses 2xx`,
        actual: run.non2xx + run.errors + run.timeouts,
        pass: run.non2xx + run.errors + run.timeouts === 0,
      });
    }
    targets.push({
      name: `first-load JS ≤ ${TARGETS.maxFirstLoadJsGzipBytes} B gzip`,
      actual: js.totalGzipBytes,
      pass: js.totalGzipBytes <= TARGETS.maxFirstLoadJsGzipBytes,
    });
    targets.push({
      name: `store reads ≤ ${TARGETS.maxStoreReadsPer1000} per 1,000 views`,
      actual: storeReads?.per1000 ?? null,
      pass: storeReads?.per1000 !== null && storeReads?.per1000 !== undefined && storeReads.per1000 <= TARGETS.maxStoreReadsPer1000,
    });
    targets.push({
      name: `search p99 ≤ ${TARGETS.maxSearchP99Ms} ms over ${search.docs} classes`,
      actual: search.p99,
      pass: search.p99 <= TARGETS.maxSearchP99Ms,
    });

    const serverLog = summarizeLog(
      app.logFile,
      PAGES.map((page) => page.path),
    );
    const results = {
      date: startedAt.toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      platform: `${os.platform()} ${os.release()}`,
      totalMemoryBytes: os.totalmem(),
      // 1/5/15-minute load averages: other work on the machine skews every figure below.
      machine: { ...machineBefore, loadAverageAfter: os.loadavg() },
      serverNodeEnv: app.nodeEnv,
      options: {
        connections: flags.connections,
        durationSeconds: flags.duration,
        warmupRequests: flags.warmup,
        built: flags.build,
        servedFrom: flags.inPlace ? "working tree" : "copy of build/ and public/ in the temp folder",
        headers: BROWSER_HEADERS,
      },
      targets: TARGETS,
      runs,
      static: statics,
      staticPages: staticCeiling.info.pages,
      firstLoadJs: js,
      storeReads,
      search,
      serverLog,
      warmup,
      checks: targets,
      allPass: targets.every((target) => target.pass),
      requestLogFile: app.logFile,
    };
    writeFileSync(path.join(ROOT, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);

    console.log(`\nStillhour bench — ${results.date}, Node ${results.node}, ${results.cpus} CPU (${results.cpuModel})`);
    console.log(
      `${flags.connections} connections × ${flags.duration} s per target, browser headers (Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}), server NODE_ENV=${app.nodeEnv ?? "unset"}`,
    );
    console.log(
      `CPUs ${(machineBefore.cpuBusyBefore * 100).toFixed(0)} % busy before starting; load average before ${machineBefore.loadAverageBefore.map((n) => n.toFixed(2)).join(" ")}, after ${results.machine.loadAverageAfter.map((n) => n.toFixed(2)).join(" ")}\n`,
    );
    const rows = [];
    for (const page of PAGES) {
      for (const run of runs.filter((r) => r.path === page.path)) rows.push({ ...run, label: `${page.path} ${run.visit}` });
      rows.push({ ...statics[page.path], label: `${page.path} static`, ratioToStatic: null });
    }
    printTable(rows);
    console.log("(static: the same page precompressed in its own process; best of the runs before and after the app's)");
    for (const page of PAGES) {
      console.log(`  ${page.path}: ${statics[page.path].requestsPerSecBeforeAndAfter.map((n) => n.toFixed(0)).join(" / ")} req/s`);
    }
    console.log(`\nFirst-load JS of /: ${js.totalGzipBytes} B gzip (level 9) in ${js.files.length} files, ${js.totalBytes} B raw`);
    for (const file of js.files)
      console.log(`  ${pad(file.gzipBytes, 8)} B  ${file.url}${file.status === 200 ? "" : `  (HTTP ${file.status})`}`);
    if (js.unlistedStaticImports.length)
      console.log(`  not referenced in the HTML but statically imported: ${js.unlistedStaticImports.join(", ")}`);
    if (storeReads) {
      console.log(
        `Store reads: ${storeReads.delta} over ${storeReads.requests} page requests = ${storeReads.per1000.toFixed(2)} per 1,000 views (cached pages: ${storeReads.cachedPagesAfter})`,
      );
    } else console.log("Store reads: /__stats unavailable");
    for (const [p, summary] of Object.entries(serverLog)) {
      const cache = Object.entries(summary.cache)
        .map(([state, count]) => `${state} ${count}`)
        .join(", ");
      console.log(
        `Server log ${p}: ${summary.requests} requests (${cache}); server time p50 ${summary.serverDurationMs.p50} ms, p99 ${summary.serverDurationMs.p99} ms`,
      );
    }
    console.log(`\n${formatSearchBench(search, { verdict: false })}`);
    console.log("\nTargets:");
    for (const target of targets) {
      const actual =
        typeof target.actual === "number"
          ? Number.isInteger(target.actual)
            ? target.actual
            : target.actual.toFixed(3)
          : String(target.actual);
      console.log(`  ${target.pass ? "PASS" : "FAIL"}  ${target.name}  (actual: ${actual})`);
    }
    console.log(`\nWrote bench/results.json; request log kept at ${app.logFile}`);
  } finally {
    await stopProcess(staticCeiling?.child);
    await app.stop();
    app.removeDatabase();
    const errors = tail(app.errFile, 10);
    if (errors) console.error(`\nServer stderr (last lines of ${app.errFile}):\n${errors}`);
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  main()
    .then(() => process.exit(0))
    .catch(async (error) => {
      console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
      await stopAll();
      process.exit(1);
    });
}
