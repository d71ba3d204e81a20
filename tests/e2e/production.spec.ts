import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type BrowserContext } from "@playwright/test";
import { findChromium } from "../../scripts/chromium.js";
import { startBuiltServer, waitUntilReady, type BuiltServer } from "../support/built-server";
import { putDocument } from "../support/e2e-store";
import {
  putStagingPeople,
  signInByEmailLink,
  stagingEnv,
  startStagingVendors,
  type StagingVendors,
} from "../support/production/staging-site";
import { startFront, type Front } from "../support/round-robin-front";

/**
 * Issue 24, the site as it runs in production (docs/decisions/040): the built server started twice as
 * `node server.js` with NODE_ENV=production and APP_ENV=staging (a clean environment: no demo driver,
 * no demo secret, no Auth emulator), on one SQLite store in WAL mode, behind a round-robin front whose
 * address is the site's PUBLIC_SITE_URL. Every vendor is a local stand-in on its own origin (another
 * port): Google's identity endpoints for the real Firebase Admin SDK, Stripe for the real `stripe`
 * SDK with a hosted checkout page, a real SMTP server for nodemailer, Daily's API and rooms, and the
 * analytics provider. The journeys are the ones the demo never shows, each on its vendor's origin.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = {
  front: BASE_PORT + 40,
  a: BASE_PORT + 41,
  b: BASE_PORT + 42,
  identity: BASE_PORT + 43,
  video: BASE_PORT + 44,
  smtp: BASE_PORT + 45,
  analytics: BASE_PORT + 46,
  stripe: BASE_PORT + 47,
};
const SITE = `http://localhost:${PORTS.front}`;

const MEMBER = { uid: "prod-member", email: "rowan.member@stillhour.test", firstName: "Rowan", lastName: "Ashby" };
const NEWCOMER = { uid: "prod-newcomer", email: "ines.newcomer@stillhour.test", firstName: "Ines", lastName: "Okafor" };
const GIVER = { uid: "prod-giver", email: "theo.giver@stillhour.test", firstName: "Theo", lastName: "Marsh" };
const DROPPER = { uid: "prod-dropin", email: "mira.dropin@stillhour.test", firstName: "Mira", lastName: "Sand" };
// The seeded studios name this uid as their desk staff (app/demo/studios.ts).
const STAFF = {
  uid: "demo-studio-staff",
  email: "sam.desk@stillhour.test",
  firstName: "Sam",
  lastName: "Okonkwo",
  claims: { studioStaff: true },
};

let vendors: StagingVendors;
let servers: BuiltServer[] = [];
let front: Front;
let env: Record<string, string>;
// The stand-ins, by name, as the journeys below use them.
let stripe: StagingVendors["stripe"];
let smtp: StagingVendors["smtp"];
let video: StagingVendors["video"];
let analytics: StagingVendors["analytics"];
let SECRETS: StagingVendors["secrets"];

const launchArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  // The front desk's camera: Chromium's own fake device, and no permission prompt.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];
test.use({ launchOptions: { executablePath: findChromium() ?? "/usr/bin/chromium", args: launchArgs } });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  vendors = await startStagingVendors(PORTS, SITE, [MEMBER, NEWCOMER, GIVER, DROPPER, STAFF]);
  ({ stripe, smtp, video, analytics } = vendors);
  SECRETS = vendors.secrets;
  env = stagingEnv(SITE, vendors);
  // The first seeds the store; the second starts on it once it exists.
  const first = await startBuiltServer(PORTS.a, "production", env, { cleanEnv: true });
  servers.push(first);
  servers.push(await startBuiltServer(PORTS.b, "production", env, { cleanEnv: true, sharedFiles: first.files }));
  // Both warmed up (readiness 200) before the front takes traffic, as a load balancer waits for them.
  await Promise.all(servers.map((server) => waitUntilReady(server.base, 60_000)));
  front = await startFront(
    PORTS.front,
    servers.map((server) => server.base),
  );
  // One readiness poll of the front's (every 200 ms) so it has seen both answer.
  await new Promise((resolve) => setTimeout(resolve, 400));
  putStagingPeople([MEMBER, NEWCOMER, GIVER, DROPPER, STAFF], MEMBER, database());
});

test.afterAll(async () => {
  await front?.close();
  // The second shares the first's files: it stops first, so the first's stop removes them closed.
  for (const server of [...servers].reverse()) await server.stop();
  servers = [];
  await vendors?.close();
});

const database = () => `${servers[0].files}.sqlite`;
const lastLines = () => servers.map((server, i) => `instance ${i + 1}:\n${server.output.slice(-15).join("\n")}`).join("\n");

/** Signs in by e-mail link (tests/support/production/staging-site.ts), the path that works without JavaScript. */
const signIn = (context: BrowserContext, email: string) => signInByEmailLink(context, email, SITE, vendors, lastLines);

