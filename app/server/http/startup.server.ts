import type { ServerBuild } from "@remix-run/node";
import { publishDueArticles } from "~/models/staff/articles.server";
import { publishDueEditorial } from "~/models/staff/editorial.server";
import { checkRouteHandles } from "~/lib/route-handle.server";
import { markEndedNoShows } from "~/models/studios/check-in.server";
import { sendReminders } from "~/models/classes/class-reminders.server";
import { runCreditJobs } from "~/models/classes/credit-jobs.server";
import { settleCancelledStudioClasses } from "~/models/studios/studio-cancellation.server";
import { backfillFollowerCounts, generateClassesAndTellFollowers } from "~/models/engagement/following.server";
import { backfillRoundCounts } from "~/models/engagement/challenges.server";
import { deliverDueGifts } from "~/models/wallet/gifts.server";
import { exportPendingLeads } from "~/models/content/lead.server";
import { forwardRecordedEvents } from "~/platform/analytics-forward.server";
import { deleteExpiredAnalyticsEvents } from "~/platform/analytics-retention.server";
import { deleteExpiredRateLimits } from "~/platform/rate-limit.server";
import { releaseHeldLeases, withJobLease } from "~/platform/job-lease.server";
import { retryPendingMail } from "~/platform/mail.server";
import { startContentSignals } from "~/platform/content-signal.server";
import { seedDemoAccounts, seedDemoContent } from "~/demo/seed.server";
import { getStore } from "~/services/store/index.server";
import { EnvError, getEnv } from "~/lib/env.server";
import { missingRouterPatches, refusalForMissingPatches } from "./router-patches.server";

/** Tries at seeding the demo people into the Auth emulator: 1 s, 2 s, 4 s, 8 s apart. */
const DEMO_ACCOUNT_ATTEMPTS = 5;

/**
 * Checks the configuration and every route's handle, then, on the embedded default, seeds the
 * demo content. A bad setting or handle stops the start with a message naming it.
 */
