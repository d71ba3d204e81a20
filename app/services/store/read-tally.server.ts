import { AsyncLocalStorage } from "node:async_hooks";
import type { DocumentStore, TransactionContext } from "./port.server";

/**
 * Store reads counted per request (issue 25, ADR 042): how many times one request asked the store
 * (`ops`: a get, a batched getMany, a query or a transaction's get), how many documents came back (`docs`), and which
 * reads it repeated (the same document or the same query twice). A debug counter: the server runs a
 * request inside `withReadTally` only when STATS_ENDPOINT is on (the bench), and tests use it to hold
 * member pages to their budget. With no tally running, a read costs one AsyncLocalStorage lookup.
 */
export interface ReadTally {
  ops: number;
  docs: number;
  /** Reads asked a second (third…) time within the same tally, e.g. `get classes/abc`. */
  repeats: string[];
  /** Every read in order, as `get collection/id` or `query collection {options}`. */
  reads: string[];
}

const tallies = new AsyncLocalStorage<ReadTally>();

export function newReadTally(): ReadTally {
  return { ops: 0, docs: 0, repeats: [], reads: [] };
}

/** Runs `fn` with a tally of its own: every store read made on its behalf (awaited or not) lands there. */
export function withReadTally<T>(tally: ReadTally, fn: () => T): T {
  return tallies.run(tally, fn);
}

function note(key: string, docs: number) {
  const tally = tallies.getStore();
  if (!tally) return;
  tally.ops += 1;
  tally.docs += docs;
  if (tally.reads.includes(key)) tally.repeats.push(key);
  tally.reads.push(key);
}

/** The store with its reads counted into the running tally, if any; writes pass through untouched. */
export function tallyReads(store: DocumentStore): DocumentStore {
  return {
    get driver() {
      return store.driver;
    },
    async get(collection, id, schema) {
      note(`get ${collection}/${id}`, 1);
      return store.get(collection, id, schema);
    },
    async getMany(refs) {
      // One round trip, however many documents: one operation, each document counted beside it.
      if (refs.length > 0) note(`getMany ${refs.map((r) => `${r.collection}/${r.id}`).join(",")}`, refs.length);
      return store.getMany(refs);
    },
    async query(collection, schema, options) {
      const result = await store.query(collection, schema, options);
      note(`query ${collection} ${JSON.stringify(options ?? {})}`, Math.max(result.docs.length, 1));
      return result;
    },
    createIfAbsent: (collection, id, data) => store.createIfAbsent(collection, id, data),
    set: (collection, id, data) => store.set(collection, id, data),
    update: (collection, id, patch) => store.update(collection, id, patch),
    delete: (collection, id) => store.delete(collection, id),
    transaction: (fn) =>
      store.transaction((tx) => {
        const counted: TransactionContext = {
          ...tx,
          get: (collection, id, schema) => {
            // A transaction that runs again after contention reads again: each attempt is a real read.
            note(`tx-get ${collection}/${id}#${Math.random().toString(36).slice(2, 6)}`, 1);
            return tx.get(collection, id, schema);
          },
        };
        return fn(counted);
      }),
    watch: (collection, id, schema, onChange) => store.watch(collection, id, schema, onChange),
    listCollections: () => store.listCollections(),
    readCount: () => store.readCount(),
    close: () => store.close(),
  };
}
