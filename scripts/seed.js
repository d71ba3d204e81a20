// Seeds the configured store with the demo content; safe to run again (it only creates what is missing).
// `npm run demo` runs it with APP_ENV=demo (scripts/with-auth-emulator.js sets it); a staging project
// is seeded with APP_ENV=staging and that deployment's settings; production refuses.
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV ??= "production";

const build = await import("../build/index.js");
await build.entry.module.runStartupTasks({ seed: "always" });
process.exit(0);
