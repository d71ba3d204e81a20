import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveUserReader, type LiveUserRecord } from "~/models/identity/live-user";

/**
 * The browser module with its two transports, in Node: EventSource is a stand-in that records what
 * the module does, and the Firebase SDK is mocked at its module boundary (the real listener needs a
 * browser, a project and a signed-in user).
 */

const firebase = vi.hoisted(() => {
  const state = {
    apps: [] as Array<{ name: string }>,
    initializeApp: vi.fn((options: unknown) => {
      const app = { name: "[DEFAULT]", options };
      state.apps.push(app);
      return app;
    }),
    listeners: [] as Array<{
      path: string;
      next: (snapshot: unknown) => void;
      error: (error: unknown) => void;
      unsubscribe: ReturnType<typeof vi.fn>;
    }>,
  };
  return state;
});

vi.mock("firebase/app", () => ({
  getApps: () => firebase.apps,
  initializeApp: firebase.initializeApp,
}));

vi.mock("firebase/firestore", () => ({
  getFirestore: (app: unknown) => ({ app }),
  doc: (_db: unknown, collection: string, id: string) => ({ path: `${collection}/${id}` }),
  onSnapshot: (ref: { path: string }, next: (snapshot: unknown) => void, error: (error: unknown) => void) => {
    const unsubscribe = vi.fn();
    firebase.listeners.push({ path: ref.path, next, error, unsubscribe });
    return unsubscribe;
  },
}));

const { subscribeToUserRecord, stopUserRecordSubscriptions, LIVE_USER_STREAM_PATH } = await import("./live-user.client");
// Loaded once here, so the module's own dynamic import resolves within a tick in every test.
await import("./live-user-firestore.client");

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(event: { data?: string }) => void>>();
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close = vi.fn(() => {
    this.readyState = FakeEventSource.CLOSED;
  });
  emit(type: string, data?: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
}

