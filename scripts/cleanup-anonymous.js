// Deletes anonymous accounts nobody has used for a while, with their private records, and finishes
// member deletions that stopped midway (accountDeletions/{uid}). Prints a JSON summary; exits 1 if
// anything failed (the next run retries it). Run it daily from a scheduler.
//
//   npm run cleanup:anonymous -- [--dry-run] [--idle-days=30]
//
// It talks to the configured identity provider and store, like the server: a real Firebase project
// (FIREBASE_PROJECT_ID, FIREBASE_WEB_API_KEY and credentials), or the Auth emulator. For the demo:
//   node scripts/with-auth-emulator.js --keep=./data/auth-emulator -- npm run cleanup:anonymous
// Needs the server build (npm run build): the job is imported from it, as scripts/seed.js does.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const options = { dryRun: false, idleDays: 30 };
for (const arg of process.argv.slice(2)) {
  const idleDays = /^--idle-days=(\d+)$/.exec(arg);
  if (arg === "--dry-run") options.dryRun = true;
  else if (idleDays && Number(idleDays[1]) >= 1) options.idleDays = Number(idleDays[1]);
  else usage(`unknown or malformed argument: ${arg}`);
}

const build = await import("../build/index.js");
try {
  const summary = await build.entry.module.deleteIdleAnonymousAccounts(options);
  console.log(JSON.stringify(summary, null, 2));
  process.exit(summary.failed > 0 ? 1 : 0);
} catch (error) {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const hint =
    error?.code === "unavailable"
      ? "no identity provider: set FIREBASE_PROJECT_ID and FIREBASE_WEB_API_KEY, or run it under scripts/with-auth-emulator.js"
      : undefined;
  console.error(JSON.stringify({ level: "error", msg: "anonymous account clean-up failed", cause, hint }));
  process.exit(1);
}

function usage(problem) {
  console.error(`${problem}\nusage: npm run cleanup:anonymous -- [--dry-run] [--idle-days=N]   (N ≥ 1, default 30)`);
  process.exit(2);
}
