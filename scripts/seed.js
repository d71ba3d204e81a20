process.env.NODE_ENV ??= "production";
// Seeds the configured store with the demo content; safe to run again (it only creates what is missing).
const build = await import("../build/index.js");
await build.entry.module.runStartupTasks({ seed: "always" });
process.exit(0);
