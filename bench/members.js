// Member pages under load (issue 25): the pages a signed-in member sees first, each for a signed-in
// session the bench prepares through the app's own sign-in path. Called by bench/run.js; kept apart
// from its public-page runs so both can change without touching the other.
//
// Needs the Auth emulator (`npm run bench` starts one through scripts/with-auth-emulator.js). The
// member server is a second `node server.js` of the same build, started with the emulator named, so
// the demo people are seeded at start (the demo member +1 201-555-0101 has a membership); the public
// runs keep their own server without identity, as before.
//
// For each page: autocannon, `connections` × `duration` s with the member's cookie and a browser's
// headers; requests/s, p50, p99, non-2xx; the store's document reads over the run divided by its
// requests (GET /__stats), and, from the server's request log, the store operations and documents
// each request made (the `storeOps`/`storeDocs` fields the server logs when STATS_ENDPOINT is on).
import os from "node:os";
import { readFileSync } from "node:fs";
import { BROWSER_HEADERS, checkMachine, requestLogEntries, startApp } from "./harness.js";
import { steadyLine, steadyRate } from "./steady.js";

/** The demo member (app/demo/accounts.ts): onboarded, with an annual membership seeded at start. */
export const DEMO_MEMBER_PHONE = "+12015550101";

export const MEMBER_TARGETS = { maxP99Ms: 100, maxStoreOpsPerView: 3, steadyP99Ms: 50, steadyCpuTimesPlain: 2 };

/** The pages members open most, which the steady-rate run (issue 38) cycles through. */
export const STEADY_PAGES = ["schedule", "hub", "my classes", "settings"];

/** The pages a member sees first; `{class}` and `{video}` are filled from the schedule and the hub. */
export const MEMBER_PAGES = [
  { name: "schedule", path: "/classes" },
  { name: "hub", path: "/on-demand" },
  { name: "my classes", path: "/my-classes" },
  { name: "class page", path: "{class}" },
  { name: "on-demand class", path: "{video}" },
  { name: "settings", path: "/settings" },
];

const EMULATOR_API_KEY = "bench-api-key";

async function emulatorPost(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * A member's `__session` cookie, made the way the site's own sign-in makes one: a phone sign-in on the
 * Auth emulator (the code read from the emulator, as /demo/outbox shows it), then the ID token posted
 * to /api/session by the page's origin.
 */
export async function signInMember(
  baseUrl,
  { emulatorHost, project = process.env.FIREBASE_PROJECT_ID ?? "demo-stillhour", phoneNumber = DEMO_MEMBER_PHONE },
) {
  const rest = (method) => `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${EMULATOR_API_KEY}`;
  const sent = await emulatorPost(rest("sendVerificationCode"), { phoneNumber, recaptchaToken: "emulator" });
  const codes = await (await fetch(`http://${emulatorHost}/emulator/v1/projects/${project}/verificationCodes`)).json();
  const code = codes.verificationCodes.find((entry) => entry.sessionInfo === sent.sessionInfo)?.code;
  if (!code) throw new Error(`the emulator holds no code for ${phoneNumber}`);
  const signedIn = await emulatorPost(rest("signInWithPhoneNumber"), { sessionInfo: sent.sessionInfo, code });
  const synced = await fetch(`${baseUrl}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${signedIn.idToken}`, Origin: baseUrl },
  });
  await synced.arrayBuffer();
  const cookie = synced.headers
    .getSetCookie()
    .find((line) => line.startsWith("__session="))
    ?.split(";")[0];
  if (synced.status !== 200 || !cookie) throw new Error(`token sync for ${phoneNumber} answered ${synced.status}`);
  return { uid: String(signedIn.localId), cookie };
}

/** Paths of live classes (schedule links) and on-demand classes (hub links) in a member's pages. */
export async function discoverMemberPaths(baseUrl, cookie) {
  const read = async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { ...BROWSER_HEADERS, cookie } });
    return response.ok ? response.text() : "";
  };
  const classes = [...new Set([...(await read("/classes")).matchAll(/href="(\/classes\/[A-Za-z0-9_-]+)"/g)].map((m) => m[1]))];
  const videos = [
    ...new Set(
      [...(await read("/on-demand")).matchAll(/href="(\/on-demand\/[A-Za-z0-9_-]+)"/g)]
        .map((m) => m[1])
        .filter((href) => !/^\/on-demand\/(favorites|history|series)$/.test(href)),
    ),
  ];
  return { classes, videos };
}

/**
 * Books `count` classes for the member through the class page's own form (POST, same origin), so
 * "my classes" and a class page show what a member with bookings sees. Returns the booked paths.
 */
