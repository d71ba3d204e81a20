// The reference for the member pages (issue 25): a plain Remix app (bench/plain-remix/, the site's
// Remix version and future flags, Express, `compression` and Remix's own request handler, as
// `remix-serve` runs a build) serving one page of about the size of "my classes", with no store, no
// session and no security headers. Measured in the same run, with the same connections, duration and
// browser headers as the member pages, once as `remix-serve` would serve it (compressed) and once
// with nothing at all between Node and Remix (uncompressed). What such a page can do on this machine
// is the ceiling a member page's figures are read against: our pages do more per request than it.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { BROWSER_HEADERS, freePort, stopProcess, track } from "./run.js";
import { cpuMsOf } from "./members.js";

const APP_DIR = fileURLToPath(new URL("./plain-remix/", import.meta.url));

async function buildReference() {
  console.error("› npx remix build (bench/plain-remix)");
  const child = track(spawn("npx", ["remix", "build"], { cwd: APP_DIR, stdio: ["ignore", process.stderr, process.stderr] }));
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`the reference app's build failed (exit ${code})`);
}

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
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the reference server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the reference server did not start within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Both reference runs: [{ page, path, compressed, htmlBytes, cpuMsPerView, ...autocannon figures }]. */
export async function measurePlainRemix({ autocannon, loadTest, connections, duration, warmup = 20, warmupSeconds = 2 }) {
  await buildReference();
  const runs = [];
  for (const compressed of [true, false]) {
    const server = await startReference(compressed);
    try {
      const headers = { ...BROWSER_HEADERS, ...(compressed ? {} : { "accept-encoding": "identity" }) };
      let htmlBytes = 0;
      for (let i = 0; i < warmup; i++) {
        const response = await fetch(`${server.url}/`, { headers });
        htmlBytes = (await response.text()).length;
        if (!response.ok) throw new Error(`the reference page answered ${response.status}`);
      }
      const name = compressed ? "plain Remix" : "plain Remix, uncompressed";
      if (warmupSeconds > 0) await loadTest(autocannon, { name: `${name} (warm-up)`, url: `${server.url}/`, connections, duration: warmupSeconds, headers });
      const cpuBefore = cpuMsOf(server.child.pid);
      const run = await loadTest(autocannon, { name, url: `${server.url}/`, connections, duration, headers });
      const cpuAfter = cpuMsOf(server.child.pid);
      const cpuMsPerView = cpuBefore !== null && cpuAfter !== null && run.totalRequests > 0 ? (cpuAfter - cpuBefore) / run.totalRequests : null;
      runs.push({ ...run, page: name, path: "bench/plain-remix /", compressed, htmlBytes, cpuMsPerView });
    } finally {
      await stopProcess(server.child);
    }
  }
  return runs;
}
