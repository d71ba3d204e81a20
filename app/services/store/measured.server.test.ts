import { describe, expect, it } from "vitest";
import { z } from "zod";
import { metricsRegistry } from "~/lib/metrics.server";
import { assembleStore } from "./index.server";
import { createSqliteStore } from "./sqlite.server";

/** The count of one store series, from the registry as a scrape would read it. */
async function count(labels: { operation: string; kind: string; outcome: string }): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric("stillhour_store_operation_duration_seconds")!.get();
  const found = (metric.values as Array<{ metricName?: string; labels: Record<string, string | number>; value: number }>).find(
    (v) =>
      v.metricName === "stillhour_store_operation_duration_seconds_count" &&
      v.labels.operation === labels.operation &&
      v.labels.kind === labels.kind &&
      v.labels.outcome === labels.outcome,
  );
  return found?.value ?? 0;
}

describe("store operations in the metrics (ADR 057)", () => {
  it.each(["sqlite", "firestore"] as const)("are counted by assembleStore whichever driver it is given (%s)", async (driver) => {
    const raw = createSqliteStore(":memory:");
    // The layer sees only the port: a driver naming itself Firestore is measured the same way.
    const store = assembleStore({ ...raw, driver });
    const before = {
      set: await count({ operation: "set", kind: "write", outcome: "ok" }),
      get: await count({ operation: "get", kind: "read", outcome: "ok" }),
      update: await count({ operation: "update", kind: "write", outcome: "error" }),
      txGet: await count({ operation: "transactionGet", kind: "read", outcome: "ok" }),
      tx: await count({ operation: "transaction", kind: "write", outcome: "ok" }),
    };
    await store.set("featureFlags", "probe", { id: "probe", enabled: true });
    expect(await store.get("featureFlags", "probe", z.object({ enabled: z.boolean() }))).toEqual({ enabled: true });
    await expect(store.update("featureFlags", "missing", { enabled: false })).rejects.toThrow();
    await store.transaction(async (tx) => {
      await tx.get("featureFlags", "probe", z.unknown());
      tx.set("featureFlags", "probe", { id: "probe", enabled: false });
    });
    expect(await count({ operation: "set", kind: "write", outcome: "ok" })).toBe(before.set + 1);
    expect(await count({ operation: "get", kind: "read", outcome: "ok" })).toBe(before.get + 1);
    expect(await count({ operation: "update", kind: "write", outcome: "error" })).toBe(before.update + 1);
    expect(await count({ operation: "transactionGet", kind: "read", outcome: "ok" })).toBe(before.txGet + 1);
    expect(await count({ operation: "transaction", kind: "write", outcome: "ok" })).toBe(before.tx + 1);
    await raw.close();
  });
});
