import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { ageSignIn } from "../../support/aged-sign-in";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

// "Download my data" on /settings (issue 35): a plain form whose answer is the zip itself.
test.describe("downloading one's data without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a fresh sign-in downloads a zip that opens, with a README and the member's own records, and stays on the page", async ({
    page,
    baseURL,
  }) => {
    await signInContext(page.request, baseURL!, `+1202558${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.request.post("/onboarding", { form: { firstName: "Wren", lastName: "Halloway", email: "" }, headers: { Origin: baseURL! } });

    await page.goto("/settings#data");
    await expect(page.getByRole("heading", { name: "Download your data" })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^stillhour-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = Object.fromEntries(
      Object.entries(unzipSync(new Uint8Array(readFileSync((await download.path())!)))).map(([name, bytes]) => [
        name.split("/").pop()!,
        strFromU8(bytes),
      ]),
    );
    expect(files["README.txt"]).toContain("privateUsers.json, privateUsers.csv:");
    expect(JSON.parse(files["privateUsers.json"])[0]).toMatchObject({ firstName: "Wren", lastName: "Halloway" });
    expect(files["privateUsers.csv"].split("\r\n")[0]).toContain("firstName");
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  });

  test("a sign-in older than five minutes comes back to the section with a sentence and a way to sign in again", async ({
    page,
    baseURL,
  }) => {
    const { uid } = await signInContext(page.request, baseURL!, `+1202557${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.request.post("/onboarding", { form: { firstName: "Idris", lastName: "Fenn", email: "" }, headers: { Origin: baseURL! } });
    await ageSignIn(page.context(), baseURL!, uid);

    await page.goto("/settings#data");
    await page.getByRole("button", { name: "Download my data" }).click();
    await expect(page).toHaveURL(/\/settings\?data=sign_in_again_export#data$/);
    await expect(page.locator("#data-error")).toHaveText(/downloading your data needs a recent sign-in/);
    await page.locator("#data").getByRole("button", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%23data$/);
  });
});
