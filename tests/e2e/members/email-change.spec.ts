import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

test.describe("changing the e-mail without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a new address waits for its link, and becomes the one we write to once the link is confirmed", async ({ page, baseURL }) => {
    const stamp = String(Date.now() % 100000).padStart(5, "0");
    const before = `fern.${stamp}@example.com`;
    const after = `fern.new.${stamp}@example.com`;
    await signInContext(page.request, baseURL!, `+1202558${stamp.slice(1)}`);
    await page.request.post("/onboarding", {
      form: { firstName: "Fern", lastName: "Alder", email: before },
      headers: { Origin: baseURL! },
    });

    await page.goto("/settings");
    await page.getByLabel("Email (optional)").fill(after);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("We sent a link to your new e-mail address");
    await expect(page.locator("#field-email-hint")).toContainText(`Waiting for you to confirm ${after}`);
    await expect(page.locator("#field-email-hint")).toContainText(`Until then we write to ${before}`);

    await page.goto("/demo/outbox");
    const mail = page.locator(".outbox-list li", { hasText: after }).filter({ hasText: "Confirm your e-mail address" });
    await expect(mail).toHaveCount(1);
    const link = new URL((await mail.textContent())!.match(/https?:\/\/\S+?confirm-email\?token=[A-Za-z0-9_-]+/)![0]);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByText(`From now on we'll write to ${after}`)).toBeVisible();
    await page.getByRole("button", { name: "Confirm this address" }).click();
    await expect(page).toHaveURL(/\/settings\?saved=email-confirmed/);
    await expect(page.getByRole("status")).toContainText("Confirmed");
    await expect(page.getByLabel("Email (optional)")).toHaveValue(after);
    await expect(page.locator("#field-email-hint")).toHaveCount(0);

    // The link works once.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole("alert")).toContainText("expired, was already used");
  });
});