export async function bookClasses(baseUrl, cookie, classPaths, count) {
  const booked = [];
  for (const path of classPaths) {
    if (booked.length >= count) break;
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { Origin: baseUrl, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=book",
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status === 302 && /booking=(booked|waitlisted)/.test(response.headers.get("location") ?? "")) booked.push(path);
  }
  return booked;
}

/**
 * CPU time the server process has used so far (user + system, ms), from /proc: divided by the
 * requests of a run it gives CPU per view, which other work on a shared machine does not inflate
 * the way it inflates latency.
 */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second here).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs `loadRun` and adds the server's CPU time per completed request over it (`cpuMsPerView`, null if unreadable). */
export async function withCpuPerView(pid, loadRun) {
  const cpuBefore = cpuMsOf(pid);
  const run = await loadRun();
  const cpuAfter = cpuMsOf(pid);
  const cpuMsPerView = cpuBefore !== null && cpuAfter !== null && run.totalRequests > 0 ? (cpuAfter - cpuBefore) / run.totalRequests : null;
  return { ...run, cpuMsPerView };
}

async function storeReads(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/__stats`);
    return response.ok ? (await response.json()).storeReads : null;
  } catch {
    return null;
  }
}

/** Per path, from the request log: requests, server time and the store use each request logged. */
export function storeUseByPath(logFile, paths) {
  const byPath = Object.fromEntries(paths.map((p) => [p, { requests: 0, ops: 0, docs: 0, logged: 0, durations: [] }]));
  for (const entry of requestLogEntries(logFile)) {
    const summary = byPath[entry.path];
    if (!summary || entry.method !== "GET") continue;
    summary.requests++;
    summary.durations.push(entry.durationMs);
    if (typeof entry.storeOps === "number") {
      summary.logged++;
      summary.ops += entry.storeOps;
      summary.docs += entry.storeDocs ?? 0;
    }
  }
  const out = {};
  for (const [p, s] of Object.entries(byPath)) {
    s.durations.sort((a, b) => a - b);
    const at = (q) => s.durations[Math.min(s.durations.length - 1, Math.floor(q * s.durations.length))] ?? null;
    out[p] = {
      requests: s.requests,
      serverDurationMs: { p50: at(0.5), p99: at(0.99) },
      storeOpsPerView: s.logged ? s.ops / s.logged : null,
      storeDocsPerView: s.logged ? s.docs / s.logged : null,
    };
  }
  return out;
}

/**
 * Starts a member server, signs the demo member in, books three classes, warms each member page and
 * measures it. Resolves with the runs and checks; the caller prints and saves them.
 */
export async function measureMemberPages({
  autocannon,
  loadTest,
  connections = 50,
  duration = 8,
  warmup = 20,
  warmupSeconds = 2,
  nodeEnv = "production",
  inPlace = false,
  env = {},
  nodeArgs = [],
  steady = { rate: 100, seconds: 15, warmupSeconds: 3, extraMembers: 4 },
  whileRunning = null,
}) {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) {
    return { skipped: "no Auth emulator: run `npm run bench` (it starts one) or name one in FIREBASE_AUTH_EMULATOR_HOST" };
  }
  const machineBefore = await checkMachine();
  console.error("› starting node server.js for the member pages (with the Auth emulator)");
  const app = await startApp({
    label: "bench-members",
    inPlace,
    nodeArgs,
    env: { ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}), FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, ...env },
  });
  try {
    const { member, found, booked } = await preparedMember(app.url, emulatorHost);
    const pages = MEMBER_PAGES.map((page) => ({
      ...page,
      path: page.path === "{class}" ? (booked[0] ?? found.classes[0]) : page.path === "{video}" ? found.videos[0] : page.path,
    })).filter((page) => page.path);
    const headers = { ...BROWSER_HEADERS, cookie: member.cookie };

    const runs = [];
    for (const page of pages) {
      const url = `${app.url}${page.path}`;
      const statuses = {};
      let signedInPage = false;
      for (let i = 0; i < warmup; i++) {
        const response = await fetch(url, { headers, redirect: "manual" });
        const html = await response.text();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        // The header's account menu names the member: the page was rendered for them, not a visitor.
        signedInPage ||= html.includes("Juniper");
      }
      if (!statuses[200] || !signedInPage)
        throw new Error(`${page.path} did not answer the member's page while warming: ${JSON.stringify(statuses)}`);
      // Then the same load, unmeasured, so the figures are the page's steady state and not its first
      // seconds of compiling hot code (the mixed scenario's warm-up window shows those).
      if (warmupSeconds > 0)
        await loadTest(autocannon, { name: `member ${page.name} (warm-up)`, url, connections, duration: warmupSeconds, headers });
      const readsBefore = await storeReads(app.url);
      const run = await withCpuPerView(app.child.pid, () =>
        loadTest(autocannon, { name: `member ${page.name}`, url, connections, duration, headers }),
      );
      const readsAfter = await storeReads(app.url);
      const docsPerView =
        readsBefore !== null && readsAfter !== null && run.totalRequests > 0 ? (readsAfter - readsBefore) / run.totalRequests : null;
      runs.push({ ...run, page: page.name, path: page.path, storeDocsPerViewFromStats: docsPerView });
    }
    const log = storeUseByPath(
      app.logFile,
      pages.map((page) => page.path),
    );
    for (const run of runs) Object.assign(run, { server: log[run.path] ?? null });

    // Issue 38: the same pages at a steady arrival rate, for the demo member and a few more.
    const steadyLoad =
      steady && steady.rate > 0
        ? {
            base: app.url,
            pages: pages.filter((page) => STEADY_PAGES.includes(page.name)),
            sessions: [member, ...(await moreMembers(app.url, emulatorHost, steady.extraMembers))].map(({ cookie }) => ({
              ...BROWSER_HEADERS,
              cookie,
            })),
            rate: steady.rate,
            seconds: steady.seconds,
            warmupSeconds: steady.warmupSeconds,
            cpuMs: () => cpuMsOf(app.child.pid),
          }
        : null;
    const steadyRun = steadyLoad ? await steadyRate(steadyLoad) : null;
    // What the caller measures against the member server while it still runs (the paired rounds).
    const alongside = whileRunning && steadyLoad ? await whileRunning(steadyLoad) : null;

    const checks = [];
    for (const run of runs) {
      checks.push({
        name: `member ${run.page} p99 ≤ ${MEMBER_TARGETS.maxP99Ms} ms`,
        actual: run.latencyMs.p99,
        pass: run.latencyMs.p99 <= MEMBER_TARGETS.maxP99Ms,
      });
      checks.push({
        name: `member ${run.page} all responses 2xx`,
        actual: run.non2xx + run.errors + run.timeouts,
        pass: run.non2xx + run.errors + run.timeouts === 0,
      });
    }
    if (steadyRun) {
      checks.push({
        name: `member views at ${steadyRun.rate}/s (${steadyRun.sessions} members) p99 ≤ ${MEMBER_TARGETS.steadyP99Ms} ms`,
        actual: steadyRun.p99,
        pass: steadyRun.p99 !== null && steadyRun.p99 <= MEMBER_TARGETS.steadyP99Ms,
      });
      checks.push({
        name: `member views at ${steadyRun.rate}/s all answered 2xx`,
        actual: steadyRun.non2xx + steadyRun.errors,
        pass: steadyRun.non2xx + steadyRun.errors === 0,
      });
    }
    const opsLogged = runs.map((run) => run.server?.storeOpsPerView).filter((v) => typeof v === "number");
    const averageOps = opsLogged.length === runs.length && runs.length > 0 ? opsLogged.reduce((a, b) => a + b, 0) / opsLogged.length : null;
    checks.push({
      name: `member pages ≤ ${MEMBER_TARGETS.maxStoreOpsPerView} store reads per view on average`,
      actual: averageOps,
      pass: averageOps !== null && averageOps <= MEMBER_TARGETS.maxStoreOpsPerView,
    });
    return {
      date: new Date().toISOString(),
      machine: { ...machineBefore, loadAverageAfter: os.loadavg() },
      options: { connections, durationSeconds: duration, warmupRequests: warmup, warmupSeconds, nodeEnv },
      member: { uid: member.uid, booked },
      runs,
      steady: steadyRun,
      alongside,
      averageStoreOpsPerView: averageOps,
      checks,
      requestLogFile: app.logFile,
    };
  } finally {
    await app.stop();
    app.removeDatabase();
  }
}

