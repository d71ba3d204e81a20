// Seeds the configured store with the demo content; safe to run again (it only creates what is missing).
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const build = await import("../build/index.js");
await build.entry.module.runStartupTasks({ seed: "always" });
process.exit(0);
