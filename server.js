// Starts the production server from the compiled bundle: `npm run build` first.
import { fileURLToPath } from "node:url";

const build = await import("./build/index.js");
const { runStartupTasks, startServer } = build.entry.module;

await runStartupTasks({ routes: build.routes });
await startServer(build, { publicDir: fileURLToPath(new URL("./public", import.meta.url)) });
