import { getStore } from "~/services/db.server";
import { EnvError, getEnv } from "~/services/env.server";
import { seedDemoContent } from "~/models/seed.server";

/**
 * Checks the configuration and, on the embedded default, seeds demo content.
 * A bad setting stops the start with a message naming it.
 */
export async function runStartupTasks(options: { seed?: "auto" | "always" } = {}) {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (options.seed === "always" || env.seedDemoContent) {
    const result = await seedDemoContent(getStore());
    console.log(JSON.stringify({ level: "info", msg: "demo content seeded", ...result }));
  }
  return env;
}
