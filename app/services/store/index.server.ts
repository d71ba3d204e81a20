import { resolve } from "node:path";
import { getEnv, requiredSetting } from "~/lib/env.server";
import type { DocumentStore } from "./port.server";
import { createSqliteStore } from "./sqlite.server";
import { createFirestoreStore } from "./firestore.server";
import { tallyReads } from "./read-tally.server";
import { withFaults, withReadDeadline, withUnreachableMapped } from "./faults.server";
import { batchGets } from "./batched-gets.server";
import { withDeclaredCollections } from "./declared.server";
import { withMeasuredOperations } from "./measured.server";

let store: DocumentStore | undefined;

/** The configured document store: Firestore when a Firebase project is set, embedded SQLite otherwise. */
export function getStore(): DocumentStore {
  if (store) return store;
  const env = getEnv();
  const driver =
    env.dataStore === "firestore"
      ? createFirestoreStore({ projectId: requiredSetting(env, "FIREBASE_PROJECT_ID", "DATA_STORE=firestore") })
      : createSqliteStore(env.SQLITE_PATH === ":memory:" ? ":memory:" : resolve(env.SQLITE_PATH));
  // Reads give up after 2.5 s, and a driver's "cannot reach" errors read as the store being away
  // (docs/decisions/041); a test may inject faults beneath both.
  // Reads are counted per request when a tally runs (read-tally.server.ts); inside a withBatchedGets
  // scope, gets started together go out as one getMany (batched-gets.server.ts).
  store = assembleStore(driver, env.STORE_FAULTS_FILE ? resolve(env.STORE_FAULTS_FILE) : undefined);
  return store;
}

/**
 * The layers every driver gets, whichever was chosen: writes only to collections the data inventory
 * declares (declared.server.ts), every operation timed into the metrics as the app waits for it,
 * deadline included (measured.server.ts, docs/decisions/057), and the rest as above.
 */
export function assembleStore(driver: DocumentStore, faultsFile?: string): DocumentStore {
  const declared = withDeclaredCollections(driver);
  return batchGets(
    tallyReads(withMeasuredOperations(withReadDeadline(withUnreachableMapped(faultsFile ? withFaults(declared, faultsFile) : declared)))),
  );
}

/** Swaps the store, for tests that bring their own driver. */
export function setStoreForTests(next: DocumentStore | undefined) {
  store = next;
}
