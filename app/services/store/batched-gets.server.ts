import { AsyncLocalStorage } from "node:async_hooks";
import type { z } from "zod";
import type { DocumentRef, DocumentStore } from "./port.server";

/**
 * Gets gathered into one batched read (issue 25, ADR 042). Inside `withBatchedGets`, every plain
 * `get` made on the scope's behalf waits until the current turn of the event loop has run (all the
 * gets a loader starts together), and they go to the store as one `getMany`: one round trip instead
 * of one each. Outside a scope, and inside transactions, a get is sent at once, as before.
 */
interface Pending {
  ref: DocumentRef;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  pending: Pending[];
  scheduled: boolean;
}

const scopes = new AsyncLocalStorage<Batch>();

/** Runs `fn` with its plain gets gathered into batches. */
export function withBatchedGets<T>(fn: () => T): T {
  return scopes.run({ pending: [], scheduled: false }, fn);
}

/** The store with gets batched inside a `withBatchedGets` scope; everything else passes through. */
export function batchGets(store: DocumentStore): DocumentStore {
  function flush(batch: Batch) {
    const pending = batch.pending;
    batch.pending = [];
    batch.scheduled = false;
    if (pending.length === 1) {
      const [{ ref, resolve, reject }] = pending;
      store.get(ref.collection, ref.id, ref.schema).then(resolve, reject);
      return;
    }
    store.getMany(pending.map((p) => p.ref)).then(
      (results) => pending.forEach((p, index) => p.resolve(results[index])),
      (error) => pending.forEach((p) => p.reject(error)),
    );
  }

  return {
    get driver() {
      return store.driver;
    },
    get<S extends z.ZodTypeAny>(collection: string, id: string, schema: S): Promise<z.output<S> | null> {
      const batch = scopes.getStore();
      if (!batch) return store.get(collection, id, schema);
      return new Promise((resolve, reject) => {
        batch.pending.push({ ref: { collection, id, schema }, resolve: resolve as (value: unknown) => void, reject });
        if (batch.scheduled) return;
        batch.scheduled = true;
        // After the promises already settled have run their continuations: the gets started together.
        setImmediate(() => flush(batch));
      });
    },
    getMany: (refs) => store.getMany(refs),
    query: (collection, schema, options) => store.query(collection, schema, options),
    createIfAbsent: (collection, id, data) => store.createIfAbsent(collection, id, data),
    set: (collection, id, data) => store.set(collection, id, data),
    update: (collection, id, patch) => store.update(collection, id, patch),
    delete: (collection, id) => store.delete(collection, id),
    transaction: (fn) => store.transaction(fn),
    watch: (collection, id, schema, onChange) => store.watch(collection, id, schema, onChange),
    listCollections: () => store.listCollections(),
    readCount: () => store.readCount(),
    close: () => store.close(),
  };
}
