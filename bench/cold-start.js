// `npm run bench -- --cold-start=only` (issue 37): a new instance put under the mixed load the moment
// its readiness says 200, with the warm-up before readiness (the server's default WARM_UP_SECONDS) and
// without it (WARM_UP_SECONDS=0: ready as soon as it listens, as before the warm-up).
//
// One prepared store: a first instance of the built server seeds it and the mix's people are prepared
// through it (bench/mixed.js's prepareMix: the demo member and four new members signed in through the
// Auth emulator, three classes booked, returning visitors' cookies), then it stops. Each run starts
// from a copy of that store (so bookings, favourites and the progress reports' rate limit are the
// same for every run) and draws the same seeded sequence of requests. It spawns a fresh
// `node server.js` (NODE_ENV=production, the production settings: no request log, no read tally)
// from the same copy of the build, on the same port, polls /readyz every 20 ms from the spawn, and at
// the first 200 puts the mix on it straight (no front; one instance gets --cold-connections, 50 by
// default: the 100 connections of the mixed scenario spread over its two instances).
//
// Reported per run: spawn to listening and to ready, the warm-up the server logged, and for the
// requests sent in the first --cold-seconds (10) after ready: p50, p99, max, errors (5xx, dropped
// connections, timeouts), 4xx refusals apart, p99 per kind, the slowest request per second and the
// slowest requests. The load then goes on for --cold-steady seconds (10; 0 skips it), the same
// instance now warm: its p99 is what this machine gives under that load at all. And the server's CPU
// time per answer over its first 200 answers against the same over the steady seconds: on a shared
// machine latency mostly measures the other work, CPU time much less, so this ratio is the fairer
// figure of how cold the instance still is.
//
// The cases alternate (warm, cold; then cold, warm; …) for --cold-runs rounds (3), and the medians of
// each case are the result. Target: the warmed instance's p99 in its first 10 s under 500 ms.
import { spawn } from "node:child_process";
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { ROOT, checkMachine, startApp, stopProcess, track } from "./harness.js";
import { serverNodeOptions } from "./dockerfile.js";
import { cpuMsOf } from "./members.js";
import { MIX, mixedConnection, prepareMix } from "./mixed.js";
import { send, summarize } from "./http-load.js";
import { prng } from "./prng.js";

export const COLD_START_TARGETS = { maxFirstSecondsP99Ms: 500 };
const FIRST_ANSWERS = 200;

const CASES = [
  { name: "warm-up", warmUpSeconds: null },
  { name: "no warm-up", warmUpSeconds: 0 },
];

async function sleep(ms) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

function median(values) {
  const list = values.filter((value) => typeof value === "number").sort((a, b) => a - b);
  if (!list.length) return null;
  const middle = Math.floor(list.length / 2);
  return list.length % 2 ? list[middle] : Math.round(((list[middle - 1] + list[middle]) / 2) * 10) / 10;
}

/** The server's start-up lines that say how its warm-up went (`warmed up` or `warm-up incomplete`). */
function warmUpLine(logFile) {
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.msg === "warmed up" || entry.msg === "warm-up incomplete, ready anyway")
        return { ok: entry.msg === "warmed up", ms: entry.ms, cause: entry.cause, pages: entry.pages, rounds: entry.rounds };
    } catch {
      // a line cut short at shutdown
    }
  }
  return null;
}

/** Polls /readyz every 20 ms from the spawn: when it first answered at all (listening), and 200. */
async function waitForReady(child, url, spawnedAt, timeoutMs = 60_000) {
  let listeningMs = null;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      listeningMs ??= Date.now() - spawnedAt;
      if (response.status === 200) return { listeningMs, readyMs: Date.now() - spawnedAt };
    } catch {
      // not listening yet
    }
    if (Date.now() - spawnedAt > timeoutMs) throw new Error(`not ready within ${timeoutMs / 1000} s`);
    await sleep(20);
  }
}

