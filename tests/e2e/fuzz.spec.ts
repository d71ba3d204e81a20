import { randomBytes } from "node:crypto";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { fuzzRoutes, makeViewers } from "../../scripts/fuzz-routes.mjs";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 23, "Done when": malformed requests to every action and resource route of the built server,
 * as nobody, a visitor and (with the Auth emulator `npm test` starts) a member, an admin, a
 * facilitator and studio staff: not one answer of 500 or more. A small run here; `npm run fuzz` is
 * the full one (scripts/fuzz-routes.mjs says what it sends). The server is its own, with a session
 * secret the fuzz knows, so it can also sign hostile sessions the server trusts. No browser.
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 94;
const SESSION_SECRET = `fuzz-${randomBytes(24).toString("base64url")}`;
const SEED = 23;
const REQUESTS = 300;

let server: BuiltServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  server = await startBuiltServer(PORT, "fuzz", { SESSION_SECRET });
});

test.afterAll(async () => {
  await server?.stop();
});

test(`${REQUESTS} malformed requests over every action and resource route answer below 500`, async () => {
  test.setTimeout(120_000);
  const viewers = await makeViewers(server.base);
  const result = await fuzzRoutes({
    base: server.base,
    requests: REQUESTS,
    seed: SEED,
    viewers,
    sessionSecret: SESSION_SECRET,
    concurrency: 2,
  });
  const report = `seed ${SEED}; statuses ${JSON.stringify(result.statuses)}\n${result.failures.map((f) => `#${f.index} ${f.status} ${f.request}`).join("\n")}\nserver output:\n${server.output.join("\n")}`;
  expect(result.routes, "the route table came from the build").toBeGreaterThan(40);
  expect(result.failures, report).toEqual([]);
  expect(result.alive, "the server still answers /healthz").toBe(true);
});

/** Every stored document but the rate limiter's counters, which a refused request is meant to move. */
function storedDocuments(): Map<string, string> {
  const db = new Database(`./data/e2e-${PORT}-fuzz.sqlite`, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT collection, id, data FROM documents WHERE collection <> 'rateLimits'").all() as Array<{
      collection: string;
      id: string;
      data: string;
    }>;
    return new Map(rows.map((row) => [`${row.collection}/${row.id}`, row.data]));
  } finally {
    db.close();
  }
}

test(`${REQUESTS} malformed requests from people who are not signed in change no stored document`, async () => {
  test.setTimeout(120_000);
  const viewers = (await makeViewers(server.base)).filter((viewer) => !viewer.signedIn);
  const before = storedDocuments();
  const result = await fuzzRoutes({
    base: server.base,
    requests: REQUESTS,
    seed: 7,
    viewers,
    sessionSecret: SESSION_SECRET,
    concurrency: 2,
  });
  const after = storedDocuments();
  expect(result.failures, JSON.stringify(result.failures.slice(0, 10))).toEqual([]);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key));
  expect(changed, "documents written, changed or deleted by requests from nobody").toEqual([]);
});
