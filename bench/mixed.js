// `npm run bench -- --scenario=mixed` (issue 25): a realistic mix against TWO instances of the built
// server on one SQLite store, behind the round-robin front the production suites use
// (tests/support/round-robin-front.ts, through bench/front.js).
//
// 100 connections (--mixed-connections) for 60 s (--mixed-duration), each a loop that picks its next
// request by weight (seeded, --seed): anonymous pages (first visits and returning visitors), a
// signed-in member's pages (the demo member and four new onboarded accounts), and actions: booking
// and cancelling a class (connection i alternates on class i of the schedule, wrapping round when
// there are fewer classes than connections, so a few races and their 4xx are part of the mix), saving and removing a
// favourite, and the player's progress reports. Reports requests/s, the error rate (5xx, refused or
// dropped connections, timeouts; 4xx answers are counted apart, as refusals), p50/p99 per kind, and
// each instance's resident memory every 5 s. The first --mixed-warmup seconds (10) run the same mix
// unmeasured: two instances that have just started render every page, fill their caches and compile
// their hot code under 100 connections at once, and in that window every kind had requests taking
// 1-4 s (three runs, 23:50-00:00 UTC on 26 November: 109 of 165 requests over 1 s started in the
// first 5 s). That window is reported on its own line, not hidden, and is not what the targets are
// about: a deployment sends traffic to a new instance gradually. Targets: < 1 % errors, p99 < 1 s for every kind, and
// memory flat: each instance's resident memory grows by less than 10 % over the second half of the run
// (the first half is the heap settling at the size the load needs).
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeFileSync } from "node:fs";
import { prng } from "./prng.js";
import { loadStartFront } from "./front.js";
import { BROWSER_HEADERS, ROOT, checkMachine, freePort, startApp } from "./harness.js";
import { bookClasses, discoverMemberPaths, moreMembers, signInMember } from "./members.js";
import { send, summarize } from "./http-load.js";

export const MIXED_TARGETS = { maxErrorRate: 0.01, maxP99Ms: 1_000, maxSecondHalfGrowth: 0.1 };
const MEMORY_SAMPLE_MS = 5_000;

const ANONYMOUS_PAGES = ["/", "/teachers", "/canopy", "/classes", "/on-demand", "/blog"];
const MEMBER_PAGES = ["/classes", "/on-demand", "/my-classes", "{class}", "{video}", "/settings"];

/** Weighted kinds of request; each connection draws one per turn. */
export const MIX = [
  { kind: "anonymous first visit", weight: 8 },
  { kind: "anonymous returning", weight: 32 },
  { kind: "member page", weight: 40 },
  { kind: "book or cancel", weight: 6 },
  { kind: "favourite", weight: 6 },
  { kind: "progress", weight: 8 },
];

function rssOf(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

async function startInstances(count, { frontPort, shared, nodeEnv }) {
  const instances = [];
  // One after the other: the first seeds the store, the next finds it seeded.
  for (let i = 0; i < count; i++) {
    instances.push(
      await startApp({
        label: `bench-mixed-${i}`,
        env: {
          ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}),
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
          // Every instance answers for the front's one address (origin checks, links) on one store.
          PUBLIC_SITE_URL: `http://127.0.0.1:${frontPort}`,
          SQLITE_PATH: path.join(shared, "stillhour.sqlite"),
          UPLOADS_DIR: path.join(shared, "uploads"),
          MAIL_OUTBOX_DIR: path.join(shared, "outbox"),
          // The production settings: no per-request log lines, no read tally.
          LOG_REQUESTS: "false",
          STATS_ENDPOINT: "false",
        },
      }),
    );
  }
  return instances;
}

/**
 * Who takes part in the mix, prepared through `base` (the front, or one instance): the demo member (a
 * membership: books, plays) and four members without one, signed in; the schedule's classes and the
 * hub's on-demand classes; three classes booked for the demo member; 20 returning visitors' cookies.
 */
