import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { ageSignIn } from "../../support/aged-sign-in";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

test.describe("deleting an account without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sign-in older than five minutes is asked to sign in again, beside the field, and nothing is deleted", async ({
    page,
    baseURL,
  }) => {
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
