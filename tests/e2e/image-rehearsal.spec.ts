import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { expect, test, type BrowserContext } from "@playwright/test";
import { imageStart, rehearseImage } from "../../scripts/rehearse-image.js";
import { startBuiltServer, waitUntilReady, type BuiltServer } from "../support/built-server";
import { putDocument } from "../support/e2e-store";
import {
  putStagingPeople,
  signInByEmailLink,
  stagingEnv,
  startStagingVendors,
  type StagingVendors,
} from "../support/production/staging-site";
import { routerPatchChecks } from "../support/router-patch-checks";

/**
 * Issue 37: the image that is deployed is the one that was tested. There is no container engine here,
 * so scripts/rehearse-image.js builds the Dockerfile's file set stage by stage (what it runs and what
 * it simulates is written at its top), and this starts the final stage as it runs: its own files only,
 * its CMD (`node server.js`) from its WORKDIR, its ENV (NODE_ENV=production) with staging's settings
 * for the vendors' stand-ins, as an unprivileged user. Then the staging smoke journeys: a page from
 * the cache, sign-in by e-mail link, subscribing through the Stripe stand-in, a booking.
 *
 * On the Dockerfile that ran `npm install` before copying patches/, the image's router packages are
 * unpatched: the server refuses to start outside the demo, and the first check below names them.
 * REHEARSE_DOCKERFILE=<path> rehearses another Dockerfile.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = {
  server: BASE_PORT + 72,
  identity: BASE_PORT + 73,
  video: BASE_PORT + 74,
  smtp: BASE_PORT + 75,
  analytics: BASE_PORT + 76,
  stripe: BASE_PORT + 77,
};
const SITE = `http://localhost:${PORTS.server}`;
const MEMBER = { uid: "image-member", email: "noor.member@stillhour.test", firstName: "Noor", lastName: "Halden" };
const NEWCOMER = { uid: "image-newcomer", email: "cas.newcomer@stillhour.test", firstName: "Cas", lastName: "Wren" };

let image: ReturnType<typeof rehearseImage>;
let vendors: StagingVendors;
let server: BuiltServer | undefined;
let startFailure = "";
const rehearsal: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Building the file set (hard-linked node_modules, the build, the prune) takes 1-3 minutes on this machine.
  test.setTimeout(600_000);
  image = rehearseImage({ dockerfile: process.env.REHEARSE_DOCKERFILE, log: (line) => rehearsal.push(line) });
  vendors = await startStagingVendors(PORTS, SITE, [MEMBER, NEWCOMER]);
  const start = imageStart(image);
  try {
    server = await startBuiltServer(
      PORTS.server,
      "image",
      { ...stagingEnv(SITE, vendors), STATS_ENDPOINT: "true" },
      { image: { cwd: start.cwd, command: image.cmd, spawnAs: start.spawnAs, env: start.env } },
    );
  } catch (error) {
    startFailure = error instanceof Error ? error.message : String(error);
    return;
  }
  putStagingPeople([MEMBER, NEWCOMER], MEMBER, database());
});

test.afterAll(async () => {
  await server?.stop();
  await vendors?.close();
  // The stages' folders (hard links, mostly); KEEP_REHEARSAL=1 leaves them to look at.
  if (image && !process.env.KEEP_REHEARSAL) rmSync(dirname(image.root), { recursive: true, force: true });
});

const database = () => `${server!.files}.sqlite`;
const lastLines = () => server?.output.slice(-15).join("\n") ?? startFailure;
const signIn = (context: BrowserContext, email: string) => signInByEmailLink(context, email, SITE, vendors, lastLines);

test("the image's router packages carry their patches, and its server starts from its own files as an unprivileged user", async () => {
  // What the install did to them, checked from the image's own node_modules.
  const fromImage = createRequire(join(image.cwd, "server.js"));
  const failed: string[] = [];
  for (const [name, check] of routerPatchChecks(fromImage)) {
    try {
      await check();
    } catch (error) {
      failed.push(`${name}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    }
  }
  expect(failed, `the image's router packages:\n${rehearsal.join("\n")}`).toEqual([]);
  expect(startFailure, "the image's server started").toBe("");
  expect(server!.output.join("\n")).not.toContain("router patches missing");
  // Ready once warm (issue 37): it rendered each kind of page once first.
  await waitUntilReady(SITE);
  expect(server!.output.join("\n")).toContain('"msg":"warmed up"');
  // The final stage's files only: no development packages, no sources, no tests.
  expect(existsSync(join(image.cwd, "node_modules", "vitest"))).toBe(false);
  expect(existsSync(join(image.cwd, "app"))).toBe(false);
  expect(existsSync(join(image.cwd, "build", "index.js"))).toBe(true);
  const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${server!.pid}/status`, "utf8"))?.[1];
  if (image.user.uid !== undefined) expect(Number(uid)).toBe(image.user.uid);
  // The image's HEALTHCHECK, run as Docker would run it inside the container.
  if (image.healthcheck) {
    const start = imageStart(image);
    const [command, ...args] = image.healthcheck;
    const check = spawnSync(command, args, {
      cwd: start.cwd,
      env: { ...start.env, PORT: String(PORTS.server) },
      ...start.spawnAs,
      timeout: 10_000,
    });
    expect(check.status, "the HEALTHCHECK passes").toBe(0);
  }
});

test("a public page is served from the cache", async ({ request }) => {
  test.skip(!server, startFailure);
  const stats = async () => (await (await request.get(`${SITE}/__stats`)).json()) as { storeReads: number; cachedPages: number };
  expect((await request.get(`${SITE}/teachers`)).status()).toBe(200);
  // Answered from the page cache: no store read for it. The count is the whole server's, and its
  // background jobs (mail retry, scheduled articles) read now and then, so a request that overlapped
  // one is asked again; a page rendered every time reads on every try and never passes.
  const readsPerTry: number[] = [];
  for (let attempt = 0; attempt < 4 && readsPerTry.at(-1) !== 0; attempt += 1) {
    const before = await stats();
    const again = await request.get(`${SITE}/teachers`);
    expect(again.status()).toBe(200);
    expect(await again.text()).toContain("<html");
    const after = await stats();
    expect(after.cachedPages).toBeGreaterThan(0);
    readsPerTry.push(after.storeReads - before.storeReads);
  }
  expect(readsPerTry.at(-1), `store reads per try: ${readsPerTry.join(", ")}`).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a newcomer signs in by e-mail link and subscribes on the Stripe stand-in's page", async ({ page, context }) => {
    test.skip(!server, startFailure);
    await signIn(context, NEWCOMER.email);
    await page.goto(`${SITE}/subscribe?plan=monthly&step=payment`);
    const consent = page.locator("#field-renewalConsent");
    if (await consent.count()) await consent.check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page, `the checkout page opened\n${lastLines()}`).toHaveURL(new RegExp(`^${vendors.stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SITE}/subscribe/welcome`));
    expect(vendors.stripe.deliveries, "the signed webhook was taken").toContainEqual({ type: "checkout.session.completed", status: 200 });
    await page.goto(`${SITE}/settings`);
    await expect(page.locator("#membership")).toContainText(/Monthly/i);
  });

  test("a member books a class", async ({ page, context }) => {
    test.skip(!server, startFailure);
    const id = `image-class-${Date.now() % 100000}`;
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    putDocument(
      "classes",
      id,
      {
        id,
        slug: id,
        title: `Tidewater Sit ${id}`,
        teacherId: "teacher-amara",
        modality: "meditation",
        startsAt,
        durationMinutes: 30,
        description: "A class made for this test.",
        capacity: 10,
        timeZone: "UTC",
      },
      database(),
    );
    await signIn(context, MEMBER.email);
    await page.goto(`${SITE}/classes/${id}`);
    await page.getByRole("button", { name: "Book my place" }).click();
    await expect(page.getByRole("status"), lastLines()).toContainText("You're booked");
    await page.goto(`${SITE}/my-classes`);
    await expect(page.locator("main")).toContainText(`Tidewater Sit ${id}`);
  });
});
