import { randomBytes } from "node:crypto";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 26 (ADR 052) across processes, against the production build (`npx remix build` first): a
 * `node server.js` with the default caches (pages 60 s, content 300 s) serves the home page from its
 * caches; this process, playing the instance an admin used, changes the banner in the shared SQLite
 * file. Unsignalled, the server keeps its cached banner; once the change is signalled, the server's
 * next pages carry the new banner within a few seconds.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const FILES = `./data/e2e-${PORT}-signal`;
process.env.SQLITE_PATH = resolve(`${FILES}.sqlite`);
process.env.SESSION_SECRET = randomBytes(32).toString("base64url");

let server: BuiltServer;
const { getStore } = await import("../../app/adapters/store/index.server");
const { publishContentChange } = await import("../../app/platform/content-signal.server");

beforeAll(async () => {
  server = await startBuiltServer(PORT, "signal", { NODE_ENV: "production", APP_ENV: "demo", SESSION_SECRET: process.env.SESSION_SECRET!, PAGE_CACHE_SECONDS: "60", CONTENT_CACHE_SECONDS: "300" }, { cleanEnv: true });
}, 120_000);

afterAll(async () => {
  await getStore().close();
  await server?.stop();
}, 30_000);

const home = async () => (await fetch(`${server.base}/`)).text();
const banner = (text: string) => ({ id: "newsBanner", active: true, text, linkLabel: "More", href: "/about" });

describe("a banner changed on another instance", () => {
  it("stays cached there until signalled, then shows within seconds", async () => {
    const first = `Signal first ${Date.now()}`;
    await getStore().set("globals", "newsBanner", banner(first));
    await getStore().set("cacheSignals", "content", { version: `test-${Date.now()}`, at: Date.now() });
    const until = Date.now() + 10_000;
    while (!(await home()).includes(first) && Date.now() < until) await new Promise((ok) => setTimeout(ok, 250));
    expect(await home()).toContain(first);
    // The server applies the signal on its next look (every 2 s), which may come after that first page:
    // let it, then warm its caches again with the first banner.
    await new Promise((ok) => setTimeout(ok, 2_500));
    expect(await home()).toContain(first);

    const second = `Signal second ${Date.now()}`;
    await getStore().set("globals", "newsBanner", banner(second));
    await new Promise((ok) => setTimeout(ok, 3_000));
    expect(await home(), "unsignalled, the server keeps its cached banner").toContain(first);

    const signalledAt = Date.now();
    await publishContentChange(["newsBanner"]);
    let page = await home();
    while (!page.includes(second) && Date.now() - signalledAt < 10_000) {
      await new Promise((ok) => setTimeout(ok, 100));
      page = await home();
    }
    expect(page).toContain(second);
    console.log(JSON.stringify({ signalToPageMs: Date.now() - signalledAt }));
  }, 60_000);
});
