// Views arriving at a steady rate (issue 38): an open loop, as members arrive before a class starts,
// rather than autocannon's closed loop, where each of 50 connections waits for its answer before
// asking again and so measures its own queue. Requests are sent on a fixed schedule (`rate` a
// second) whatever the server is doing, and each one's latency counts from the moment it was due,
// not from when it was sent: a server that falls behind shows its queue in p99 instead of hiding it
// by slowing the client down (coordinated omission).
//
// Each request takes the next page and the next member's cookie in turn, so several sessions are in
// play, as on a real evening. CPU per view is the server process's CPU time over the measured window
// divided by the views it answered.
import http from "node:http";
import { send, summarize } from "./http-load.js";

/** How often the scheduler wakes to send what has fallen due; well under one request's interval at 100/s. */
const TICK_MS = 2;

/**
 * Sends `rate` requests a second for `seconds` (after `warmupSeconds` of the same, unmeasured),
 * cycling through `pages` × `sessions`. `cpuMs` reads the server's CPU time so far (null if it cannot).
 * Resolves with the overall figures, each page's, the rate achieved and the CPU per view.
 */
export async function steadyRate({ base, pages, sessions, rate = 100, seconds = 15, warmupSeconds = 3, cpuMs = () => null }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  try {
    if (warmupSeconds > 0) await schedule({ agent, base, pages, sessions, rate, seconds: warmupSeconds });
    const cpuBefore = cpuMs();
    const started = performance.now();
    const samples = await schedule({ agent, base, pages, sessions, rate, seconds });
    const elapsedSeconds = (performance.now() - started) / 1000;
    const cpuAfter = cpuMs();
    const answered = samples.filter((sample) => !sample.error).length;
    const byPage = {};
    for (const page of pages) byPage[page.name] = summarize(samples.filter((sample) => sample.page === page.name));
    return {
      rate,
      seconds,
      sessions: sessions.length,
      achievedRate: samples.length / elapsedSeconds,
      ...summarize(samples),
      non2xx: samples.filter((sample) => !sample.error && (sample.status < 200 || sample.status > 299)).length,
      cpuMsPerView: cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null,
      byPage,
    };
  } finally {
    agent.destroy();
  }
}

/** Sends each request when it falls due; resolves when the last one has been answered. */
function schedule({ agent, base, pages, sessions, rate, seconds }) {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const start = performance.now();
  const pending = [];
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        const due = start + next * intervalMs;
        const page = pages[next % pages.length];
        const headers = sessions[Math.floor(next / pages.length) % sessions.length];
        pending.push(
          send(agent, base, { path: page.path, headers }).then((result) => ({
            ...result,
            page: page.name,
            // From when it was due, not when it was sent: the client's own lateness counts too.
            ms: performance.now() - due,
          })),
        );
        next++;
      }
      if (next < total) setTimeout(tick, TICK_MS);
      else Promise.all(pending).then(resolve);
    };
    tick();
  });
}

/** One line per run for the bench's tables: rate, p50, p99, max, non-2xx and CPU per view. */
export function steadyLine(name, run) {
  const fixed = (value, digits) => (typeof value === "number" ? value.toFixed(digits) : "–");
  return `${name.padEnd(34)} ${fixed(run.achievedRate, 0).padStart(6)}/s  p50 ${fixed(run.p50, 1).padStart(6)} ms  p99 ${fixed(run.p99, 1).padStart(7)} ms  max ${fixed(run.max, 0).padStart(6)} ms  non-2xx ${String(run.non2xx + run.errors).padStart(4)}  CPU ${fixed(run.cpuMsPerView, 2).padStart(6)} ms/view`;
}