export async function prepareMix(base, emulatorHost) {
  const demo = { ...(await signInMember(base, { emulatorHost })), subscribed: true };
  const members = [demo, ...(await moreMembers(base, emulatorHost, 4))];
  const found = await discoverMemberPaths(base, demo.cookie);
  if (found.classes.length === 0 || found.videos.length === 0) throw new Error("no class or on-demand class to use");
  const booked = await bookClasses(base, demo.cookie, found.classes, 3);
  const pagePath = (p, i) =>
    p === "{class}" ? (booked[i % booked.length] ?? found.classes[0]) : p === "{video}" ? found.videos[i % found.videos.length] : p;
  const visitorCookies = [];
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${base}${ANONYMOUS_PAGES[i % ANONYMOUS_PAGES.length]}`, { headers: BROWSER_HEADERS });
    await response.arrayBuffer();
    visitorCookies.push(
      response.headers
        .getSetCookie()
        .find((c) => c.startsWith("__session="))
        ?.split(";")[0] ?? "",
    );
  }
  return { base, demo, members, found, booked, pagePath, visitorCookies };
}

/**
 * Connection `index`'s turns in the mix: `next()` draws its next request by weight (from `random`,
 * shared by all connections), `settle()` records what the answer changed (a class held, a favourite
 * saved) and returns the sample. The state lives on the object, so a connection kept across runs on the
 * same store keeps knowing what it holds.
 */
export function mixedConnection(mix, index, random) {
  const { base, demo, members, found, booked, pagePath, visitorCookies } = mix;
  const totalWeight = MIX.reduce((sum, m) => sum + m.weight, 0);
  const pick = () => {
    let r = random() * totalWeight;
    for (const m of MIX) if ((r -= m.weight) < 0) return m.kind;
    return MIX[0].kind;
  };
  const postHeaders = (cookie) => ({
    Origin: base,
    cookie,
    "content-type": "application/x-www-form-urlencoded",
    accept: BROWSER_HEADERS.accept,
  });
  // Connection i books and cancels class i (wrapping round: with fewer classes some connections share one).
  const myClass = found.classes[index % found.classes.length];
  let holding = booked.includes(myClass);
  let favourite = false;
  let seq = 0;
  const viewing = `benchview${String(index).padStart(4, "0")}`;
  return {
    next() {
      const kind = pick();
      const member = members[Math.floor(random() * members.length)];
      let request;
      if (kind === "anonymous first visit")
        request = { path: ANONYMOUS_PAGES[Math.floor(random() * ANONYMOUS_PAGES.length)], headers: BROWSER_HEADERS };
      else if (kind === "anonymous returning") {
        request = {
          path: ANONYMOUS_PAGES[Math.floor(random() * ANONYMOUS_PAGES.length)],
          headers: { ...BROWSER_HEADERS, cookie: visitorCookies[index % visitorCookies.length] },
        };
      } else if (kind === "member page") {
        const i = Math.floor(random() * MEMBER_PAGES.length);
        request = { path: pagePath(MEMBER_PAGES[i], index), headers: { ...BROWSER_HEADERS, cookie: member.cookie } };
      } else if (kind === "book or cancel") {
        request = { method: "POST", path: myClass, headers: postHeaders(demo.cookie), body: `intent=${holding ? "cancel" : "book"}` };
      } else if (kind === "favourite") {
        request = {
          method: "POST",
          path: found.videos[index % found.videos.length],
          headers: postHeaders(member.cookie),
          body: `favorite=${favourite ? "off" : "on"}`,
        };
      } else {
        seq += 1;
        request = {
          method: "POST",
          path: `${found.videos[index % found.videos.length]}/progress`,
          headers: postHeaders(demo.cookie),
          body: `position=${seq * 10}&viewing=${viewing}&seq=${seq}`,
        };
      }
      return { kind, request };
    },
    settle(kind, request, result) {
      if (kind === "book or cancel" && result.status === 302) holding = /booking=(booked|waitlisted)/.test(result.location);
      if (kind === "favourite" && result.status === 303) favourite = !favourite;
      return { kind: kind === "book or cancel" ? (request.body === "intent=book" ? "book" : "cancel") : kind, ...result };
    },
  };
}

export async function runMixedScenario(_autocannon, flags) {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost)
    throw new Error("the mixed scenario signs members in: run it through `npm run bench` (which starts the Auth emulator)");
  const connections = flags["mixed-connections"];
  const durationMs = flags["mixed-duration"] * 1000;
  const random = prng(flags.seed);
  const machineBefore = await checkMachine();
  const frontPort = await freePort();
  const shared = mkdtempSync(path.join(os.tmpdir(), "stillhour-bench-mixed-"));
  const nodeEnv = flags["node-env"] === "inherit" ? process.env.NODE_ENV : flags["node-env"];
  console.error("› starting two instances of node server.js on one SQLite store");
  const instances = await startInstances(2, { frontPort, shared, nodeEnv });
  const startFront = await loadStartFront();
  const front = await startFront(
    frontPort,
    instances.map((app) => app.url),
  );
  const base = `http://127.0.0.1:${frontPort}`;
  try {
    const mix = await prepareMix(base, emulatorHost);
    const { demo, visitorCookies, pagePath } = mix;
    // Warm both instances (every page through the front) before memory is read.
    for (let round = 0; round < 4; round++) {
      for (const p of ANONYMOUS_PAGES)
        await (await fetch(`${base}${p}`, { headers: { ...BROWSER_HEADERS, cookie: visitorCookies[0] } })).arrayBuffer();
      for (const [i, p] of MEMBER_PAGES.entries())
        await (await fetch(`${base}${pagePath(p, i)}`, { headers: { ...BROWSER_HEADERS, cookie: demo.cookie } })).arrayBuffer();
    }
    const memoryBefore = instances.map((app) => rssOf(app.child.pid));

    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const samples = [];
    const warmupMs = flags["mixed-warmup"] * 1000;
    const warmupSamples = [];
    const measureFrom = Date.now() + warmupMs;
    const deadline = measureFrom + durationMs;
    console.error(
      `› mixed load: ${connections} connections for ${warmupMs / 1000} s unmeasured, then ${durationMs / 1000} s through the front at ${base}`,
    );
    const worker = async (index) => {
      const connection = mixedConnection(mix, index, random);
      while (Date.now() < deadline) {
        const { kind, request } = connection.next();
        const sentAt = Date.now();
        const result = await send(agent, base, request);
        (sentAt < measureFrom ? warmupSamples : samples).push(connection.settle(kind, request, result));
      }
    };
    // Memory is followed from the start of the load, the warm-up included (negative seconds).
    const started = measureFrom;
    const memorySeries = [{ seconds: -warmupMs / 1000, rss: memoryBefore }];
    const sampler = setInterval(
      () => memorySeries.push({ seconds: Math.round((Date.now() - started) / 1000), rss: instances.map((app) => rssOf(app.child.pid)) }),
      MEMORY_SAMPLE_MS,
    );
    await Promise.all(Array.from({ length: connections }, (_, i) => worker(i)));
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    agent.destroy();
    const memoryAfter = instances.map((app) => rssOf(app.child.pid));
    memorySeries.push({ seconds: Math.round(elapsed), rss: memoryAfter });
    // Growth over the second half: from the sample nearest the middle of the run to the end.
    const middle = memorySeries
      .filter((s) => s.seconds >= 0)
      .reduce((best, s) => (Math.abs(s.seconds - elapsed / 2) < Math.abs(best.seconds - elapsed / 2) ? s : best));
    const secondHalfGrowth = instances.map((_, i) =>
      middle.rss[i] && memoryAfter[i] ? (memoryAfter[i] - middle.rss[i]) / middle.rss[i] : null,
    );

    const kinds = [...new Set(samples.map((s) => s.kind))];
    const byKind = Object.fromEntries(kinds.map((kind) => [kind, summarize(samples.filter((s) => s.kind === kind))]));
    const all = summarize(samples);
    const errorKinds = {};
    for (const s of samples)
      if (s.error || s.status >= 500) errorKinds[s.error ?? `HTTP ${s.status}`] = (errorKinds[s.error ?? `HTTP ${s.status}`] ?? 0) + 1;
    const checks = [
      { name: `errors < ${MIXED_TARGETS.maxErrorRate * 100} %`, actual: all.errorRate, pass: all.errorRate < MIXED_TARGETS.maxErrorRate },
      ...kinds.map((kind) => ({
        name: `${kind} p99 < ${MIXED_TARGETS.maxP99Ms} ms`,
        actual: byKind[kind].p99,
        pass: byKind[kind].p99 !== null && byKind[kind].p99 < MIXED_TARGETS.maxP99Ms,
      })),
      ...secondHalfGrowth.map((growth, i) => ({
        name: `instance ${i + 1} memory grows < ${MIXED_TARGETS.maxSecondHalfGrowth * 100} % over the second half`,
        actual: growth,
        pass: growth !== null && growth < MIXED_TARGETS.maxSecondHalfGrowth,
      })),
    ];
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      machine: { ...machineBefore, loadAverageAfter: os.loadavg() },
      options: {
        connections,
        durationSeconds: durationMs / 1000,
        warmupSeconds: warmupMs / 1000,
        seed: flags.seed,
        instances: instances.length,
        mix: MIX,
      },
      warmup: summarize(warmupSamples),
      requestsPerSec: samples.length / elapsed,
      all,
      byKind,
      errorKinds,
      front: front.counts,
      memoryBytes: { before: memoryBefore, after: memoryAfter, series: memorySeries, secondHalfGrowth },
      checks,
    };
    writeFileSync(path.join(ROOT, "bench", "results-mixed.json"), `${JSON.stringify(results, null, 2)}\n`);
    printMixed(results);
    return results;
  } finally {
    await front.close();
    for (const app of instances) {
      await app.stop();
      app.removeDatabase();
    }
    rmSync(shared, { recursive: true, force: true });
  }
}

