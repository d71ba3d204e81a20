import type { ServerBuild } from "@remix-run/node";
import { checkRouteHandles } from "~/models/route-handle.server";
import { markEndedNoShows } from "~/models/check-in.server";
import { sendReminders } from "~/models/class-reminders.server";
import { generateClasses } from "~/models/class-schedule.server";
import { seedDemoAccounts, seedDemoContent } from "~/models/seed.server";
import { getStore } from "~/services/db.server";
import { EnvError, getEnv } from "~/services/env.server";

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
  if (options.routes) {
    const problems = checkRouteHandles(options.routes);
    if (problems.length > 0) stop(`Invalid route handles:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  if (options.seed === "always" || env.seedDemoContent) {
    const result = await seedDemoContent(getStore());
    console.log(JSON.stringify({ level: "info", msg: "demo content seeded", ...result }));
    // Demo people only ever go into the emulator, never into a real project.
    if (env.identity.mode === "emulator") {
      const accounts = await seedDemoAccounts();
      console.log(JSON.stringify({ level: "info", msg: "demo accounts seeded", ...accounts }));
    }
  }
  // The schedule rolls forward: the next weeks' classes from the stored templates (issue 9).
  try {
    const classes = await generateClasses();
    console.log(JSON.stringify({ level: "info", msg: "classes generated", ...classes }));
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "classes not generated", cause: error instanceof Error ? error.name : "unknown" }));
  }
  return env;
}

const MINUTE = 60_000;

/**
 * The schedule's background work, on timers that never keep the process alive: reminders every five
 * minutes, the next weeks' classes every six hours, studio no-shows every fifteen minutes. Each is
 * safe beside another server doing the same (reminders go once per key, classes are created only if
 * absent, a ticket becomes a no-show once).
 */
export function startScheduleJobs(): () => void {
  const run = (name: string, job: () => Promise<unknown>) => () =>
    job().catch((error: unknown) => console.warn(JSON.stringify({ level: "warn", msg: `${name} failed`, cause: error instanceof Error ? error.name : "unknown" })));
  const reminders = setInterval(run("class reminders", () => sendReminders()), 5 * MINUTE);
  const classes = setInterval(run("class generation", () => generateClasses()), 360 * MINUTE);
  // Issue 12: after an in-person class, whoever wasn't checked in is a no-show.
  const noShows = setInterval(run("studio no-shows", () => markEndedNoShows()), 15 * MINUTE);
  reminders.unref();
  classes.unref();
  noShows.unref();
  return () => {
    clearInterval(reminders);
    clearInterval(classes);
    clearInterval(noShows);
  };
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}