test("two production instances share one store behind the front, both answering", async ({ request }) => {
  for (let i = 0; i < 4; i += 1) expect((await request.get(`${SITE}/`)).status()).toBe(200);
  expect(
    Object.values(front.counts.byBackend).every((count) => count >= 2),
    JSON.stringify(front.counts),
  ).toBe(true);
});

test("an analytics event the server records reaches the provider in its upload format", async ({ request }) => {
  const code = `NOPE${randomBytes(4).toString("hex").toUpperCase()}`;
  const response = await request.post(`${SITE}/subscribe`, {
    form: { intent: "apply", plan: "annual", code },
    headers: { Origin: SITE },
    maxRedirects: 0,
  });
  expect(response.status(), "an unknown code is refused beside the field").toBe(400);
  const ours = (form: URLSearchParams) =>
    (
      JSON.parse(form.get("e") ?? "[]") as Array<{ event_type: string; insert_id?: string; event_properties?: { typedCode?: string } }>
    ).filter((event) => event.event_type.startsWith("Web_Promotion_Code") && event.event_properties?.typedCode === code);
  // Each event once by its insert_id (the provider's own de-duplication key): whether two instances
  // forward an event once is the multi-instance suite's question; this one asks that it arrives.
  const seen = () => [
    ...new Map(
      analytics.uploads.flatMap((upload) => ours(upload.form)).map((event) => [event.insert_id ?? event.event_type, event.event_type]),
    ).values(),
  ];
  await expect
    .poll(() => seen().sort(), { timeout: 15_000, message: `the receiver got ${analytics.uploads.length} upload(s)\n${lastLines()}` })
    .toEqual(["Web_Promotion_Code_Attempted", "Web_Promotion_Code_Invalid"]);
  for (const upload of analytics.uploads.filter((candidate) => ours(candidate.form).length > 0)) {
    expect(upload.contentType).toContain("application/x-www-form-urlencoded");
    const [client, e, v, uploadTime, checksum] = ["client", "e", "v", "upload_time", "checksum"].map((field) => upload.form.get(field));
    expect(client).toBe(SECRETS.analytics);
    expect(checksum, "checksum = MD5(v + client + e + upload_time)").toBe(
      createHash("md5").update(`${v}${client}${e}${uploadTime}`).digest("hex"),
    );
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("subscribing reaches the provider's page on its own origin and comes back a member", async ({ page, context }) => {
    await signIn(context, NEWCOMER.email);
    await page.goto(`${SITE}/subscribe?plan=monthly&step=payment`);
    const consent = page.locator("#field-renewalConsent");
    if (await consent.count()) await consent.check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    // Chromium holds the redirect after a form post to form-action: only an allowed origin is reached.
    await expect(page, `the checkout page opened\n${lastLines()}`).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await expect(page.getByRole("heading", { name: "Pay Stillhour" })).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SITE}/subscribe/welcome`));
    expect(stripe.deliveries, "the signed webhook was taken").toContainEqual({ type: "checkout.session.completed", status: 200 });
    await page.goto(`${SITE}/settings`);
    await expect(page.locator("#membership")).toContainText(/Monthly/i);
  });

  test("a gift and a class pack are bought on the provider's page and come back paid", async ({ page, context }) => {
    await signIn(context, GIVER.email);
    await page.goto(`${SITE}/gift`);
    await page.locator('input[name="method"][value="link"]').check();
    await page.getByLabel("Their name").fill("Marguerite");
    await page.locator("form button[type=submit]").last().click();
    await expect(page, `the checkout page opened\n${lastLines()}`).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SITE}/gift/receipt/`));
    // Paid (the webhook and the return both settle it once), with the link to pass on.
    await expect(page.locator("main")).toContainText("Paid");
    await expect(page.locator("main")).toContainText("Gift link");

    // A class pack the same way: the provider's page, and back with the credits held.
    await page.goto(`${SITE}/credits`);
    await page.getByRole("button", { name: /^Buy / }).first().click();
    await expect(page, `the checkout page opened\n${lastLines()}`).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SITE}/credits\\?purchase=`));
    await expect(page.getByRole("heading", { name: /Your credits: [1-9]/ })).toBeVisible();
  });

  test("Join opens the class's room on the video provider's origin, and the reminder arrives by SMTP", async ({ page, context }) => {
    const id = `prod-join-${Date.now() % 100000}`;
    const startsAt = new Date(Math.floor((Date.now() + 5 * 60_000) / 60_000) * 60_000).toISOString();
    putDocument(
      "classes",
      id,
      {
        id,
        slug: id,
        title: `Harbour Sit ${id}`,
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
    await page.getByRole("button", { name: "Join the class" }).click();
    await expect(page, `the room opened\n${lastLines()}`).toHaveURL(new RegExp(`^${video.url}/`));
    await expect(page.getByRole("heading", { name: /Video room/ })).toBeVisible();
    await expect(page.locator("body")).toContainText("Rowan");

    // The reminder job, as a scheduler runs it (npm run classes:remind), with the servers' settings.
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/class-jobs.js", "remind"], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env, SQLITE_PATH: database() } as unknown as NodeJS.ProcessEnv,
    });
    expect(stdout).toContain('"sent":1');
    await expect
      .poll(() => smtp.mail.filter((mail) => mail.to.includes(MEMBER.email) && mail.subject.includes(`Harbour Sit ${id}`)).length, {
        timeout: 10_000,
      })
      .toBe(1);
  });
});

test.describe("without JavaScript, the SMTP server down", () => {
  test.use({ javaScriptEnabled: false });

  test("a studio drop-in is bought on the provider's page and comes back with its ticket, whose e-mail arrives once when the server is back", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const id = `prod-drop-${Date.now() % 100000}`;
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    putDocument(
      "classes",
      id,
      {
        id,
        slug: id,
        title: `Lantern Sit ${id}`,
        teacherId: "teacher-amara",
        modality: "meditation",
        startsAt,
        durationMinutes: 45,
        description: "An in-person class made for this test.",
        capacity: 6,
        timeZone: "America/New_York",
        studioId: "lantern-yard",
        roomId: "sun-room",
        creditCost: null,
      },
      database(),
    );
    // Signed in while the mail server is up (the link comes by mail); then it goes down.
    await signIn(context, DROPPER.email);
    await smtp.stop();
    await page.goto(`${SITE}/studios/lantern-yard/classes/${id}`);
    await page.getByRole("button", { name: /Buy a drop-in .*sign the waiver first/ }).click();
    await page.getByLabel("Your full name").fill("Mira Sand");
    await page.getByLabel("Your date of birth").fill("1991-05-02");
    await page.getByLabel("I have read the waiver above and agree to it.").check();
    await page.getByRole("button", { name: "Sign and continue" }).click();
    await page.getByRole("button", { name: /^Buy a drop-in \(/ }).click();
    await expect(page, `the checkout page opened\n${lastLines()}`).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SITE}/studios/lantern-yard/classes/${id}\\?paid=drop-in`));
    await page.getByRole("link", { name: "See my ticket and check-in code" }).click();
    await expect(page.getByTestId("check-in-code")).toHaveText(/^[A-Z2-7]{10}$/);

    // The ticket's e-mail was refused and kept: nothing arrived, the servers said so.
    const tickets = () => smtp.mail.filter((mail) => mail.to.includes(DROPPER.email) && mail.subject.includes(`Lantern Sit ${id}`));
    await expect
      .poll(() => servers.some((server) => server.output.some((line) => line.includes("kept to retry"))), { timeout: 10_000 })
      .toBe(true);
    expect(tickets()).toHaveLength(0);
    // Back up: both instances' retry jobs run every second; the message arrives once, with its code.
    await smtp.start();
    await expect.poll(() => tickets().length, { timeout: 30_000, message: lastLines() }).toBe(1);
    await page.waitForTimeout(3_000);
    expect(tickets()).toHaveLength(1);
    expect(tickets()[0].text).toContain(await page.getByTestId("check-in-code").innerText());
  });
});

test("the front desk starts the camera (Permissions-Policy camera=(self) there only)", async ({ page, context }) => {
  await context.grantPermissions(["camera"], { origin: SITE });
  await signIn(context, STAFF.email);
  // Linux Chromium has no barcode detector: one that never finds a code stands in for it; the camera is Chromium's fake device.
  await page.addInitScript(() => {
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
      async detect() {
        return [];
      }
    };
  });
  const response = await page.goto(`${SITE}/staff/studio`);
  await page.getByRole("button", { name: "Scan with the camera" }).click();
  // The camera's track is live in the page's video element; a refusal would end in the page's alert.
  const track = () =>
    page
      .locator("video")
      .evaluate((video: HTMLVideoElement) => (video.srcObject as MediaStream | null)?.getVideoTracks()[0]?.readyState ?? "none");
  await expect.poll(track, { timeout: 10_000, message: "the camera started" }).toBe("live");
  await expect(page.getByRole("button", { name: "Stop the camera" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(response?.headers()["permissions-policy"]).toContain("camera=(self)");
  // Every other page keeps the camera off.
  expect((await page.request.get(`${SITE}/classes`)).headers()["permissions-policy"]).toContain("camera=()");
});