/** One fresh instance, one case: spawn, wait for ready, the mix at once; the figures of its first seconds. */
async function coldRun({ coldCase, appDir, port, shared, mix, seed, connections, firstMs, steadyMs, runDir, profileDir }) {
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(runDir, "server.log");
  const errFile = path.join(runDir, "server.err.log");
  const env = { ...process.env };
  for (const name of ["FIREBASE_PROJECT_ID", "FIRESTORE_EMULATOR_HOST", "WARM_UP_SECONDS"]) delete env[name];
  Object.assign(env, {
    APP_ENV: "demo",
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_SITE_URL: url,
    DATA_STORE: "sqlite",
    SQLITE_PATH: path.join(runDir, "stillhour.sqlite"),
    UPLOADS_DIR: path.join(shared, "uploads"),
    MAIL_OUTBOX_DIR: path.join(shared, "outbox"),
    LOG_REQUESTS: "false",
    STATS_ENDPOINT: "false",
    // The bench stops each instance at once when its run is over; no grace for a balancer to learn of it.
    SHUTDOWN_GRACE_SECONDS: "0",
    ...(coldCase.warmUpSeconds === null ? {} : { WARM_UP_SECONDS: String(coldCase.warmUpSeconds) }),
  });
  // Every run starts from the same store, as the mix's preparation left it (bookings, favourites, the
  // progress reports' rate limit), and draws the same sequence of requests.
  for (const name of readdirSync(shared))
    if (name.startsWith("stillhour.sqlite")) copyFileSync(path.join(shared, name), path.join(runDir, name));
  const random = prng(seed);
  const connectionsState = Array.from({ length: connections }, (_, index) => mixedConnection(mix, index, random));
  const out = openSync(logFile, "a");
  const err = openSync(errFile, "a");
  const spawnedAt = Date.now();
  // --cold-profile=DIR: each run's server writes a CPU profile (its whole life) into DIR/<run>.
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profileDir, path.basename(runDir))}`] : [];
  const child = track(
    spawn(process.execPath, [...serverNodeOptions(), ...nodeArgs, "server.js"], { cwd: appDir, env, stdio: ["ignore", out, err] }),
  );
  closeSync(out);
  closeSync(err);
  try {
    const { listeningMs, readyMs } = await waitForReady(child, url, spawnedAt);
    const readyAt = Date.now();
    const cpuAtReady = cpuMsOf(child.pid);
    let cpuAtFirstEnd = null;
    let answersAtFirstEnd = 0;
    const firstEnd = readyAt + firstMs;
    const deadline = firstEnd + steadyMs;
    const cpuTimer = setTimeout(() => {
      cpuAtFirstEnd = cpuMsOf(child.pid);
      answersAtFirstEnd = answers;
    }, firstMs);
    // The server's CPU time per answer over its first FIRST_ANSWERS answers, and over the steady
    // window: CPU time is less swayed than latency by what else the machine runs.
    let answers = 0;
    let cpuAtFirstAnswers = null;
    let firstAnswersMs = null;
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const first = [];
    const steady = [];
    await Promise.all(
      connectionsState.map(async (connection) => {
        while (Date.now() < deadline) {
          const { kind, request } = connection.next();
          const sentAt = Date.now();
          const result = await send(agent, url, request);
          if (++answers === FIRST_ANSWERS) {
            cpuAtFirstAnswers = cpuMsOf(child.pid);
            firstAnswersMs = Date.now() - readyAt;
          }
          const sample = {
            ...connection.settle(kind, request, result),
            path: request.path,
            sentMs: sentAt - readyAt,
            second: Math.floor((sentAt - readyAt) / 1000),
          };
          (sentAt < firstEnd ? first : steady).push(sample);
        }
      }),
    );
    clearTimeout(cpuTimer);
    const cpuAtEnd = cpuMsOf(child.pid);
    agent.destroy();
    const kinds = [...new Set(first.map((s) => s.kind))];
    const seconds = Math.ceil(firstMs / 1000);
    const slowestBySecond = Array.from({ length: seconds }, (_, second) => {
      const ms = first.filter((s) => s.second === second && !s.error).map((s) => s.ms);
      return ms.length ? Math.round(Math.max(...ms)) : null;
    });
    const errorKinds = {};
    for (const s of first)
      if (s.error || s.status >= 500) errorKinds[s.error ?? `HTTP ${s.status}`] = (errorKinds[s.error ?? `HTTP ${s.status}`] ?? 0) + 1;
    return {
      case: coldCase.name,
      listeningMs,
      readyMs,
      warmUp: warmUpLine(logFile),
      first: summarize(first),
      firstByKind: Object.fromEntries(kinds.map((kind) => [kind, summarize(first.filter((s) => s.kind === kind))])),
      firstErrorKinds: errorKinds,
      slowestBySecond,
      slowest: first
        .filter((s) => !s.error)
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 20)
        .map((s) => ({ kind: s.kind, path: s.path, status: s.status, ms: Math.round(s.ms), sentMs: s.sentMs })),
      serverCpuMsFirst: cpuAtReady !== null && cpuAtFirstEnd !== null ? cpuAtFirstEnd - cpuAtReady : null,
      firstAnswersMs,
      serverCpuMsPerAnswer: {
        [`first ${FIRST_ANSWERS}`]:
          cpuAtReady !== null && cpuAtFirstAnswers !== null ? (cpuAtFirstAnswers - cpuAtReady) / FIRST_ANSWERS : null,
        steady:
          steadyMs > 0 && cpuAtFirstEnd !== null && cpuAtEnd !== null && answers > answersAtFirstEnd
            ? (cpuAtEnd - cpuAtFirstEnd) / (answers - answersAtFirstEnd)
            : null,
      },
      steady: steadyMs > 0 ? summarize(steady) : null,
    };
  } finally {
    await stopProcess(child);
  }
}

export async function runColdStart(flags) {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost)
    throw new Error("the cold-start runs sign members in: run them through `npm run bench` (which starts the Auth emulator)");
  const rounds = flags["cold-runs"];
  const connections = flags["cold-connections"];
  const firstMs = flags["cold-seconds"] * 1000;
  const steadyMs = flags["cold-steady"] * 1000;
  const machineBefore = await checkMachine();
  const shared = mkdtempSync(path.join(os.tmpdir(), "stillhour-bench-cold-"));
  mkdirSync(path.join(shared, "runs"));
  console.error("› cold start: a first instance seeds the store and signs the mix's members in");
  const setup = await startApp({
    label: "bench-cold",
    env: {
      NODE_ENV: "production",
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      SQLITE_PATH: path.join(shared, "stillhour.sqlite"),
      UPLOADS_DIR: path.join(shared, "uploads"),
      MAIL_OUTBOX_DIR: path.join(shared, "outbox"),
      LOG_REQUESTS: "false",
      STATS_ENDPOINT: "false",
      WARM_UP_SECONDS: "0",
      SHUTDOWN_GRACE_SECONDS: "0",
    },
  });
  const runs = [];
  try {
    const mix = await prepareMix(setup.url, emulatorHost);
    await setup.stop();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? CASES : [...CASES].reverse();
      for (const coldCase of order) {
        const runDir = path.join(shared, "runs", `${round + 1}-${coldCase.name.replace(/\W+/g, "-")}`);
        mkdirSync(runDir);
        console.error(
          `› cold start round ${round + 1}/${rounds}, ${coldCase.name}: spawn, /readyz, then ${connections} connections for ${(firstMs + steadyMs) / 1000} s`,
        );
        const run = await coldRun({
          coldCase,
          appDir: setup.appDir,
          port: setup.port,
          shared,
          mix,
          seed: flags.seed,
          profileDir: flags["cold-profile"] ? path.resolve(flags["cold-profile"]) : "",
          connections,
          firstMs,
          steadyMs,
          runDir,
        });
        runs.push({ round: round + 1, ...run });
        console.error(
          `  ready after ${run.readyMs} ms; first ${firstMs / 1000} s: ${run.first.requests} requests, p99 ${run.first.p99} ms, max ${Math.round(run.first.max ?? 0)} ms, errors ${run.first.errors}`,
        );
      }
    }
  } finally {
    await setup.stop();
    setup.removeDatabase();
    rmSync(shared, { recursive: true, force: true });
  }

  const medians = Object.fromEntries(
    CASES.map(({ name }) => {
      const of = runs.filter((run) => run.case === name);
      const pick = (read) => median(of.map(read));
      return [
        name,
        {
          runs: of.length,
          listeningMs: pick((r) => r.listeningMs),
          readyMs: pick((r) => r.readyMs),
          warmUpMs: pick((r) => r.warmUp?.ms ?? null),
          requests: pick((r) => r.first.requests),
          errors: pick((r) => r.first.errors),
          refused: pick((r) => r.first.refused),
          p50: pick((r) => r.first.p50),
          p99: pick((r) => r.first.p99),
          max: pick((r) => r.first.max),
          serverCpuMsFirst: pick((r) => r.serverCpuMsFirst),
          cpuMsPerAnswerFirst: pick((r) => r.serverCpuMsPerAnswer[`first ${FIRST_ANSWERS}`]),
          cpuMsPerAnswerSteady: pick((r) => r.serverCpuMsPerAnswer.steady),
          steadyP99: pick((r) => r.steady?.p99 ?? null),
        },
      ];
    }),
  );
  const warmed = medians["warm-up"];
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    machine: { ...machineBefore, loadAverageAfter: os.loadavg() },
    options: {
      rounds,
      connections,
      firstSeconds: firstMs / 1000,
      steadySeconds: steadyMs / 1000,
      seed: flags.seed,
      mix: MIX,
      cases: CASES,
      serverNodeEnv: "production",
    },
    runs,
    medians,
    checks: [
      {
        name: `with the warm-up, p99 of the first ${firstMs / 1000} s < ${COLD_START_TARGETS.maxFirstSecondsP99Ms} ms (median of ${rounds})`,
        actual: warmed.p99,
        pass: warmed.p99 !== null && warmed.p99 < COLD_START_TARGETS.maxFirstSecondsP99Ms,
      },
      { name: "with the warm-up, no errors in the first seconds (median)", actual: warmed.errors, pass: warmed.errors === 0 },
    ],
  };
  writeFileSync(path.join(ROOT, "bench", "results-cold-start.json"), `${JSON.stringify(results, null, 2)}\n`);
  printColdStart(results);
  console.log("Wrote bench/results-cold-start.json");
  return results;
}

export function printColdStart(results) {
  const { options } = results;
  console.log(
    `\nCold start — ${results.date}, a fresh instance (NODE_ENV=production) under the mix at once: ${options.connections} connections straight at it from the moment /readyz says 200`,
  );
  console.log(
    `CPUs ${(results.machine.cpuBusyBefore * 100).toFixed(0)} % busy before starting; load average after ${results.machine.loadAverageAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  const widths = [12, 6, 9, 8, 9, 9, 7, 5, 7, 8, 8, 9, 9, 10];
  const line = (cells) => cells.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  const first = `first ${options.firstSeconds} s`;
  console.log(
    line([
      "case",
      "run",
      "listen ms",
      "ready ms",
      "warm-up",
      "requests",
      "errors",
      "4xx",
      "p50 ms",
      "p99 ms",
      "max ms",
      "CPU first",
      "CPU then",
      "then p99",
    ]),
  );
  const fmt = (value) => (value === null || value === undefined ? "–" : Math.round(value));
  const fmt1 = (value) => (value === null || value === undefined ? "–" : value.toFixed(1));
  for (const run of results.runs)
    console.log(
      line([
        run.case,
        run.round,
        fmt(run.listeningMs),
        fmt(run.readyMs),
        run.warmUp ? `${run.warmUp.ok ? "" : "(!) "}${run.warmUp.ms}` : "–",
        run.first.requests,
        run.first.errors,
        run.first.refused,
        fmt(run.first.p50),
        fmt(run.first.p99),
        fmt(run.first.max),
        fmt1(run.serverCpuMsPerAnswer[`first ${FIRST_ANSWERS}`]),
        fmt1(run.serverCpuMsPerAnswer.steady),
        fmt(run.steady?.p99),
      ]),
    );
  for (const [name, m] of Object.entries(results.medians))
    console.log(
      line([
        name,
        "median",
        fmt(m.listeningMs),
        fmt(m.readyMs),
        fmt(m.warmUpMs),
        fmt(m.requests),
        fmt(m.errors),
        fmt(m.refused),
        fmt(m.p50),
        fmt(m.p99),
        fmt(m.max),
        fmt1(m.cpuMsPerAnswerFirst),
        fmt1(m.cpuMsPerAnswerSteady),
        fmt(m.steadyP99),
      ]),
    );
  console.log(
    `(${first} after ready: the requests sent in them; CPU first / then: the server's CPU ms per answer over its first ${FIRST_ANSWERS} answers / over the next ${options.steadySeconds} s, the same instance warm, whose p99 is "then p99")`,
  );
  for (const run of results.runs)
    console.log(`  slowest request per second, ${run.case} round ${run.round}: ${run.slowestBySecond.map(fmt).join(" ")} ms`);
  console.log("Targets:");
  for (const check of results.checks) console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.name}  (actual: ${check.actual})`);
}
