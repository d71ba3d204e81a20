#!/usr/bin/env node
// Two builds side by side (issue 38): the member views' CPU at a steady rate for build A and build B,
// in alternating rounds in the same minutes, so a change is measured against the machine's drift
// rather than against a run made an hour earlier (one run's figure moves by ±10 % here).
//
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npx remix build)
//   npm run build
//   node scripts/with-auth-emulator.js --port=9599 -- node bench/ab-builds.js /tmp/base . [seconds=10] [rounds=8]
//
// Each directory needs server.js, package.json, build/, public/ and node_modules. Each server gets its
// own SQLite file and signs in its own five members (the demo member and four new ones); each round
// sends 100 views a second of the schedule, hub, my classes and settings (after 2 s unmeasured).
// Prints each round and the median CPU per view of each build with the first round left out.
import { BROWSER_HEADERS, startApp, stopAll } from "./harness.js";
import { MEMBER_PAGES, STEADY_PAGES, cpuMsOf, moreMembers, preparedMember } from "./members.js";
import { steadyRate } from "./steady.js";

const [dirA, dirB, secondsArg = "10", roundsArg = "8"] = process.argv.slice(2);
if (!dirA || !dirB) {
  console.error("usage: ab-builds.js <dir A> <dir B> [seconds] [rounds]");
  process.exit(2);
}
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error("needs the Auth emulator: run it under scripts/with-auth-emulator.js");
  process.exit(2);
}

/** One build's server, as the member bench starts its own, with its five members signed in. */
async function start(dir, label) {
  const app = await startApp({ label: `ab-${label}`, dir, env: { NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } });
  const { member } = await preparedMember(app.url, emulatorHost);
  const sessions = [member, ...(await moreMembers(app.url, emulatorHost, 4))].map(({ cookie }) => ({ ...BROWSER_HEADERS, cookie }));
  return { label, app, sessions, cpu: [] };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const pages = MEMBER_PAGES.filter((page) => STEADY_PAGES.includes(page.name));
const builds = [await start(dirA, "A"), await start(dirB, "B")];
try {
  for (let round = 0; round < Number(roundsArg); round++) {
    for (const build of round % 2 ? [...builds].reverse() : builds) {
      const run = await steadyRate({
        base: build.app.url,
        pages,
        sessions: build.sessions,
        rate: 100,
        seconds: Number(secondsArg),
        warmupSeconds: 2,
        cpuMs: () => cpuMsOf(build.app.child.pid),
      });
      if (round > 0) build.cpu.push(run.cpuMsPerView);
      console.log(`round ${round} ${build.label}: ${run.cpuMsPerView.toFixed(2)} ms CPU a view, p99 ${run.p99.toFixed(1)} ms`);
    }
  }
  const [a, b] = builds.map((build) => median(build.cpu));
  console.log(`median CPU a view (first round left out): A ${a.toFixed(2)} ms, B ${b.toFixed(2)} ms, B/A ${(b / a).toFixed(3)}`);
} finally {
  for (const build of builds) await build.app.stop();
  await stopAll();
}