function printMixed(results) {
  const mb = (bytes) => (bytes === null ? "?" : `${(bytes / 1048576).toFixed(0)} MB`);
  console.log(
    `\nMixed scenario — ${results.date}, ${results.options.connections} connections × ${results.options.durationSeconds} s, two instances on one SQLite store behind a round-robin front`,
  );
  console.log(
    `CPUs ${(results.machine.cpuBusyBefore * 100).toFixed(0)} % busy before starting; load average after ${results.machine.loadAverageAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  const w = results.warmup;
  if (w.requests)
    console.log(
      `unmeasured warm-up, the first ${results.options.warmupSeconds} s after start: ${w.requests} requests, errors ${w.errors}, p50 ${w.p50} ms, p99 ${w.p99} ms, max ${Math.round(w.max)} ms`,
    );
  console.log(
    `${results.all.requests} requests, ${results.requestsPerSec.toFixed(0)} req/s; errors ${results.all.errors} (${(results.all.errorRate * 100).toFixed(2)} %), refusals (4xx) ${results.all.refused}`,
  );
  const widths = [24, 9, 8, 8, 9, 9];
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  console.log(line(["kind", "requests", "errors", "4xx", "p50 ms", "p99 ms"]));
  for (const [kind, s] of Object.entries(results.byKind))
    console.log(line([kind, s.requests, s.errors, s.refused, s.p50 ?? "–", s.p99 ?? "–"]));
  if (Object.keys(results.errorKinds).length) console.log(`errors by cause: ${JSON.stringify(results.errorKinds)}`);
  console.log(`front: ${JSON.stringify(results.front)}`);
  console.log(
    `memory (RSS) per instance: before ${results.memoryBytes.before.map(mb).join(", ")}; after ${results.memoryBytes.after.map(mb).join(", ")}`,
  );
  console.log(
    `memory (RSS) every ${MEMORY_SAMPLE_MS / 1000} s: ${results.memoryBytes.series.map((s) => `${s.seconds}s ${s.rss.map(mb).join("/")}`).join(", ")}`,
  );
  console.log("Targets:");
  for (const check of results.checks)
    console.log(
      `  ${check.pass ? "PASS" : "FAIL"}  ${check.name}  (actual: ${typeof check.actual === "number" ? check.actual.toFixed(check.actual < 1 ? 4 : 0) : check.actual})`,
    );
}
