import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSqliteStore } from "./sqlite.server";
import { UndeclaredCollectionError, withDeclaredCollections } from "./declared.server";
import { assembleStore } from "./index.server";
import type { DocumentStore } from "./port.server";

// The store writes only to collections the data inventory declares (issue 35; ADR 055).
process.env.SQLITE_PATH = ":memory:";
const AnyDoc = z.record(z.unknown());
const UNDECLARED = "notInTheInventory";

/** Every way of writing, each of which must be refused for an undeclared collection and leave nothing behind. */
async function refusesEveryWrite(store: DocumentStore) {
  await expect(store.set(UNDECLARED, "a", { x: 1 })).rejects.toBeInstanceOf(UndeclaredCollectionError);
  await expect(store.createIfAbsent(UNDECLARED, "a", { x: 1 })).rejects.toBeInstanceOf(UndeclaredCollectionError);
  await expect(store.update(UNDECLARED, "a", { x: 2 })).rejects.toBeInstanceOf(UndeclaredCollectionError);
  await expect(store.delete(UNDECLARED, "a")).rejects.toBeInstanceOf(UndeclaredCollectionError);
  // Inside a transaction the refusal aborts it: the declared write beside it is not applied either.
  for (const write of ["create", "set", "update", "delete"] as const) {
    await expect(
      store.transaction(async (tx) => {
        tx.set("leads", `beside-${write}`, { email: "x@example.com" });
        if (write === "delete") tx.delete(UNDECLARED, "a");
        else tx[write](UNDECLARED, "a", { x: 1 });
      }),
    ).rejects.toBeInstanceOf(UndeclaredCollectionError);
    expect(await store.get("leads", `beside-${write}`, AnyDoc)).toBeNull();
  }
  expect(await store.listCollections()).not.toContain(UNDECLARED);
  // Declared collections write as before, and reading an undeclared one is simply empty.
  await store.set("leads", "declared", { email: "y@example.com" });
  expect(await store.get("leads", "declared", AnyDoc)).toEqual({ email: "y@example.com" });
  expect((await store.query(UNDECLARED, AnyDoc)).docs).toEqual([]);
}

describe("the store refuses undeclared collections", () => {
  it("on the SQLite driver", async () => {
    const store = withDeclaredCollections(createSqliteStore(":memory:"));
    await refusesEveryWrite(store);
    await store.close();
  });

  it("through the chooser's layers, whichever driver it picked (a driver calling itself Firestore here)", async () => {
    const firestoreLike: DocumentStore = { ...createSqliteStore(":memory:"), driver: "firestore" };
    const store = assembleStore(firestoreLike);
    expect(store.driver).toBe("firestore");
    await refusesEveryWrite(store);
  });

  it("in the store the app gets", async () => {
    const { getStore } = await import("./index.server");
    await refusesEveryWrite(getStore());
  });
});
