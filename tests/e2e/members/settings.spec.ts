import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

test.describe("settings without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member changes their details, meets a taken username and a wrong date, then deletes the account", async ({ page, baseURL }) => {
    await signInContext(page.request, baseURL!, `+1202556${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/onboarding\?next=%2Fsettings/);
    await page.getByLabel("First name").fill("Sol");
    await page.getByLabel("Last name").fill("Ferreira");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId("phone-needs-js")).toContainText("needs JavaScript");

    // A wrong birthday: the message sits beside it, the other fields keep what was typed.
    await page.getByLabel("First name").fill("Solène");
    await page.getByLabel("Birthday (optional)").fill("2025-01-01");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("#field-birthday-error")).toHaveText(/at least 13/);
    await expect(page.getByLabel("First name")).toHaveValue("Solène");
    await page.getByLabel("Birthday (optional)").fill("1990-04-21");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Saved your name, e-mail and birthday.");
    await expect(page.getByLabel("First name")).toHaveValue("Solène");

    // The demo member holds "juniper" (any case).
    await page.getByRole("textbox", { name: "Username" }).fill("JUNIPER");
    await page.getByRole("button", { name: "Save username" }).click();
    await expect(page.locator("#field-username-error")).toHaveText(/already has that username/);
    await page.getByRole("textbox", { name: "Username" }).fill(`sol.${Date.now() % 100000}`);
    await page.getByRole("button", { name: "Save username" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved your username.");

    // Deleting needs the typed confirmation.
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.locator("#field-confirm-error")).toHaveText(/type DELETE/);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/signed-out$/);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings/);
  });
});

test("settings has no serious accessibility problems and its phone change offers a code", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, "+12015550101");
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await expect(page.getByRole("button", { name: "Text a code to the new number" })).toBeVisible();
});

test("a change saved elsewhere shows on an open page within 2 s, without a reload", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, `+1202557${String(Date.now() % 10000).padStart(4, "0")}`);
  await page.request.post("/onboarding", { form: { firstName: "Lark", lastName: "Hollis", email: "" }, headers: { Origin: baseURL! } });
  await page.goto("/about");
  const menu = page.locator(".account-menu summary");
  await expect(menu).toHaveAccessibleName(/Lark/);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  // Give the listener a moment to open after hydration, then save from "another tab".
  await page.waitForTimeout(1_000);
  const saved = await page.request.post("/settings", {
    form: { intent: "profile", firstName: "Linnea", lastName: "Hollis", email: "", birthday: "" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  await expect(menu).toHaveAccessibleName(/Linnea/, { timeout: 2_000 });
  await expect(page.locator(".account-menu__avatar")).toHaveText("LH");
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