const snapshot = (data: Record<string, unknown> | undefined, fromCache = false) => ({ data: () => data, metadata: { fromCache } });
const config = { apiKey: "web-api-key-000", authDomain: "stillhour.firebaseapp.com", projectId: "stillhour" };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  FakeEventSource.instances = [];
  firebase.apps.length = 0;
  firebase.listeners.length = 0;
  firebase.initializeApp.mockClear();
  vi.stubGlobal("EventSource", FakeEventSource);
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  stopUserRecordSubscriptions();
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe("the event-stream transport", () => {
  it("listens to /api/me/stream and hands on each record, projected, and null for no record", () => {
    const seen: Array<LiveUserRecord | null> = [];
    subscribeToUserRecord({ uid: "u1", transport: "sse" }, liveUserReader, (record) => seen.push(record));
    const source = FakeEventSource.instances[0];
    expect(source.url).toBe(LIVE_USER_STREAM_PATH);
    source.emit("user", JSON.stringify({ firstName: "Ada", stripeCustomerId: "cus_1" }));
    source.emit("user", "null");
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ firstName: "Ada", lastName: null });
    expect(seen[0]).not.toHaveProperty("stripeCustomerId");
    expect(seen[1]).toBeNull();
  });

  it("stops synchronously, can be stopped twice, and drops an event already on its way", () => {
    const onChange = vi.fn();
    const stop = subscribeToUserRecord({ uid: "u1", transport: "sse" }, liveUserReader, onChange);
    const source = FakeEventSource.instances[0];
    stop();
    expect(source.close).toHaveBeenCalledTimes(1);
    expect(() => stop()).not.toThrow();
    expect(source.close).toHaveBeenCalledTimes(1);
    source.emit("user", JSON.stringify({ firstName: "Late" }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("reports interruptions and unreadable events once, with a warning, and never throws", () => {
    const onChange = vi.fn();
    subscribeToUserRecord({ uid: "u1", transport: "sse" }, liveUserReader, onChange);
    const source = FakeEventSource.instances[0];
    expect(() => source.emit("user", "{broken")).not.toThrow();
    source.emit("error");
    source.readyState = FakeEventSource.CLOSED;
    source.emit("error");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("warns instead of failing where there is no EventSource", () => {
    vi.stubGlobal("EventSource", undefined);
    const stop = subscribeToUserRecord({ uid: "u1", transport: "sse" }, liveUserReader, vi.fn());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(() => stop()).not.toThrow();
  });
});

describe("the Firestore transport", () => {
  it("loads the SDK only when called, listens to privateUsers/{uid} and maps snapshots to the projection", async () => {
    const seen: Array<LiveUserRecord | null> = [];
    subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, (record) => seen.push(record));
    expect(firebase.listeners).toHaveLength(0);
    await settle();
    expect(firebase.listeners.map((l) => l.path)).toEqual(["privateUsers/member-1"]);
    expect(firebase.initializeApp).toHaveBeenCalledWith(config);
    const { next } = firebase.listeners[0];
    next(snapshot({ firstName: "Ada", tracking: { utm: "x" }, defaultCard: { brand: "visa", last4: "4242", id: "pm_1" } }));
    next(snapshot(undefined));
    expect(seen[0]).toMatchObject({ firstName: "Ada", defaultCard: { brand: "visa", last4: "4242" } });
    expect(JSON.stringify(seen[0])).not.toMatch(/utm|pm_1/);
    expect(seen[1]).toBeNull();
  });

  it("reuses the default app that sign-in already started", async () => {
    const existing = { name: "[DEFAULT]" };
    firebase.apps.push({ name: "other" }, existing);
    subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, vi.fn());
    await settle();
    expect(firebase.initializeApp).not.toHaveBeenCalled();
    expect(firebase.listeners).toHaveLength(1);
  });

  it("does not believe 'no record' from the offline cache", async () => {
    const onChange = vi.fn();
    subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, onChange);
    await settle();
    firebase.listeners[0].next(snapshot(undefined, true));
    expect(onChange).not.toHaveBeenCalled();
    firebase.listeners[0].next(snapshot({ firstName: "Ada" }, true));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("never starts a listener when stopped while the SDK is loading", async () => {
    const stop = subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, vi.fn());
    stop();
    stop();
    await settle();
    expect(firebase.listeners).toHaveLength(0);
  });

  it("stops the listener synchronously once it runs", async () => {
    const onChange = vi.fn();
    const stop = subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, onChange);
    await settle();
    stop();
    expect(firebase.listeners[0].unsubscribe).toHaveBeenCalledTimes(1);
    firebase.listeners[0].next(snapshot({ firstName: "Late" }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("reports permission-denied once and does not throw; after a stop it stays quiet", async () => {
    subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, vi.fn());
    await settle();
    const denied = Object.assign(new Error("Missing or insufficient permissions."), { code: "permission-denied" });
    expect(() => firebase.listeners[0].error(denied)).not.toThrow();
    firebase.listeners[0].error(denied);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toContain("permission-denied");

    const stop = subscribeToUserRecord({ uid: "member-2", transport: "firestore", firebase: config }, liveUserReader, vi.fn());
    await settle();
    stop();
    firebase.listeners[1].error(denied);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("warns when the Firebase config is missing", () => {
    expect(() => subscribeToUserRecord({ uid: "member-1", transport: "firestore" }, liveUserReader, vi.fn())).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("stopping every listener before a sign-out", () => {
  it("stops both transports at once, synchronously", async () => {
    subscribeToUserRecord({ uid: "member-1", transport: "sse" }, liveUserReader, vi.fn());
    subscribeToUserRecord({ uid: "member-1", transport: "firestore", firebase: config }, liveUserReader, vi.fn());
    await settle();
    stopUserRecordSubscriptions();
    expect(FakeEventSource.instances[0].close).toHaveBeenCalledTimes(1);
    expect(firebase.listeners[0].unsubscribe).toHaveBeenCalledTimes(1);
  });
});
