// The bench's harness: starting and stopping the built server and other processes, free ports, the
// machine's load, flags, autocannon runs and the server's request log. Shared by every bench module
// (bench/run.js, members.js, mixed.js, plain-remix.js, cold-start.js) and scripts/lighthouse.js and
// fuzz-routes.mjs; it imports none of them, so no bench module imports back up through run.js.
import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeOptions } from "./dockerfile.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// A desktop Chrome's headers for a page load: the app sees an ordinary first-time visitor (no cookie)
// that accepts brotli and gzip, as every browser does. The returning-visitor runs add the cookie.
export const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
};

const children = new Set();
const cleanupHooks = new Set();
let cleanupInstalled = false;

function installCleanup() {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  // Last resort: the process is exiting, so only synchronous kills are possible.
  process.on("exit", () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    for (const hook of cleanupHooks) {
      try {
        hook();
      } catch {
        // best effort while exiting
      }
    }
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping servers…`);
      stopAll().finally(() => process.exit(130));
    });
  }
}

/** Spawns a child process and tracks it so it is stopped whatever happens. */
export function track(child) {
  installCleanup();
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process has exited. */
export async function stopProcess(child, graceMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Registers a synchronous stop function (e.g. a browser's kill) run on exit, errors and Ctrl-C. */
export function onCleanup(hook) {
  installCleanup();
  cleanupHooks.add(hook);
  return () => cleanupHooks.delete(hook);
}

export async function stopAll() {
  for (const hook of cleanupHooks) {
    try {
      hook();
    } catch {
      // already stopped
    }
  }
  cleanupHooks.clear();
  await Promise.allSettled([...children].map((child) => stopProcess(child)));
}

export function parseFlags(argv, defaults) {
  const flags = { ...defaults };
  for (const arg of argv) {
    if (arg === "--no-build") flags.build = false;
    else if (arg === "--in-place") flags.inPlace = true;
    else if (arg.startsWith("--") && arg.includes("=")) {
      const [name, value] = arg.slice(2).split("=", 2);
      if (!(name in defaults)) throw new Error(`unknown option --${name}`);
      flags[name] = typeof defaults[name] === "number" ? Number(value) : value;
      if (Number.isNaN(flags[name])) throw new Error(`--${name} needs a number`);
    } else throw new Error(`unknown argument ${arg}`);
  }
  return flags;
}

/** `npx remix build` (of the site, or of another app folder), output on stderr so stdout stays the report. */
export async function buildApp(cwd = ROOT) {
  console.error(`› npx remix build${cwd === ROOT ? "" : ` (${path.relative(ROOT, cwd)})`}`);
  const started = Date.now();
  const child = track(spawn("npx", ["remix", "build"], { cwd, stdio: ["ignore", process.stderr, process.stderr] }));
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`remix build failed (exit ${code})`);
  console.error(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort() {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** Share of all CPUs' time spent busy over the next `ms` (0…1), from os.cpus() counters. */
export async function cpuBusy(ms = 2_000) {
  const total = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        acc.all += t.user + t.nice + t.sys + t.irq + t.idle;
        acc.idle += t.idle;
        return acc;
      },
      { all: 0, idle: 0 },
    );
  const a = total();
  await sleep(ms);
  const b = total();
  const all = b.all - a.all;
  return all > 0 ? 1 - (b.idle - a.idle) / all : 0;
}

/**
 * Benchmarks on a busy machine mostly measure the other work; say so up front. Measures how busy the
 * CPUs are right now (the load average lags by a minute) and returns both figures for the results.
 */
export async function checkMachine() {
  const busy = await cpuBusy();
  const loadAverage = os.loadavg();
  if (busy > 0.25) {
    console.error(
      `  warning: the CPUs were ${(busy * 100).toFixed(0)} % busy before starting — other processes are running, figures will be low and noisy`,
    );
  }
  return { cpuBusyBefore: Math.round(busy * 1000) / 1000, loadAverageBefore: loadAverage };
}

async function sleep(ms) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export function tail(file, lines = 30) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** Every /build/… file the server bundle names, missing from `publicDir`; empty when build and public agree. */
function missingAssets(buildFile, publicDir) {
  const source = readFileSync(buildFile, "utf8");
  const missing = new Set();
  for (const match of source.matchAll(/"(\/build\/[^"\s]+\.(?:js|css))"/g)) {
    if (!existsSync(path.join(publicDir, match[1]))) missing.add(match[1]);
  }
  return [...missing];
}

/**
 * Copies server.js, package.json, build/ and public/ into `dir` (node_modules linked), so that a
 * `remix build` started elsewhere during the measurement cannot swap the files under the server.
 * Retries while the copy is inconsistent (caught mid-build).
 */
async function snapshotApp(dir) {
  for (let attempt = 1; ; attempt++) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const file of ["server.js", "package.json"]) copyFileSync(path.join(ROOT, file), path.join(dir, file));
    cpSync(path.join(ROOT, "build"), path.join(dir, "build"), { recursive: true });
    cpSync(path.join(ROOT, "public"), path.join(dir, "public"), { recursive: true });
    symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const missing = missingAssets(path.join(dir, "build", "index.js"), path.join(dir, "public"));
    if (missing.length === 0) return;
    if (attempt >= 10)
      throw new Error(`build/ and public/build/ do not match (missing ${missing.slice(0, 3).join(", ")}…); run the build again`);
    await sleep(3_000);
  }
}

/**
 * Resolves once `GET <url>/healthz` answers 200; throws (and stops the server) if the process exits
 * first or `timeoutMs` passes. `output` gives what the server printed, for the error.
 */
export async function waitForHealthz(child, url, { timeoutMs = 60_000, output = () => "" } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before /healthz answered.\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopProcess(child);
      throw new Error(`server did not answer /healthz within ${timeoutMs / 1000} s.\n${output()}`);
    }
    await sleep(200);
  }
}

/**
 * Starts `node server.js` on a free port against a fresh SQLite file in a new temp folder.
 * Unless `inPlace`, the server runs from a copy of the build in that folder (see snapshotApp), or
 * from `dir` as it is when given (another build to compare, bench/ab-builds.js).
 * stdout (one JSON line per request) goes to `<tmp>/server.log`, stderr to `<tmp>/server.err.log`.
 * Resolves once GET /healthz answers 200.
 */
export async function startApp({ label = "bench", env = {}, timeoutMs = 60_000, inPlace = false, dir = null, nodeArgs = [] } = {}) {
  const port = await freePort();
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `stillhour-${label}-`));
  const copied = !inPlace && !dir;
  const appDir = inPlace ? ROOT : dir ? path.resolve(dir) : path.join(tmpDir, "app");
  const removeFiles = () => {
    for (const name of readdirSync(tmpDir)) {
      if (name.startsWith("stillhour.sqlite")) rmSync(path.join(tmpDir, name), { force: true });
    }
    if (copied) rmSync(appDir, { recursive: true, force: true });
  };
  // Also on Ctrl-C and on errors, not only at the end of a run.
  onCleanup(removeFiles);
  if (copied) await snapshotApp(appDir);
  const logFile = path.join(tmpDir, "server.log");
  const errFile = path.join(tmpDir, "server.err.log");
  const sqlitePath = path.join(tmpDir, "stillhour.sqlite");
  const url = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    // The demo's drivers and content are what is measured; no other mode accepts them.
    APP_ENV: "demo",
    PORT: String(port),
    PUBLIC_SITE_URL: url,
    DATA_STORE: "sqlite",
    SQLITE_PATH: sqlitePath,
    STATS_ENDPOINT: "true",
    LOG_REQUESTS: "true",
    ...env,
  };
  // Never point a measurement at a real or emulated Firestore that happens to be configured here. The
  // Auth emulator stays only when the caller hands it over (Lighthouse measures the sign-in SDK's cost).
  for (const name of ["FIREBASE_PROJECT_ID", "FIRESTORE_EMULATOR_HOST", "FIREBASE_AUTH_EMULATOR_HOST"]) {
    if (!(name in env)) delete childEnv[name];
  }

  const out = openSync(logFile, "a");
  const err = openSync(errFile, "a");
  // Started as the image starts it (its CMD's Node options), with the caller's own options after.
  const child = track(
    spawn(process.execPath, [...serverNodeOptions(), ...nodeArgs, "server.js"], {
      cwd: appDir,
      env: childEnv,
      stdio: ["ignore", out, err],
    }),
  );
  closeSync(out);
  closeSync(err);

  await waitForHealthz(child, url, { timeoutMs, output: () => tail(errFile) || tail(logFile) });

  return {
    url,
    port,
    nodeEnv: childEnv.NODE_ENV ?? null,
    appDir,
    child,
    tmpDir,
    logFile,
    errFile,
    async stop() {
      await stopProcess(child);
    },
    /** Deletes the SQLite files and the copy of the app; the logs stay for reading. */
    removeDatabase: removeFiles,
  };
}

/** Slugs of teachers and blog posts, read from hrefs in /teachers and /blog (and /sitemap.xml if any). */
export async function discoverSlugs(baseUrl) {
  const found = { teachers: new Set(), blog: new Set() };
  const collect = (text) => {
    for (const match of text.matchAll(/(?:href=["']|<loc>)(?:https?:\/\/[^/"'<]+)?\/(teachers|blog)\/([A-Za-z0-9][A-Za-z0-9._~-]*)/g)) {
      found[match[1] === "teachers" ? "teachers" : "blog"].add(match[2]);
    }
  };
  for (const page of ["/teachers", "/blog", "/sitemap.xml"]) {
    try {
      const response = await fetch(`${baseUrl}${page}`, { headers: BROWSER_HEADERS, signal: AbortSignal.timeout(10_000) });
      if (response.ok) collect(await response.text());
    } catch {
      // that page may not exist yet
    }
  }
  return { teachers: [...found.teachers], blog: [...found.blog] };
}

export async function loadTest(autocannon, { name, url, connections, duration, headers = BROWSER_HEADERS }) {
  console.error(`› autocannon ${name} ${url} (${connections} connections, ${duration} s)`);
  const result = await autocannon({ url, connections, duration, headers });
  return {
    name,
    url,
    requestsPerSec: result.requests.average,
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    totalRequests: result.requests.total,
    "2xx": result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    bytesPerSec: result.throughput.average,
  };
}

/** The server's one-line-per-request log entries (`msg: "request"`), parsed; none when it is unreadable. */
export function requestLogEntries(logFile) {
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return [];
  }
  const entries = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.msg === "request") entries.push(entry);
    } catch {
      // a line cut short at shutdown
    }
  }
  return entries;
}
