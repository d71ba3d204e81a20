import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

async function fillAndSend(page: Page, email: string, firstName: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("First name (optional)").fill(firstName);
  await page.getByRole("button", { name: /send me the e-book/i }).click();
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`the e-book form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a bad email gets a message beside the field, keeps what was typed, then a good one is thanked", async ({ page }) => {
      await page.goto("/mental-detox-ebook");
      await fillAndSend(page, "not-an-email", "Juniper");
      const error = page.locator("#field-email-error");
      await expect(error).toHaveText(/valid email address/i);
      await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Email address")).toHaveValue("not-an-email");
      await expect(page.getByLabel("First name (optional)")).toHaveValue("Juniper");

      await fillAndSend(page, `reader-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`, "Juniper");
      await expect(page).toHaveURL(/sent=1/);
      await expect(page.getByRole("heading", { name: /on its way/i })).toBeVisible();
    });
  });
}
