// Re-syncs every membership from the payment provider and replays the events of the last days that
// were never recorded (a webhook delivery that never arrived). Safe to run at any time and as often
// as you like: it takes the webhook's own path, so nothing is written twice. Prints a JSON summary;
// exits 1 if anything failed.
//
//   npm run payments:reconcile -- [--since-days=30]
//
// It talks to the configured provider and store, like the server (PAYMENT_PROVIDER, STRIPE_*).
// Needs the server build (npm run build): the job is imported from it, as scripts/seed.js does.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

let sinceDays = 30;
for (const arg of process.argv.slice(2)) {
  const match = /^--since-days=(\d+)$/.exec(arg);
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 30) sinceDays = Number(match[1]);
  else {
    console.error(
      `unknown or malformed argument: ${arg}\nusage: npm run payments:reconcile -- [--since-days=N]   (1 ≤ N ≤ 30, default 30)`,
    );
    process.exit(2);
  }
}

const build = await import("../build/index.js");
try {
  const summary = await build.entry.module.reconcilePayments({ sinceDays });
  console.log(JSON.stringify(summary, null, 2));
  process.exit(summary.failed > 0 ? 1 : 0);
} catch (error) {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(JSON.stringify({ level: "error", msg: "payment reconcile failed", cause }));
  process.exit(1);
}
