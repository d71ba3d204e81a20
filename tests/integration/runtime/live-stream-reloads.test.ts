import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { createTestBuild, type BuildRoute } from "../app-build";

// Issue 34, item 6: a member reloading one tab must never be refused the live stream. Driven over
// real HTTP through the production front door, as a browser's EventSource meets it: each "reload"
// opens the stream, reads its first event and drops the connection, as a closing page does.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.LOG_REQUESTS = "false";

const { getStore } = await import("../../../app/services/store/index.server");
const { createFrontDoor } = await import("../../../app/server/http/http-server.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { MAX_STREAMS_PER_MEMBER } = await import("../../../app/server/live-user.server");
const entry = await import("~/entry.server");

let base = "";
let frontDoor: ReturnType<typeof createFrontDoor>;
let address = 0;

beforeAll(async () => {
  getStore();
  const routes: BuildRoute[] = [
    { id: "root", path: "", module: await import("~/root") },
    { id: "routes/api.session", parentId: "root", path: "api/session", module: await import("~/routes/api.session/route") },
    { id: "routes/api.me.stream", parentId: "root", path: "api/me/stream", module: await import("~/routes/api.me.stream/route") },
  ];
  frontDoor = createFrontDoor(createTestBuild(routes, entry), { publicDir: mkdtempSync(join(tmpdir(), "stillhour-public-")) });
  await new Promise<void>((resolve) => frontDoor.server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(frontDoor.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  frontDoor?.server.closeAllConnections();
  await new Promise((resolve) => frontDoor?.server.close(resolve));
});

async function signIn(phone: string): Promise<string> {
  const { uid, idToken } = await signInWithPhone(phone);
  await savePrivateUser(uid, { firstName: "Noor", lastName: "Test", email: `${uid}@example.com` });
  const response = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: base, "x-forwarded-for": `10.34.6.${++address}` },
  });
  expect(response.status).toBe(200);
  return response.headers.get("set-cookie")!.split(";")[0];
}

interface OpenStream {
  status: number;
  /** The first bytes, once a 200 stream has sent its first event. */
  first: string;
  /** Drops the connection, as a closing or reloading page does. */
  drop: () => void;
}

/** Opens the stream on its own connection and waits for its answer (and, on 200, its first event). */
function openStream(cookie: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the stream sent nothing within 3 s")), 3_000);
    const request = http.get(`${base}/api/me/stream`, { headers: { accept: "text/event-stream", cookie }, agent: false }, (response) => {
      const drop = () => request.destroy();
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        resolve({ status: response.statusCode ?? 0, first: "", drop });
        return;
      }
      response.once("data", (chunk: Buffer) => {
        clearTimeout(timer);
        resolve({ status: 200, first: chunk.toString("utf8"), drop });
      });
    });
    request.on("error", () => undefined);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/**
 * Collects garbage as a busy server does between a page's load and its close: the Request objects
 * the router made on the way to the loader are gone by then, and so is anything only they held.
 */
async function collectGarbage() {
  for (let round = 0; round < 3; round += 1) {
    gc();
    // FinalizationRegistry callbacks run after the collection, on a later turn.
    await sleep(10);
  }
}

describe.skipIf(!haveEmulator)("/api/me/stream through the front door", () => {
  it("never refuses ten reloads in a row: a dropped connection gives its place back", async () => {
    const cookie = await signIn("+15550340601");
    const statuses: number[] = [];
    for (let reload = 0; reload < 10; reload += 1) {
      const stream = await openStream(cookie);
      statuses.push(stream.status);
      if (stream.status === 200) expect(stream.first).toContain("event: user");
      await collectGarbage();
      stream.drop();
      // A browser's next page load follows the close by a few milliseconds, not more.
      await sleep(30);
    }
    expect(statuses).toEqual(Array(10).fill(200));
  });

  it("still stops a flood: past the member's places, open streams get 429, and a closed one frees a place", async () => {
    const cookie = await signIn("+15550340602");
    const open: OpenStream[] = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_MEMBER; i += 1) {
        const stream = await openStream(cookie);
        open.push(stream);
        expect(stream.status, `stream ${i + 1}`).toBe(200);
      }
      const refused = await openStream(cookie);
      expect(refused.status).toBe(429);
      await collectGarbage();
      open[0].drop();
      await sleep(50);
      const again = await openStream(cookie);
      open.push(again);
      expect(again.status).toBe(200);
    } finally {
      for (const stream of open) stream.drop();
    }
  });
});
