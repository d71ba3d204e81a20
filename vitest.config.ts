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
  },
});
