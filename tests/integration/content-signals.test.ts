import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 26: a staff change to public content shows on every instance at once, not after the caches'
 * TTLs (platform/content-signal.server.ts, docs/decisions/041). Two built servers on one SQLite file
 * with five-minute page and content caches; this process plays the instance where staff saved: it
 * writes the change to the shared store and calls `contentChanged`, as a staff action does. Both
 * servers must drop their cached copies within a couple of seconds; without the signal they would serve
 * the old page for five minutes.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = { a: BASE_PORT + 24, b: BASE_PORT + 25 };
const FILES = `./data/e2e-${PORTS.a}-signals`;
const SECRET = randomBytes(32).toString("base64url");

process.env.SQLITE_PATH = resolve(`${FILES}.sqlite`);
process.env.SESSION_SECRET = SECRET;
process.env.MAIL_OUTBOX_DIR = join(mkdtempSync(join(tmpdir(), "signals-")), "outbox");

const { getStore } = await import("../../app/services/store/index.server");
const { getTeachers } = await import("../../app/models/content/teacher.server");
const { contentChanged } = await import("../../app/lib/cache.server");
const { startContentSignals } = await import("../../app/platform/content-signal.server");

const servers: BuiltServer[] = [];
const env = { NODE_ENV: "production", APP_ENV: "demo", SESSION_SECRET: SECRET, PAGE_CACHE_SECONDS: "300", CONTENT_CACHE_SECONDS: "300" };

beforeAll(async () => {
  servers.push(await startBuiltServer(PORTS.a, "signals", env, { cleanEnv: true }));
  servers.push(await startBuiltServer(PORTS.b, "signals", env, { cleanEnv: true, sharedFiles: servers[0].files }));
}, 120_000);

afterAll(async () => {
  await getStore().close();
  for (const server of [...servers].reverse()) await server.stop();
}, 30_000);

it("a content change announced by one instance clears every other instance's cached pages within 2 s", async () => {
  const signals = startContentSignals({ mode: "poll", pollMs: 200 });
  try {
    const [teacher] = await getTeachers();
    const page = `/teachers/${teacher.urlParam}`;
    const shows = async (base: string, marker: string) => (await (await fetch(`${base}${page}`)).text()).includes(marker);
    const change = async (marker: string, announce: boolean) => {
      await getStore().update("profiles", teacher.id, { bio: `${teacher.bio} ${marker}` });
      if (announce) {
        contentChanged(["teacher"]);
        await signals.settled();
      }
    };

    // Both instances have the page cached; a change written without a signal stays unseen (the TTL
    // is five minutes), which is what makes the next part mean something.
    for (const server of servers) for (let i = 0; i < 2; i++) expect(await shows(server.base, teacher.bio)).toBe(true);
    const quiet = `Written quietly ${randomBytes(4).toString("hex")}`;
    await change(quiet, false);
    await new Promise((ok) => setTimeout(ok, 2_500));
    for (const server of servers) expect(await shows(server.base, quiet), server.base).toBe(false);

    const marker = `Announced ${randomBytes(4).toString("hex")}`;
    const changed = Date.now();
    await change(marker, true);
    const seenAt: Record<string, number> = {};
    while (Object.keys(seenAt).length < servers.length && Date.now() - changed < 10_000) {
      for (const server of servers)
        if (!seenAt[server.base] && (await shows(server.base, marker))) seenAt[server.base] = Date.now() - changed;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    console.log(JSON.stringify({ figures: "announced content change seen (ms after the write)", ...seenAt }));
    for (const server of servers) expect(seenAt[server.base], server.base).toBeLessThan(2_000);
  } finally {
    signals.stop();
  }
}, 60_000);
