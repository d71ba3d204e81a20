import { DECLARED_COLLECTIONS } from "~/lib/data-inventory";
import type { DocumentStore, TransactionContext } from "./port.server";

/**
 * The store writes only to collections the data inventory declares (app/lib/data-inventory.ts,
 * docs/decisions/055-one-data-inventory.md): a new collection is declared, with what it holds about
 * a person and what deleting an account does to it, before anything lands in it. Reads are not
 * checked (an undeclared collection is simply empty). The chooser (`getStore`) wraps whichever driver
 * it picks, so SQLite and Firestore refuse alike; a write inside a transaction throws there, which
 * aborts the whole transaction.
 */
export class UndeclaredCollectionError extends Error {
  constructor(collection: string) {
    super(`The collection "${collection}" is not in the data inventory (app/lib/data-inventory.ts): declare it before writing to it`);
    this.name = "UndeclaredCollectionError";
  }
}

export function withDeclaredCollections(store: DocumentStore, declared: ReadonlySet<string> = DECLARED_COLLECTIONS): DocumentStore {
  const check = (collection: string) => {
    if (!declared.has(collection)) throw new UndeclaredCollectionError(collection);
  };
  const refused = (collection: string): Promise<never> | null =>
    declared.has(collection) ? null : Promise.reject(new UndeclaredCollectionError(collection));
  return {
    ...store,
    driver: store.driver,
    createIfAbsent: (collection, id, data) => refused(collection) ?? store.createIfAbsent(collection, id, data),
    set: (collection, id, data) => refused(collection) ?? store.set(collection, id, data),
    update: (collection, id, patch) => refused(collection) ?? store.update(collection, id, patch),
    delete: (collection, id) => refused(collection) ?? store.delete(collection, id),
    transaction: (fn) =>
      store.transaction((tx) => {
        const checked: TransactionContext = {
          get: (collection, id, schema) => tx.get(collection, id, schema),
          create: (collection, id, data) => (check(collection), tx.create(collection, id, data)),
          set: (collection, id, data) => (check(collection), tx.set(collection, id, data)),
          update: (collection, id, patch) => (check(collection), tx.update(collection, id, patch)),
          delete: (collection, id) => (check(collection), tx.delete(collection, id)),
        };
        return fn(checked);
      }),
  };
}
