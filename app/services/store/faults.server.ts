import { readFileSync, statSync } from "node:fs";
import { StoreUnavailableError, type DocumentStore } from "./port.server";

/**
 * Store reads give up after this long (docs/decisions/041): a store that stalls gets a member a calm
 * 503 within 3 s rather than a page that hangs. Writes and transactions are not cut short: one that
 * completed after being given up on would be reported as failed.
 */
export const STORE_READ_DEADLINE_MS = 2_500;

export function withReadDeadline(store: DocumentStore, ms = STORE_READ_DEADLINE_MS): DocumentStore {
  const deadline = <T>(operation: string, work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new StoreUnavailableError(operation)), ms);
      timer.unref();
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  };
  return {
    ...store,
    driver: store.driver,
    get: (collection, id, schema) => deadline(`get ${collection}`, store.get(collection, id, schema)),
    query: (collection, schema, options) => deadline(`query ${collection}`, store.query(collection, schema, options)),
    getMany: (refs) => deadline(`getMany ${refs.length}`, store.getMany(refs)),
  };
}

/** gRPC's DEADLINE_EXCEEDED and UNAVAILABLE, as Firestore's SDK reports a store it cannot reach. */
const UNREACHABLE_CODES = new Set<unknown>([4, 14, "deadline-exceeded", "unavailable"]);

/**
 * A driver's own "cannot reach the store" errors (Firestore's UNAVAILABLE, DEADLINE_EXCEEDED) become
 * StoreUnavailableError, so the site answers them as it answers a read past its deadline.
 */
export function withUnreachableMapped(store: DocumentStore): DocumentStore {
  const mapped = <T>(operation: string, work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      if (UNREACHABLE_CODES.has((error as { code?: unknown } | null)?.code))
        throw new StoreUnavailableError(`${operation} (${String((error as { code?: unknown }).code)})`);
      throw error;
    });
  return {
    ...store,
    driver: store.driver,
    get: (collection, id, schema) => mapped(`get ${collection}`, () => store.get(collection, id, schema)),
    query: (collection, schema, options) => mapped(`query ${collection}`, () => store.query(collection, schema, options)),
    getMany: (refs) => mapped(`getMany ${refs.length}`, () => store.getMany(refs)),
    createIfAbsent: (collection, id, data) => mapped(`create ${collection}`, () => store.createIfAbsent(collection, id, data)),
    set: (collection, id, data) => mapped(`set ${collection}`, () => store.set(collection, id, data)),
    update: (collection, id, patch) => mapped(`update ${collection}`, () => store.update(collection, id, patch)),
    delete: (collection, id) => mapped(`delete ${collection}`, () => store.delete(collection, id)),
    transaction: (fn) => mapped("transaction", () => store.transaction(fn)),
  };
}

export type FaultMode = "none" | "fail" | "stall";

/** How long a stalled operation hangs before failing (reads are cut at their deadline first). */
const STALL_MS = 10_000;

/**
 * Tests only (STORE_FAULTS_FILE, refused in production): every operation first reads the fault mode
 * from a file the test writes ({"mode":"fail"} or {"mode":"stall"}; absent or anything else = none),
 * looked at again when the file changes. "fail" rejects at once with StoreUnavailableError; "stall"
 * hangs, then rejects. A transaction's writes are applied at its commit, so a fault in the middle
 * leaves none of them.
 */
export function withFaults(store: DocumentStore, file: string): DocumentStore {
  let seen = { mtimeMs: -1, mode: "none" as FaultMode };
  const mode = (): FaultMode => {
    let mtimeMs = 0;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return "none";
    }
    if (mtimeMs !== seen.mtimeMs) {
      let next: FaultMode = "none";
      try {
        const parsed = JSON.parse(readFileSync(file, "utf8")) as { mode?: unknown };
        if (parsed.mode === "fail" || parsed.mode === "stall") next = parsed.mode;
      } catch {
        next = "none";
      }
      seen = { mtimeMs, mode: next };
    }
    return seen.mode;
  };
  const fault = async (operation: string) => {
    const now = mode();
    if (now === "fail") throw new StoreUnavailableError(operation);
    if (now === "stall") {
      await new Promise((resolve) => setTimeout(resolve, STALL_MS).unref());
      throw new StoreUnavailableError(operation);
    }
  };
  return {
    ...store,
    driver: store.driver,
    get: async (collection, id, schema) => (await fault(`get ${collection}`), store.get(collection, id, schema)),
    query: async (collection, schema, options) => (await fault(`query ${collection}`), store.query(collection, schema, options)),
    getMany: async (refs) => (await fault(`getMany ${refs.map((r) => r.collection).join(",")}`), store.getMany(refs)),
    createIfAbsent: async (collection, id, data) => (await fault(`create ${collection}`), store.createIfAbsent(collection, id, data)),
    set: async (collection, id, data) => (await fault(`set ${collection}`), store.set(collection, id, data)),
    update: async (collection, id, patch) => (await fault(`update ${collection}`), store.update(collection, id, patch)),
    delete: async (collection, id) => (await fault(`delete ${collection}`), store.delete(collection, id)),
    transaction: (fn) =>
      store.transaction(async (tx) => {
        await fault("transaction");
        const result = await fn({
          ...tx,
          get: async (collection, id, schema) => (await fault(`transaction get ${collection}`), tx.get(collection, id, schema)),
        });
        // A fault at the commit: nothing of the transaction is written.
        await fault("transaction commit");
        return result;
      }),
  };
}
