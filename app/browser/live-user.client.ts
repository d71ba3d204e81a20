import type { LiveUserOptions } from "~/services/identity/config";

/**
 * Listens to the signed-in member's own record (docs/decisions/012-live-user-record.md), over one of
 * two transports behind one interface:
 *
 * - "sse": the server's event stream at /api/me/stream, fed by the store's watch. EventSource
 *   reconnects by itself after a dropped connection or a server restart, and gives up when the
 *   server answers 401 (the session ended).
 * - "firestore": the Firebase web SDK's onSnapshot on `privateUsers/{uid}` (live-user-firestore.client.ts).
 *   The SDK (about 136 KB gzip) is imported only when this runs, so it never reaches a page's first load.
 *
 * Precondition of the Firestore transport: the default Firebase app's Auth user (signed in by
 * auth.client.ts) is the same uid. The security rules (firestore.rules) let only the owner read the
 * record; any other user, or none, ends in permission-denied. Call `stopUserRecordSubscriptions()`
 * before signing that user out or switching users, so no listener is left to be refused.
 *
 * Unsubscribing is synchronous and may be called more than once. Problems (refused, offline, a
 * chunk that failed to load) are reported once per subscription with console.warn, never thrown.
 */

export const LIVE_USER_STREAM_PATH = "/api/me/stream";
export const PRIVATE_USERS_COLLECTION = "privateUsers";

type Unsubscribe = () => void;
type Report = (problem: unknown) => void;

/** Turns what each transport delivers into a record; the record's rules live with its model. */
export interface RecordReader<R> {
  fromEvent(text: string): { ok: true; record: R | null } | { ok: false };
  fromDocument(data: Record<string, unknown>): R;
}

const subscriptions = new Set<Unsubscribe>();

/** Calls `onChange` with the member's record now and after each change; returns the way to stop. */
export function subscribeToUserRecord<R>(
  options: LiveUserOptions,
  read: RecordReader<R>,
  onChange: (record: R | null) => void,
): Unsubscribe {
  const report = reportOnce(options.transport);
  let stopped = false;
  // Every callback checks this first: an event already queued when the page stops must not land.
  const deliver = (record: R | null) => {
    if (!stopped) onChange(record);
  };
  const stopTransport =
    options.transport === "firestore" ? listenToFirestore(options, read, deliver, report) : listenToStream(read, deliver, report);
  const unsubscribe = () => {
    if (stopped) return;
    stopped = true;
    subscriptions.delete(unsubscribe);
    stopTransport();
  };
  subscriptions.add(unsubscribe);
  return unsubscribe;
}

/** Stops every live listener on this page at once: call it before signing out or switching users. */
export function stopUserRecordSubscriptions(): void {
  for (const unsubscribe of [...subscriptions]) unsubscribe();
}

function listenToStream<R>(read: RecordReader<R>, deliver: (record: R | null) => void, report: Report): Unsubscribe {
  if (typeof EventSource === "undefined") {
    report(new Error("this browser has no EventSource"));
    return () => {};
  }
  // Same origin, so the session cookie goes with it. No uid in the address: the server streams the
  // session's own member, so a page can never ask for someone else's record.
  const source = new EventSource(LIVE_USER_STREAM_PATH);
  source.addEventListener("user", (event) => {
    const parsed = read.fromEvent(String((event as MessageEvent).data));
    if (parsed.ok) deliver(parsed.record);
    else report(new Error("unreadable event from the live stream"));
  });
  source.addEventListener("error", () => {
    // CONNECTING means EventSource is already retrying (a blip, a deploy); CLOSED means the server
    // refused (401) and it will not retry. Either way the page keeps the record it has.
    const state = source.readyState === EventSource.CLOSED ? "closed by the server" : "reconnecting";
    report(new Error(`live stream interrupted (${state})`));
  });
  return () => source.close();
}

function listenToFirestore<R>(
  options: LiveUserOptions,
  read: RecordReader<R>,
  deliver: (record: R | null) => void,
  report: Report,
): Unsubscribe {
  const config = options.firebase;
  if (!config) {
    report(new Error("the Firestore transport needs the Firebase web config"));
    return () => {};
  }
  let stopped = false;
  let stopSnapshot: Unsubscribe | null = null;
  void (async () => {
    try {
      const { listenToDocument } = await import("./live-user-firestore.client");
      // Unsubscribed while the SDK was loading: never start the listener at all.
      if (stopped) return;
      stopSnapshot = listenToDocument(
        config,
        PRIVATE_USERS_COLLECTION,
        options.uid,
        (data, fromCache) => {
          // Offline, the SDK answers from its empty cache: "no record" is only believed from the server.
          if (!data && fromCache) return;
          deliver(data ? read.fromDocument(data) : null);
        },
        (error) => {
          if (!stopped) report(error);
        },
      );
    } catch (error) {
      // The chunk failed to load (offline, or a deploy replaced it) or the app could not start.
      if (!stopped) report(error);
    }
  })();
  return () => {
    stopped = true;
    stopSnapshot?.();
    stopSnapshot = null;
  };
}

function reportOnce(transport: LiveUserOptions["transport"]): Report {
  let reported = false;
  return (problem) => {
    if (reported) return;
    reported = true;
    const code = (problem as { code?: unknown } | null)?.code;
    const message = problem instanceof Error ? problem.message : String(problem);
    console.warn(`Live account updates (${transport}) stopped or paused: ${typeof code === "string" ? `${code}: ` : ""}${message}`);
  };
}
