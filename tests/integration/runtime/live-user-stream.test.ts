import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocumentStore } from "../../../app/services/store/port.server";
import { haveEmulator, signInWithPhone, signUpAnonymously } from "../../support/auth-emulator";
import { routeArgs } from "../../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { setStoreForTests } = await import("../../../app/services/store/index.server");
const { createSqliteStore } = await import("../../../app/services/store/sqlite.server");
const sessionRoute = await import("~/routes/api.session/route");
const streamRoute = await import("../../../app/routes/api.me.stream/route");
const { streamLiveUser } = await import("../../../app/server/live-user.server");
const { LIVE_USER_FIELDS } = await import("../../../app/models/identity/live-user");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { getViewer } = await import("../../../app/server/viewer.server");
const identity = await import("../../../app/services/identity/index.server");

const SITE = "http://localhost:3000";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let address = 0;

/** The SQLite store with a count of open watches, so a test can see a stream let go of its own. */
function countingWatches(store: DocumentStore): { store: DocumentStore; open: () => number } {
  let open = 0;
  const counted: DocumentStore = {
    ...store,
    watch(collection, id, schema, onChange) {
      open += 1;
      const stop = store.watch(collection, id, schema, onChange);
      let stopped = false;
      return () => {
        if (!stopped) open -= 1;
        stopped = true;
        stop();
      };
    },
  };
  return { store: counted, open: () => open };
}

const watches = countingWatches(createSqliteStore(":memory:"));

async function signIn(idToken: string): Promise<string> {
  const request = new Request(`${SITE}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.2.0.${++address}` },
  });
  const response = (await sessionRoute.action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

function streamRequest(cookie: string | null, signal?: AbortSignal) {
  return new Request(`${SITE}/api/me/stream`, { headers: cookie ? { Cookie: cookie } : {}, signal });
}

async function callLoader(request: Request): Promise<Response> {
  return (await streamRoute.loader(routeArgs(request))) as Response;
}

type Frame = { kind: "event"; event: string; data: string } | { kind: "comment"; text: string } | { kind: "end" };

/** Reads server-sent events frame by frame, as EventSource would, with a time limit per frame. */
function frames(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let ended = false;
  return {
    reader,
    async next(timeoutMs = 2_000): Promise<Frame | "timeout"> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const split = buffer.indexOf("\n\n");
        if (split !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          if (block.startsWith(":")) return { kind: "comment", text: block.slice(1).trim() };
          const lines = block.split("\n");
          const field = (name: string) =>
            lines
              .filter((l) => l.startsWith(`${name}: `))
              .map((l) => l.slice(name.length + 2))
              .join("\n");
          return { kind: "event", event: field("event"), data: field("data") };
        }
        if (ended) return { kind: "end" };
        pending ??= reader.read();
        const left = deadline - Date.now();
        const result = await Promise.race([pending, sleep(Math.max(left, 0)).then(() => "timeout" as const)]);
        if (result === "timeout") return "timeout";
        pending = null;
        if (result.done) ended = true;
        else buffer += decoder.decode(result.value, { stream: true });
      }
    },
  };
}

/** The next data event, skipping heartbeats. */
async function nextEvent(stream: ReturnType<typeof frames>, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = await stream.next(Math.max(deadline - Date.now(), 0));
    if (frame === "timeout" || frame.kind !== "comment") return frame;
  }
}

beforeAll(() => setStoreForTests(watches.store));
afterEach(async () => {
  // Every stream a test opened must have let go of its watch.
  for (let i = 0; i < 20 && watches.open() > 0; i++) await sleep(50);
  expect(watches.open()).toBe(0);
});