/** The member table, in the same layout as the public one. */
export function printMemberResults(results) {
  if (results.skipped) {
    console.log(`\nMember pages: skipped (${results.skipped})`);
    return;
  }
  console.log(
    `\nMember pages (signed in as the demo member, ${results.options.connections} connections × ${results.options.durationSeconds} s each, after ${results.options.warmupSeconds} s of the same load unmeasured)`,
  );
  console.log(
    `CPUs ${(results.machine.cpuBusyBefore * 100).toFixed(0)} % busy before starting; load average after ${results.machine.loadAverageAfter.map((n) => n.toFixed(2)).join(" ")}`,
  );
  const header = ["page", "path", "req/s", "p50 ms", "p99 ms", "non-2xx", "store ops/view", "docs/view", "CPU ms/view"];
  const widths = [16, 34, 8, 7, 7, 8, 15, 10, 12];
  const line = (cells) => cells.map((cell, i) => (i < 2 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  const fixed = (value, digits = 2) => (typeof value === "number" ? value.toFixed(digits) : "–");
  for (const run of results.runs) {
    console.log(
      line([
        run.page,
        run.path.length > widths[1] ? `${run.path.slice(0, widths[1] - 1)}…` : run.path,
        run.requestsPerSec.toFixed(0),
        run.latencyMs.p50,
        run.latencyMs.p99,
        run.non2xx + run.errors + run.timeouts,
        fixed(run.server?.storeOpsPerView),
        fixed(run.server?.storeDocsPerView ?? run.storeDocsPerViewFromStats),
        fixed(run.cpuMsPerView, 1),
      ]),
    );
  }
  if (results.reference?.length) {
    console.log(
      `Reference: a plain Remix page of ${(results.reference[0].htmlBytes / 1024).toFixed(1)} KB (bench/plain-remix), no store, no session, same load`,
    );
    for (const run of results.reference) {
      console.log(
        line([
          run.page,
          run.path,
          run.requestsPerSec.toFixed(0),
          run.latencyMs.p50,
          run.latencyMs.p99,
          run.non2xx + run.errors + run.timeouts,
          "–",
          "–",
          fixed(run.cpuMsPerView, 1),
        ]),
      );
    }
  }
  if (results.steady) {
    console.log(
      `\nSteady arrival rate (issue 38): ${results.steady.rate} views a second for ${results.steady.seconds} s, schedule, hub, my classes and settings in turn, ${results.steady.sessions} members; latency from when each view was due`,
    );
    console.log(steadyLine("member views, all four", results.steady));
    for (const [page, figures] of Object.entries(results.steady.byPage))
      console.log(steadyLine(`  ${page}`, { ...figures, achievedRate: null, non2xx: 0, cpuMsPerView: null }));
    for (const run of results.reference ?? []) if (run.steady) console.log(steadyLine(run.page, run.steady));
  }
  const paired = results.alongside?.paired;
  if (paired) {
    console.log(
      `\nPaired rounds (issue 38): the member views and the plain Remix page (uncompressed) at ${paired.rate} views a second, ${paired.seconds} s each, alternating in the same minutes`,
    );
    for (const [i, round] of paired.rounds.entries())
      console.log(
        `  round ${i + 1}  member ${fixed(round.memberCpuMsPerView, 2)} ms/view (p99 ${fixed(round.memberP99, 1)} ms)  plain ${fixed(round.plainCpuMsPerView, 2)} ms/view  ratio ${fixed(round.ratio, 2)}`,
      );
    console.log(`  median ratio ${fixed(paired.medianRatio, 2)}`);
  }
  console.log("Member targets:");
  for (const check of results.checks) {
    const actual =
      typeof check.actual === "number" ? (Number.isInteger(check.actual) ? check.actual : check.actual.toFixed(2)) : String(check.actual);
    console.log(`  ${check.pass ? "PASS" : "FAIL"}  ${check.name}  (actual: ${actual})`);
  }
}

/**
 * The demo member signed in, the classes and videos their pages link to, and three classes booked, so
 * "my classes" and a class page show what a member with bookings sees.
 */
export async function preparedMember(base, emulatorHost) {
  const member = await signInMember(base, { emulatorHost });
  const found = await discoverMemberPaths(base, member.cookie);
  if (found.classes.length === 0) throw new Error("the schedule listed no class to book");
  const booked = await bookClasses(base, member.cookie, found.classes, 3);
  return { member, found, booked };
}

/** Four new accounts, signed in and onboarded through the site's own forms, beside the demo member. */
export async function moreMembers(base, emulatorHost, count) {
  const tag = String(Date.now() % 100_000).padStart(5, "0");
  const members = [];
  for (let i = 0; i < count; i++) {
    const { cookie } = await signInMember(base, { emulatorHost, phoneNumber: `+155502${i}${tag}` });
    const named = await fetch(`${base}/onboarding`, {
      method: "POST",
      headers: { Origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ firstName: "Bench", lastName: `Member${i}` }),
      redirect: "manual",
    });
    await named.arrayBuffer();
    members.push({ cookie, subscribed: false });
  }
  return members;
}
