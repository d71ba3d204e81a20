import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { putDocument } from "../../support/e2e-store";
import { expect, test } from "../../support/test";

/**
 * Issue 34 (one offer, ADR 056) with JavaScript off: a person follows a partner page's button, and
 * every page after it (/subscribe, Before you pay, the payment page, the welcome page, settings)
 * names the same 30-day trial, the same last day in their own zone and the same first payment.
 */
test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
test.use({ javaScriptEnabled: false });

const ZONE = "America/New_York";

test("from a partner page to settings, the trial, its end and the first payment never change", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const phone = `+1201556${String(Date.now() % 10_000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL!, phone);
  putDocument("privateUsers", uid, { firstName: "Ines", lastName: "Okafor", mostRecentTimeZone: ZONE });
  const end = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: ZONE }).format(
    new Date(Date.now() + 30 * 86_400_000),
  );

  await page.goto("/canopy");
  const offer = page.locator("#offer");
  await expect(offer).toContainText("CANOPY30");
  await expect(page.getByTestId("offer-terms")).toHaveText(
    "30 days free, then $14.99 a month or $99.99 a year. Cancel any time, in two taps.",
  );
  await offer.getByRole("link", { name: "Start my 30 days" }).click();

  await expect(page).toHaveURL(/\/subscribe\?code=CANOPY30$/);
  await expect(page.locator("#field-code-accepted")).toContainText("Your free trial is 30 days in all.");
  await expect(page.locator(".plan-option", { hasText: "Annual" })).toContainText("30 days free, then $99.99 a year.");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByRole("heading", { name: "Before you pay" })).toBeVisible();
  const terms = page.getByTestId("renewal-terms");
  await expect(terms).toContainText("Today: your 30-day free trial starts.");
  await expect(terms).toContainText(`On ${end}: your first payment of $99.99`);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();

  await expect(page).toHaveURL(/\/demo\/checkout\//);
  const held = page.getByTestId("checkout-offer");
  await expect(held).toContainText("Today: your 30-day free trial starts.");
  await expect(held).toContainText(`On ${end}: your first payment of $99.99`);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Ines Okafor");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(/\/subscribe\/welcome\?session_id=/);
  await expect(page.locator("main")).toContainText(`free trial of the Annual membership runs until ${end}`);
  await expect(page.locator("main")).toContainText(`Your first payment of $99.99 is on ${end}`);

  await page.goto("/settings");
  const membership = page.locator("#membership");
  await expect(membership).toContainText(`runs until ${end}`);
  await expect(membership).toContainText(`Your first payment of $99.99 is on ${end}`);
});
