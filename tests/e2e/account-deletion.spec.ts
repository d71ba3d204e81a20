import { createCookieSessionStorage } from "@remix-run/node";
import { EMULATOR_HOST, PROJECT, forgeEmulatorToken, signInContext } from "../support/auth-emulator";
import { expect, test } from "../support/test";
import { parseEnv } from "../../app/lib/env.server";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

/**
 * A session whose sign-in was ten minutes ago, for `uid`: a Firebase session cookie made by the
 * emulator from a token with that `auth_time` (the emulator's tokens are unsigned, ADR 011), put in
 * this browser's `__session` in place of the fresh one, signed with the server's own secret.
 */
async function ageSignIn(context: import("@playwright/test").BrowserContext, baseURL: string, uid: string) {
  const idToken = forgeEmulatorToken({ sub: uid, auth_time: Math.floor(Date.now() / 1000) - 600 });
  const made = await fetch(`http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}:createSessionCookie`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
    body: JSON.stringify({ idToken, validDuration: 3600 }),
  });
  const { sessionCookie } = (await made.json()) as { sessionCookie: string };
  const storage = createCookieSessionStorage({ cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [parseEnv(process.env).SESSION_SECRET] } });
  const current = (await context.cookies(baseURL)).find((cookie) => cookie.name === "__session")!;
  const session = await storage.getSession(`__session=${current.value}`);
  session.set("auth", { ...session.get("auth"), firebaseCookie: sessionCookie });
  const value = (await storage.commitSession(session)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ ...current, value }]);
}

test.describe("deleting an account without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sign-in older than five minutes is asked to sign in again, beside the field, and nothing is deleted", async ({ page, baseURL }) => {
    const { uid } = await signInContext(page.request, baseURL!, `+1202559${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.request.post("/onboarding", { form: { firstName: "Orla", lastName: "Brennan", email: "" }, headers: { Origin: baseURL! } });
    await ageSignIn(page.context(), baseURL!, uid);

    await page.goto("/settings#delete");
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.locator("#field-confirm-error")).toHaveText(/needs a recent sign-in\. Please sign in again/);
    // Still here, still signed in: nothing was deleted.
    await page.goto("/settings");
    await expect(page.getByLabel("First name")).toHaveValue("Orla");
    // The page says so before anyone tries.
    await expect(page.getByText("it needs a recent sign-in")).toBeVisible();

    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("button", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%23delete$/);
    await expect(page.getByRole("heading", { name: "Sign in to Stillhour" })).toBeVisible();
  });
});
