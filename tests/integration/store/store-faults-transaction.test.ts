import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";

// Issue 24, faults: a transaction cut by a store fault leaves none of its writes, whether the fault
// comes at a read in its middle or at its commit (adapters/store/faults.server.ts over SQLite).
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { createSqliteStore } = await import("../../../app/services/store/sqlite.server");
const { withFaults, withUnreachableMapped } = await import("../../../app/services/store/faults.server");
const { StoreUnavailableError } = await import("../../../app/services/store/port.server");

const file = join(mkdtempSync(join(tmpdir(), "faults-")), "faults.json");
const fault = (mode: string) => writeFileSync(file, JSON.stringify({ mode }));
const base = createSqliteStore(":memory:");
const store = withFaults(base, file);
const Counter = z.object({ n: z.number() });

describe("a transaction under a store fault", () => {
  it.each([
    ["a read in its middle", "read"],
    ["its commit", "commit"],
  ])("failing at %s writes nothing of it", async (_label, when) => {
    fault("none");
    await base.set("counters", "a", { n: 1 });
    await base.set("counters", "b", { n: 1 });
    const attempt = store.transaction(async (tx) => {
      const a = await tx.get("counters", "a", Counter);
      if (when === "read") fault("fail");
      const b = await tx.get("counters", "b", Counter);
      tx.set("counters", "a", { n: a!.n + 1 });
      tx.set("counters", "b", { n: b!.n + 1 });
      tx.create("counters", `c-${when}`, { n: 1 });
      if (when === "commit") fault("fail");
    });
    await expect(attempt).rejects.toBeInstanceOf(StoreUnavailableError);
    fault("none");
    expect(await base.get("counters", "a", Counter)).toEqual({ n: 1 });
    expect(await base.get("counters", "b", Counter)).toEqual({ n: 1 });
    expect(await base.get("counters", `c-${when}`, Counter)).toBeNull();
  });
});

describe("a driver's own unreachable errors", () => {
  it("are StoreUnavailableError (Firestore's UNAVAILABLE and DEADLINE_EXCEEDED), others pass unchanged", async () => {
    const failing = (code: unknown) =>
      withUnreachableMapped({ ...base, get: () => Promise.reject(Object.assign(new Error("grpc"), { code })) });
    await expect(failing(14).get("counters", "a", Counter)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(failing(4).get("counters", "a", Counter)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(failing(7).get("counters", "a", Counter)).rejects.not.toBeInstanceOf(StoreUnavailableError);
  });
});
