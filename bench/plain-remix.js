// The reference for the member pages (issue 25): a plain Remix app (bench/plain-remix/, the site's
// Remix version and future flags, Express, `compression` and Remix's own request handler, as
// `remix-serve` runs a build) serving one page of about the size of "my classes", with no store, no
// session and no security headers. Measured in the same run, with the same connections, duration and
// browser headers as the member pages, once as `remix-serve` would serve it (compressed) and once
// with only Express and Remix (uncompressed). What such a page can do on this machine is the ceiling a
// member page's figures are read against: our pages do more per request than it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { BROWSER_HEADERS, buildApp, freePort, stopProcess, track, waitForHealthz } from "./harness.js";
import { cpuMsOf, withCpuPerView } from "./members.js";
import { steadyRate } from "./steady.js";

const APP_DIR = fileURLToPath(new URL("./plain-remix/", import.meta.url));

async function startReference(compressed) {
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ["server.js"], {
      cwd: APP_DIR,
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), PLAIN_COMPRESSION: compressed ? "on" : "off" },
      stdio: ["ignore", "ignore", process.stderr],
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthz(child, url, { timeoutMs: 30_000 });
  return { child, url };
}

/** Both reference runs: [{ page, path, compressed, htmlBytes, cpuMsPerView, ...autocannon figures }]. */
export async function measurePlainRemix({ autocannon, loadTest, connections, duration, warmup = 20, warmupSeconds = 2, steady = null }) {
  await buildApp(APP_DIR);
  const runs = [];
  for (const compressed of [true, false]) {
    const server = await startReference(compressed);
    try {
      const url = `${server.url}/`;
      const headers = { ...BROWSER_HEADERS, ...(compressed ? {} : { "accept-encoding": "identity" }) };
      let htmlBytes = 0;
      for (let i = 0; i < warmup; i++) {
        const response = await fetch(url, { headers });
        htmlBytes = Buffer.byteLength(await response.text());
        if (!response.ok) throw new Error(`the reference page answered ${response.status}`);
      }
      const name = compressed ? "plain Remix" : "plain Remix, uncompressed";
      if (warmupSeconds > 0) await loadTest(autocannon, { name: `${name} (warm-up)`, url, connections, duration: warmupSeconds, headers });
      const run = await withCpuPerView(server.child.pid, () => loadTest(autocannon, { name, url, connections, duration, headers }));
      // Issue 38: the same steady arrival rate the member views get, on the same machine in the same run.
      const steadyRun = steady
        ? await steadyRate({
            base: server.url,
            pages: [{ name, path: "/" }],
            sessions: [headers],
            ...steady,
            cpuMs: () => cpuMsOf(server.child.pid),
          })
        : null;
      runs.push({ ...run, page: name, path: "bench/plain-remix /", compressed, htmlBytes, steady: steadyRun });
    } finally {
      await stopProcess(server.child);
    }
  }
  return runs;
}

/**
 * Issue 38's comparison made in the same minutes: `rounds` rounds, each a steady run of the member
 * views (`member`: the load measureMemberPages hands over while its server runs) and one of the plain
 * page uncompressed at the same rate, their order alternating. One run of either moves by ±10 % from
 * minute to minute on this machine; a ratio of two runs made a minute apart moves by more. Each
 * round's ratio and their median.
 */
export async function pairedSteadyRounds({ member, rounds = 3, seconds = member.seconds }) {
  await buildApp(APP_DIR);
  const server = await startReference(false);
  try {
    const plain = {
      base: server.url,
      pages: [{ name: "plain Remix, uncompressed", path: "/" }],
      sessions: [{ ...BROWSER_HEADERS, "accept-encoding": "identity" }],
      rate: member.rate,
      seconds,
      warmupSeconds: 2,
      cpuMs: () => cpuMsOf(server.child.pid),
    };
    // The member server has served thousands of views by now; the fresh reference gets as many
    // unmeasured before the rounds, so neither is measured while its code is still being compiled.
    console.error("› paired rounds: warming the plain page (15 s, unmeasured)");
    await steadyRate({ ...plain, seconds: 15, warmupSeconds: 0 });
    const results = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? ["member", "plain"] : ["plain", "member"];
      const figures = {};
      for (const which of order) {
        console.error(`› paired round ${round + 1} of ${rounds}: ${which}`);
        figures[which] = await steadyRate(which === "member" ? { ...member, seconds, warmupSeconds: 2 } : plain);
      }
      const ratio =
        figures.member.cpuMsPerView !== null && figures.plain.cpuMsPerView
          ? figures.member.cpuMsPerView / figures.plain.cpuMsPerView
          : null;
      results.push({
        memberCpuMsPerView: figures.member.cpuMsPerView,
        memberP99: figures.member.p99,
        plainCpuMsPerView: figures.plain.cpuMsPerView,
        ratio,
      });
    }
    const ratios = results.map((round) => round.ratio).filter((ratio) => ratio !== null);
    const medianRatio = ratios.length === results.length ? [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)] : null;
    return { rate: member.rate, seconds, rounds: results, medianRatio };
  } finally {
    await stopProcess(server.child);
  }
}
