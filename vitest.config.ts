import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.ts?(x)", "tests/integration/**/*.test.ts", "tests/architecture/**/*.test.ts"],
    testTimeout: 20000,
    // The suites run the demo's drivers (SQLite, the outbox, the demo provider, the Auth emulator), which
    // only APP_ENV=demo accepts; unset, the configuration is production's and refuses them. A test of
    // another mode sets its own variables and parses them itself.
    env: { APP_ENV: "demo" },
  },
});
