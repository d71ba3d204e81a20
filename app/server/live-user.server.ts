import { getStore } from "~/services/store/index.server";
import { getEnv, type Env } from "~/lib/env.server";
import { problemOf } from "~/lib/errors";
import { toLiveUserRecord, type LiveUserOptions } from "~/models/identity/live-user";
import { PRIVATE_USERS, PrivateUserSchema } from "~/models/identity/user.server";
import { getViewer, type Viewer } from "~/server/viewer.server";

/**
 * The server's side of the live member record (docs/decisions/012-live-user-record.md): an event
 * stream of `privateUsers/{uid}` fed by the store's watch, for browsers that do not listen to
 * Firestore themselves.
 */

/** Under the 30 s idle limits common in proxies and load balancers, so a quiet stream stays open. */
export const HEARTBEAT_MS = 25_000;
/** How often an open stream asks whether its session still holds (getViewer caches a minute anyway). */
export const SESSION_RECHECK_MS = 60_000;

/**
 * Open streams one member may hold on this server (issue 23): each holds a store watch and a socket.
 * Five covers a person's tabs and devices; a sixth is refused with 429 rather than closing the oldest,
 * because a closed stream's EventSource reconnects at once and would push out the next oldest in turn,
 * while a refused one (any status but 200) does not retry: the newest page keeps the record it was
 * rendered with, and the others carry on updating.
 */
export const MAX_STREAMS_PER_MEMBER = 5;

const HEARTBEAT = new TextEncoder().encode(": heartbeat\n\n");

const openStreams = new Map<string, number>();

/** Takes one of the member's stream places; null when they hold them all. The release is safe to call twice. */
function claimStreamPlace(uid: string): (() => void) | null {
  const held = openStreams.get(uid) ?? 0;
  if (held >= MAX_STREAMS_PER_MEMBER) return null;
  openStreams.set(uid, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(uid) ?? 1) - 1;
    if (left <= 0) openStreams.delete(uid);
    else openStreams.set(uid, left);
  };
}

/** What a page hands `useLiveUserRecord`: null for visitors and anonymous accounts. */
export function liveUserOptions(viewer: Viewer | null, env: Env = getEnv()): LiveUserOptions | null {
  if (!viewer || viewer.anonymous) return null;
  const identity = env.identity;
  // The browser can only read Firestore as itself when both the data and the sign-in are the real
  // project: the Auth emulator's users mean nothing to Firestore, and SQLite has no browser API.
  if (env.dataStore === "firestore" && identity.mode === "firebase") {
    const firebase = { apiKey: identity.apiKey, authDomain: identity.authDomain, projectId: identity.projectId };
    return { uid: viewer.uid, transport: "firestore", firebase: identity.appId ? { ...firebase, appId: identity.appId } : firebase };
  }
  return { uid: viewer.uid, transport: "sse" };
}

/**
 * Streams the live projection of `uid`'s private record: one `user` event now and one after each
 * change that the page would see, a comment every `heartbeatMs`, and an end when the client goes
 * away or the session behind `request` stops being valid for `uid`. The caller checks the viewer first.
 * A member already holding MAX_STREAMS_PER_MEMBER streams here gets 429 and no stream.
 *
 * The member's place is given back by whichever comes first (issue 34): the request's signal, the
 * reader cancelling the body (the front door does so when the connection closes), a failed write,
 * or our own end. The signal alone is not enough: the router hands the loader a copy of the request
 * whose signal follows the original only while the intermediate copies live, so once they are
 * collected a closed page's abort never arrives and its place would be held for good.
 */
export function streamLiveUser(request: Request, uid: string, options: { heartbeatMs?: number; recheckMs?: number } = {}): Response {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const recheckMs = options.recheckMs ?? SESSION_RECHECK_MS;
  const cookie = request.headers.get("Cookie") ?? "";
  const url = request.url;
  const signal = request.signal;
  const release = claimStreamPlace(uid);
  if (!release) {
    const { code, status, message } = problemOf("too_many_streams");
    return Response.json({ ok: false, code, message }, { status, headers: { "Cache-Control": "no-store" } });
  }

  const encoder = new TextEncoder();
  let stopWatching = () => {};
  let onAbort = () => {};
  let stopped = false;
  // Everything the stream holds, let go of once: its place, the watch, the timers, the abort listener.
  const stop = () => {
    if (stopped) return;
    stopped = true;
    release();
    stopWatching();
    signal.removeEventListener("abort", onAbort);
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Ends the stream from our side (the session ended, the client went).
      const end = () => {
        if (stopped) return;
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the reader.
        }
      };
      // Any failed write means the reader is gone: stop now rather than at the next heartbeat.
      const write = (bytes: Uint8Array) => {
        if (stopped) return;
        try {
          controller.enqueue(bytes);
        } catch {
          end();
        }
      };
      let lastSent: string | null = null;
      let checking = false;

      const unsubscribe = getStore().watch(PRIVATE_USERS, uid, PrivateUserSchema, (record) => {
        if (stopped) return;
        const data = JSON.stringify(record ? toLiveUserRecord(record) : null);
        // The store reports every write (tracking, updatedAt); the page only needs what it shows.
        if (data === lastSent) return;
        lastSent = data;
        // This runs inside the writer's commit on SQLite: `write` never throws, or it would fail their save.
        write(encoder.encode(`event: user\ndata: ${data}\n\n`));
      });

      // A comment, ignored by EventSource, keeps idle proxies from closing a quiet stream.
      const heartbeat = setInterval(() => write(HEARTBEAT), heartbeatMs);

      const recheck = setInterval(() => {
        if (checking) return;
        checking = true;
        void sessionStillValid(url, cookie, uid)
          .then((valid) => {
            if (!valid) end();
          })
          .finally(() => {
            checking = false;
          });
      }, recheckMs);

      stopWatching = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearInterval(recheck);
      };
      onAbort = end;
      if (signal.aborted) end();
      else signal.addEventListener("abort", onAbort, { once: true });
    },
    cancel() {
      // The reader let go: the front door cancels when the connection closed before the end.
      stop();
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/event-stream",
      // no-transform: proxies may otherwise buffer or compress the stream, and the front door's compression
      // would keep an encoder per open stream to squeeze a few bytes out of each flushed event.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Asks as a page read would (GET: the account check is cached for a minute), with the stream's own cookie. */
async function sessionStillValid(url: string, cookie: string, uid: string): Promise<boolean> {
  try {
    const viewer = await getViewer(new Request(url, { method: "GET", headers: { Cookie: cookie } }));
    return viewer !== null && !viewer.anonymous && viewer.uid === uid;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", msg: "live stream session check failed", cause: String(error) }));
    return false;
  }
}
