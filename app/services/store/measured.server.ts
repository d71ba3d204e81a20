import { observeStoreOperation } from "~/lib/metrics.server";
import type { DocumentStore, TransactionContext } from "./port.server";

/**
 * Every store operation timed and counted into the metrics (docs/decisions/057), whichever driver
 * runs: applied once, by `assembleStore`, beside the data inventory's check. Reads and writes as the
 * app waits for them (a read past its deadline counts as an error at 2.5 s); a transaction is timed
 * whole, retries included, and its reads are counted as `transactionGet`; its buffered writes cost
 * nothing until the commit, which is the transaction's own time.
 */
export function withMeasuredOperations(store: DocumentStore): DocumentStore {
  const measure = async <T>(
    operation: string,
    kind: "read" | "write",
    work: () => Promise<T>,
    documents?: (result: T) => number,
  ): Promise<T> => {
    const started = process.hrtime.bigint();
    try {
      const result = await work();
      observeStoreOperation(operation, kind, "ok", seconds(started), documents?.(result));
      return result;
    } catch (error) {
      observeStoreOperation(operation, kind, "error", seconds(started));
      throw error;
    }
  };
  return {
    ...store,
    driver: store.driver,
    get: (collection, id, schema) =>
      measure(
        "get",
        "read",
        () => store.get(collection, id, schema),
        (found) => (found === null ? 0 : 1),
      ),
    getMany: (refs) =>
      measure(
        "getMany",
        "read",
        () => store.getMany(refs),
        (found) => found.filter((doc) => doc !== null).length,
      ),
    query: (collection, schema, options) =>
      measure(
        "query",
        "read",
        () => store.query(collection, schema, options),
        (result) => result.docs.length,
      ),
    createIfAbsent: (collection, id, data) => measure("createIfAbsent", "write", () => store.createIfAbsent(collection, id, data)),
    set: (collection, id, data) => measure("set", "write", () => store.set(collection, id, data)),
    update: (collection, id, patch) => measure("update", "write", () => store.update(collection, id, patch)),
    delete: (collection, id) => measure("delete", "write", () => store.delete(collection, id)),
    transaction: (fn) =>
      measure("transaction", "write", () =>
        store.transaction((tx) => {
          const measured: TransactionContext = {
            ...tx,
            get: (collection, id, schema) =>
              measure(
                "transactionGet",
                "read",
                () => tx.get(collection, id, schema),
                (found) => (found === null ? 0 : 1),
              ),
          };
          return fn(measured);
        }),
      ),
  };
}

function seconds(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e9;
}
