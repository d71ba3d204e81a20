import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 23, item 4, against the production build: rate limits count the address the connection came
 * from (no proxy is trusted by default), not one the client writes into X-Forwarded-For, and they are
 * kept in the store, so two server processes on one SQLite file (WAL) share one count. Each test
 * speaks from a loopback address of its own (127.0.0.2, 127.0.0.3), so the two counts stay apart.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = [BASE_PORT + 80, BASE_PORT + 81];
/** The e-book form's limit (features/content/lead.server.ts): five in ten minutes per address. */
const LEAD_LIMIT = 5;

const servers: BuiltServer[] = [];
/** Both servers' last lines, for a failure's message. */
const serverOutput = () => servers.flatMap((server) => server.output.map((line) => `${new URL(server.base).port}: ${line}`)).join("\n");

// Both processes sign the same sessions, as instances of one deployment do.
const SECRET = randomBytes(32).toString("base64url");

/** One e-book sign-up sent from `localAddress`, claiming to come from `forwardedFor`; resolves its status. */
function postEbook(port: number, localAddress: string, forwardedFor: string, n: number): Promise<number> {
  const body = new URLSearchParams({
    email: `limits-${n}-${randomBytes(3).toString("hex")}@example.com`,
    firstName: "Ada",
    website: "",
  }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method: "POST",
        path: "/mental-detox-ebook",
        headers: {
          Host: `localhost:${port}`,
          Origin: `http://localhost:${port}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "X-Forwarded-For": forwardedFor,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * One instance of the built server; the second shares the first's store and folders, as instances of
 * one deployment do. Only what the site reads (cleanEnv); TRUST_PROXY_HOPS unset (0).
 */
async function startServer(port: number) {
  const env = {
    NODE_ENV: "production",
    // The demo's drivers on the production build: staging refuses the Auth emulator and the mail
    // outbox (ADR 034), and what this proves (whose address counts, one count across instances)
    // does not depend on the mode.
    APP_ENV: "demo",
    SESSION_SECRET: SECRET,
    ...(process.env.FIREBASE_AUTH_EMULATOR_HOST ? { FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST } : {}),
  };
  servers.push(await startBuiltServer(port, "limits", env, { cleanEnv: true, sharedFiles: servers[0]?.files }));
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // One after the other: the second finds the demo content already seeded.
  for (const port of PORTS) await startServer(port);
});

test.afterAll(async () => {
  // The first owns the files: stopped last, so it removes them once both have closed the store.
  for (const server of [...servers].reverse()) await server.stop();
});

test("ten e-book posts each naming a different X-Forwarded-For are refused from the sixth", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push(await postEbook(PORTS[0], "127.0.0.2", `198.51.100.${i + 1}`, i));
  expect(
    statuses.slice(0, LEAD_LIMIT).every((status) => status === 302),
    `${statuses.join(" ")}\n${serverOutput()}`,
  ).toBe(true);
  expect(statuses.slice(LEAD_LIMIT), statuses.join(" ")).toEqual(Array(10 - LEAD_LIMIT).fill(429));
});

test("the same limit holds when the posts alternate between two server processes on one store", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push(await postEbook(PORTS[i % 2], "127.0.0.3", `203.0.113.${i + 1}`, 100 + i));
  expect(
    statuses.slice(0, LEAD_LIMIT).every((status) => status === 302),
    `${statuses.join(" ")}\n${serverOutput()}`,
  ).toBe(true);
  expect(statuses.slice(LEAD_LIMIT), statuses.join(" ")).toEqual(Array(10 - LEAD_LIMIT).fill(429));
});

test.describe("promotion codes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the 21st code from one address is refused beside the field with 429, the code and plan kept", async ({ page }) => {
    const base = `http://localhost:${PORTS[1]}`;
    // Twenty codes nobody has, each in the address as a shared link would carry it.
    for (let i = 0; i < 20; i++)
      expect((await page.goto(`${base}/subscribe?plan=annual&code=GUESS${i}`))?.status(), `attempt ${i + 1}`).toBe(200);
    await page.getByRole("radio", { name: /Monthly/ }).check();
    await page.getByLabel("Promotion code (optional)").fill("ONE-MORE-GUESS");
    const answer = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().startsWith(`${base}/subscribe`),
    );
    await page.getByRole("button", { name: "Apply" }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.locator("#field-code-error")).toHaveText(
      /^That's a lot of codes in a short time\. Please wait (\d+ minutes|a minute) and try again\.$/,
    );
    await expect(page.getByLabel("Promotion code (optional)")).toHaveValue("ONE-MORE-GUESS");
    await expect(page.getByRole("radio", { name: /Monthly/ })).toBeChecked();
  });
});
