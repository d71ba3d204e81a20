// Starts the production server from the compiled bundle: `npm run build` first.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

// A local .env (see .env.example) fills in what the environment does not already set.
if (existsSync(".env")) process.loadEnvFile(".env");

// React and Remix pick their production builds from NODE_ENV when first imported: default it here,
// before the bundle loads, so `node server.js` never renders with React's development build.
process.env.NODE_ENV ??= "production";

const build = await import("./build/index.js");
const { installLogFields, runStartupTasks, startScheduleJobs, startServer } = build.entry.module;

// Every JSON log line gets Cloud Logging's `severity`, and a request's lines its trace (ADR 057).
installLogFields();

await runStartupTasks({ routes: build.routes });
// The background jobs start once it listens, and a shutdown stops them (timers that never hold the process open).
await startServer(build, { publicDir: fileURLToPath(new URL("./public", import.meta.url)), startJobs: startScheduleJobs });
