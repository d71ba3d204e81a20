import { writeFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { haveEmulator, signInContext } from "../support/auth-emulator";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

/**
 * Issue 24, faults (ADR 041): a form sent with JavaScript while the store is away keeps what the
 * person typed. The page's script sends the same fields again as a plain post, which the server
 * answers with the page that holds them and offers "Try again"; once the store is back that button
 * saves them. The built server of its own, with the fault switch (a test setting production refuses).
 */

const PORT = Number(process.env.E2E_PORT ?? 3100) + 96;
const FAULTS = resolve(`./data/e2e-${PORT}-store-away-faults.json`);
const fault = (mode: "none" | "fail") => writeFileSync(FAULTS, JSON.stringify({ mode }));

let server: BuiltServer;

test.describe.configure({ mode: "serial" });
test.skip(!haveEmulator, "needs the Auth emulator");

test.beforeAll(async () => {
  test.setTimeout(90_000);
  fault("none");
  server = await startBuiltServer(
    PORT,
    "store-away",
    {
      NODE_ENV: "production",
      APP_ENV: "demo",
      SESSION_SECRET: "store-away-forms-secret-of-thirty-two-chars",
      STORE_FAULTS_FILE: FAULTS,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "",
    },
    { cleanEnv: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(FAULTS, { force: true });
});

test("with JavaScript, a profile saved while the store is away comes back with what was typed, and Try again saves it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const phone = `+1202577${String(Date.now() % 10_000).padStart(4, "0")}`;
  // The browser's own cookie jar, against this server rather than the suite's.
  await signInContext({ post: (path, options) => page.request.post(`${server.base}${path}`, options) }, server.base, phone);
  const onboarded = await page.request.post(`${server.base}/onboarding`, {
    form: { firstName: "Ada", lastName: "Quill", email: "" },
    headers: { Origin: server.base },
  });
  expect(onboarded.status()).toBeLessThan(400);

  await page.goto(`${server.base}/settings`);
  // Settled as a member sees it: hydrated, the browser's zone reported, and the page's data loaded
  // again if the zone changed it. (A reload still on its way when the store goes away fails, and
  // the page under the form is replaced before Save is pressed.)
  await page.waitForFunction(() => {
    const state = (
      window as unknown as { __remixRouter?: { state: { initialized: boolean; revalidation: string; navigation: { state: string } } } }
    ).__remixRouter?.state;
    return (
      state?.initialized === true &&
      sessionStorage.getItem("stillhour.timeZoneReported") !== null &&
      state.revalidation === "idle" &&
      state.navigation.state === "idle"
    );
  });
  await page.getByLabel("First name").fill("Adaline");
  await page.getByLabel("Last name").fill("O'Quill-Vale");

  fault("fail");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  // Sent again without script: the server's page that keeps the fields, not Remix's error page.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't save that just now");
  await expect(page.locator('input[type="hidden"][name="firstName"]')).toHaveValue("Adaline");
  await expect(page.locator('input[type="hidden"][name="lastName"]')).toHaveValue("O'Quill-Vale");
  // The flag that told the script is spent: the next post is an ordinary one.
  expect((await page.context().cookies()).some((cookie) => cookie.name === "stillhour_store_away")).toBe(false);

  fault("none");
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByLabel("First name")).toHaveValue("Adaline");
  await expect(page.getByLabel("Last name")).toHaveValue("O'Quill-Vale");
});
