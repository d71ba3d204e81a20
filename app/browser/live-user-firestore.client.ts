import { getApps, initializeApp } from "firebase/app";
import { doc, getFirestore, onSnapshot } from "firebase/firestore";
import type { FirebaseWebConfig } from "~/services/identity/config";

/**
 * The Firestore half of live-user.client.ts, in a module of its own so that module can load it with
 * one dynamic import. The named imports here are what lets the bundler drop the rest of the SDK:
 * `await import("firebase/firestore")` keeps the whole namespace, measured at about 40 KB gzip more
 * (docs/decisions/012-live-user-record.md).
 */

const DEFAULT_APP_NAME = "[DEFAULT]";

/** Listens to one document of `collection`; returns the SDK's unsubscribe. */
export function listenToDocument(
  config: FirebaseWebConfig,
  collection: string,
  id: string,
  onData: (data: Record<string, unknown> | undefined, fromCache: boolean) => void,
  onError: (error: unknown) => void,
): () => void {
  // The default app is the one auth.client.ts signs in on; Firestore must share it to send that user's token.
  const app =
    getApps().find((candidate) => candidate.name === DEFAULT_APP_NAME) ??
    initializeApp({
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      ...(config.appId ? { appId: config.appId } : {}),
    });
  return onSnapshot(doc(getFirestore(app), collection, id), (snapshot) => onData(snapshot.data(), snapshot.metadata.fromCache), onError);
}