describe.skipIf(!haveEmulator)("GET /api/me/stream: a member's own record, live", () => {
  it("answers a visitor with 401 and no stream", async () => {
    const response = await callLoader(streamRequest(null));
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).not.toMatch(/event-stream/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(watches.open()).toBe(0);
  });

  it("answers an anonymous account with 401 too: it has no member record to show", async () => {
    const { idToken } = await signUpAnonymously();
    const cookie = await signIn(idToken);
    const response = await callLoader(streamRequest(cookie));
    expect(response.status).toBe(401);
    expect(watches.open()).toBe(0);
  });

  it("sends the record now, then each change within 2 s, carrying only the fields the page shows", async () => {
    const { uid, idToken } = await signInWithPhone("+15550106001");
    await savePrivateUser(uid, { firstName: "Ada", stripeCustomerId: "cus_private", tracking: { utm: "spring" } });
    const cookie = await signIn(idToken);
    const controller = new AbortController();
    const response = await callLoader(streamRequest(cookie, controller.signal));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("Cache-Control")).toMatch(/^no-store\b/);
    expect(response.headers.get("Cache-Control")).toContain("no-transform");
    const stream = frames(response.body!);

    const first = await nextEvent(stream);
    expect(first).toMatchObject({ kind: "event", event: "user" });
    const record = JSON.parse((first as { data: string }).data);
    expect(Object.keys(record).sort()).toEqual([...LIVE_USER_FIELDS].sort());
    expect(record.firstName).toBe("Ada");
    expect((first as { data: string }).data).not.toMatch(/cus_private|spring/);

    const started = Date.now();
    await savePrivateUser(uid, { lastName: "Okafor" });
    const changed = await nextEvent(stream);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(JSON.parse((changed as { data: string }).data)).toMatchObject({ firstName: "Ada", lastName: "Okafor" });

    // A write the page cannot see sends nothing; the next visible one arrives as the very next event.
    await savePrivateUser(uid, { tracking: { utm: "autumn" } });
    await savePrivateUser(uid, { photoColor: "#335577" });
    const visible = await nextEvent(stream);
    expect(JSON.parse((visible as { data: string }).data)).toMatchObject({ photoColor: "#335577" });

    expect(watches.open()).toBe(1);
    controller.abort();
    expect(watches.open()).toBe(0);
    expect(await stream.next()).toEqual({ kind: "end" });
    // Nothing more is sent after the client went away.
    await savePrivateUser(uid, { firstName: "Later" });
    expect(await stream.next(200)).toEqual({ kind: "end" });
  });

  it("sends null while the member has no record yet", async () => {
    const { idToken } = await signInWithPhone("+15550106002");
    const controller = new AbortController();
    const response = await callLoader(streamRequest(await signIn(idToken), controller.signal));
    const stream = frames(response.body!);
    expect(await nextEvent(stream)).toEqual({ kind: "event", event: "user", data: "null" });
    controller.abort();
  });

  it("keeps a quiet stream open with comments, and ends it when the session stops being valid", async () => {
    const { uid, idToken } = await signInWithPhone("+15550106003");
    const cookie = await signIn(idToken);
    const controller = new AbortController();
    const response = streamLiveUser(streamRequest(cookie, controller.signal), uid, { heartbeatMs: 50, recheckMs: 100 });
    const stream = frames(response.body!);
    expect(await stream.next()).toMatchObject({ kind: "event", event: "user" });
    expect(await stream.next()).toEqual({ kind: "comment", text: "heartbeat" });
    await sleep(300);
    expect(watches.open()).toBe(1);

    await sleep(1_100); // revocation is kept to the second
    await identity.revokeSessions(uid);
    // A write asks the provider at once, so the stream's next (cached) read check sees it too.
    expect(await getViewer(new Request(`${SITE}/settings`, { method: "POST", headers: { Cookie: cookie } }))).toBeNull();
    let frame: Frame | "timeout";
    do frame = await stream.next();
    while (frame !== "timeout" && frame.kind === "comment");
    expect(frame).toEqual({ kind: "end" });
    expect(watches.open()).toBe(0);
    controller.abort();
  });

  it("lets go when the reader cancels without the request being aborted, and never fails a writer's save", async () => {
    const { uid, idToken } = await signInWithPhone("+15550106004");
    const cookie = await signIn(idToken);
    const response = streamLiveUser(streamRequest(cookie), uid, { heartbeatMs: 60_000, recheckMs: 60_000 });
    const stream = frames(response.body!);
    expect(await stream.next()).toMatchObject({ kind: "event" });
    await stream.reader.cancel();
    // Issue 34: the cancel itself lets go of the watch (and the member's place), not a later write.
    expect(watches.open()).toBe(0);
    await expect(savePrivateUser(uid, { firstName: "Grace" })).resolves.toMatchObject({ firstName: "Grace" });
    expect(watches.open()).toBe(0);
  });
});