export async function runStartupTasks(options: { seed?: "auto" | "always"; routes?: ServerBuild["routes"] } = {}) {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) stop(error.message);
    throw error;
  }
  // The router's patches (ADR 054) come with `npm install`; an image built without patches/ in place
  // serves every page without them and nothing else would say so.
  const missingPatches = missingRouterPatches();
  if (missingPatches.length > 0) {
    console.warn(JSON.stringify({ level: "warn", msg: "router patches missing", missing: missingPatches }));
    const refusal = refusalForMissingPatches(env.APP_ENV, missingPatches);
    if (refusal) stop(refusal);
  }
  if (options.routes) {
    const problems = checkRouteHandles(options.routes);
    if (problems.length > 0) stop(`Invalid route handles:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  // `npm run seed` seeds whatever the store is; the demo's public promotion codes and invented people
  // have no place in production's.
  if (options.seed === "always" && env.APP_ENV === "production") {
    stop(
      "The demo content is not seeded in production (APP_ENV=production): it has public promotion codes and invented people. Use APP_ENV=demo, or staging for a staging project.",
    );
  }
  if (options.seed === "always" || env.seedDemoContent) {
    const result = await seedDemoContent(getStore());
    console.log(JSON.stringify({ level: "info", msg: "demo content seeded", ...result }));
    // Demo people only ever go into the emulator, never into a real project.
    // The emulator may still be opening its port when the server starts beside it: a few tries, and
    // then the site runs without its demo people rather than not at all.
    if (env.identity.mode === "emulator") {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const accounts = await seedDemoAccounts();
          console.log(JSON.stringify({ level: "info", msg: "demo accounts seeded", ...accounts }));
          break;
        } catch (error) {
          const cause = error instanceof Error ? error.message.slice(0, 120) : "unknown";
          if (attempt >= DEMO_ACCOUNT_ATTEMPTS) {
            console.warn(JSON.stringify({ level: "warn", msg: "demo accounts not seeded", cause }));
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
        }
      }
    }
  }
  // Follower and joined counts are counters (issue 35): those written before them are counted once.
  try {
    const made = { followerCounts: await backfillFollowerCounts(), roundCounts: await backfillRoundCounts() };
    console.log(JSON.stringify({ level: "info", msg: "engagement counters backfilled", ...made }));
  } catch (error) {
    console.warn(
      JSON.stringify({ level: "warn", msg: "engagement counters not backfilled", cause: error instanceof Error ? error.name : "unknown" }),
    );
  }
  // The schedule rolls forward: the next weeks' classes from the stored templates (issue 9).
  try {
    const classes = await generateClassesAndTellFollowers();
    console.log(JSON.stringify({ level: "info", msg: "classes generated", ...classes }));
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "classes not generated", cause: error instanceof Error ? error.name : "unknown" }));
  }
  return env;
}

const MINUTE = 60_000;
/** How long a shutdown waits for the job runs under way before giving their leases back. */
const JOB_STOP_WAIT_MS = 3_000;

/**
 * The background work, on timers that never keep the process alive: reminders every five minutes, the
 * next weeks' classes every six hours, due gifts and pending lead exports every five minutes, credit
 * expiry, expiry reminders, the refunds of cancelled classes and studio no-shows every fifteen minutes,
 * server-recorded analytics events forwarded every ANALYTICS_FORWARD_SECONDS (a minute by default),
 * analytics events past their retention deleted every hour, and ended rate-limit windows deleted every
 * fifteen minutes (JOB_INTERVAL_SECONDS, a test setting, runs them all every few seconds). Beside them,
 * every instance follows the other instances' content changes (platform/content-signal.server.ts).
 *
 * Every instance runs the same timers; each run first takes its job's lease in the store
 * (platform/job-lease, docs/decisions/041), so two instances never run one job at once, and the items
 * themselves are claimed once (mail by its idempotency key, classes created only if absent, ledger
 * entries in transactions), so a run after a crash repeats nothing already done.
 *
 * Returns a stop: no further runs start, and it resolves once the runs under way have ended and given
 * their leases back, or after three seconds with the leases of those still running given back.
 */
export function startScheduleJobs(): () => Promise<void> {
  const env = getEnv();
  // Staff changes to public content reach every instance's caches within a second (issue 26).
  const signals = startContentSignals({ mode: env.dataStore === "firestore" ? "watch" : "poll" });
  const leaseMs = env.JOB_LEASE_SECONDS * 1000;
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const run = (name: string, job: () => Promise<unknown>) => {
    // A tick that finds the last run still going skips: with a short interval and a slow provider, the
    // same batch would otherwise be read and sent again beside itself.
    let busy = false;
    return () => {
      if (busy || stopped) return;
      busy = true;
      const current = withJobLease(name, leaseMs, job)
        .catch((error: unknown) =>
          console.warn(JSON.stringify({ level: "warn", msg: `${name} failed`, cause: error instanceof Error ? error.name : "unknown" })),
        )
        .finally(() => {
          busy = false;
          running.delete(current);
        });
      running.add(current);
    };
  };
  const every = (ms: number) => (env.JOB_INTERVAL_SECONDS ? env.JOB_INTERVAL_SECONDS * 1000 : ms);
  const jobs: Array<[name: string, job: () => Promise<unknown>, everyMs: number]> = [
    ["class reminders", () => sendReminders(), 5 * MINUTE],
    ["class generation", () => generateClassesAndTellFollowers(), 360 * MINUTE],
    // Gifts whose day has come go out, and charges a gift could not move yet are tried again.
    ["gift delivery", () => deliverDueGifts(), 5 * MINUTE],
    // Credit expiry, expiry reminders and the refunds of cancelled classes (ADR 022).
    ["credit jobs", () => runCreditJobs(), 15 * MINUTE],
    // Issue 12: after an in-person class, whoever wasn't checked in is a no-show.
    ["studio no-shows", () => markEndedNoShows(), 15 * MINUTE],
    // Issue 23: a studio class cancelled by staff whose refunds or e-mails were cut short is finished.
    ["cancelled studio classes", () => settleCancelledStudioClasses(), 15 * MINUTE],
    // Leads the spreadsheet service did not take yet (docs/decisions/025); nothing without one configured.
    ["lead export", () => exportPendingLeads(), 5 * MINUTE],
    // Server-recorded analytics events to the provider, when one is configured (issue 13).
    ["analytics forward", () => forwardRecordedEvents(), env.ANALYTICS_FORWARD_SECONDS * 1000],
    // Stored analytics events past ANALYTICS_RETENTION_DAYS are deleted (issue 23).
    ["analytics retention", () => deleteExpiredAnalyticsEvents(), 60 * MINUTE],
    // Rate-limit windows that have ended (ADR 035): their counters are of no further use.
    ["rate limit cleanup", () => deleteExpiredRateLimits(), 15 * MINUTE],
    // Mail the mail server did not take, tried again once due, each message claimed first (ADR 017).
    ["mail retry", () => retryPendingMail(), Math.min(getEnv().MAIL_RETRY_SECONDS, 60) * 1000],
    // Issue 26: scheduled articles, press items and learn series whose time has come publish
    // themselves, once across instances (the job's lease, and each one re-read in its transaction).
    [
      "scheduled articles",
      async () => (await publishDueArticles()) + (await publishDueEditorial()),
      getEnv().ARTICLE_PUBLISH_SECONDS * 1000,
    ],
  ];
  const timers = jobs.map(([name, job, everyMs]) => {
    const timer = setInterval(run(name, job), every(everyMs));
    timer.unref();
    return timer;
  });
  return async () => {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    signals.stop();
    // A run held up by a slow provider is not waited for past the shutdown's means: its lease is given
    // back, and the next tick anywhere does the rest.
    const waited = await Promise.race([
      Promise.allSettled([...running]).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), JOB_STOP_WAIT_MS).unref()),
    ]);
    if (!waited) await releaseHeldLeases();
  };
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}
