import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import type { Page } from "@playwright/test";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

function freshPhone(prefix: string): string {
  return `+1202${prefix}${String(Date.now() % 10000).padStart(4, "0")}`;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("memberships without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's code is judged beside the field, and choosing a plan asks them to sign in with the choice kept", async ({ page }) => {
    await page.goto("/subscribe?code=spring2024");
    await expect(page.locator("#field-code-error")).toHaveText("That code has expired.");
    await page.getByLabel("Promotion code (optional)").fill("  still20 ");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.locator("#field-code-accepted")).toContainText("STILL20 applied");
    await page.getByRole("radio", { name: /Monthly/ }).check();
    await page.getByRole("button", { name: /Continue/ }).click();
    await expect(page).toHaveURL(/step=payment/);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/sign-in\?next=/);
    const next = decodeURIComponent(new URL(page.url()).searchParams.get("next") ?? "");
    expect(next).toContain("plan=monthly");
    expect(next.toUpperCase()).toContain("STILL20");
  });

  test("a member pays on the demo page (a declined card first), lands on the welcome page, then cancels, meets one offer and resumes", async ({
    page,
    baseURL,
  }) => {
    await signInContext(page.request, baseURL!, freshPhone("558"));
    await page.request.post("/onboarding", { form: { firstName: "Wren", lastName: "Alder", email: "" }, headers: { Origin: baseURL! } });

    await page.goto("/subscribe?code=TENOFF&plan=monthly");
    await expect(page.locator("#field-code-accepted")).toContainText("TENOFF applied");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Before you pay" })).toBeVisible();
    // The renewal terms must be confirmed; the message sits beside the box.
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.locator("#field-renewalConsent-error")).toContainText("renews");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Continue to payment" }).click();

    await expect(page).toHaveURL(/\/demo\/checkout\//);
    await expect(page.getByRole("note")).toContainText("Demo: no card is charged");
    const pay = async (card: string) => {
      await page.getByLabel("Card number").fill(card);
      await page.getByLabel("Expiry (MM/YY)").fill("12/34");
      await page.getByLabel("Security code (CVC)").fill("123");
      await page.getByLabel("Name on the card").fill("Wren Alder");
      await page.getByRole("button", { name: "Pay" }).click();
    };
    await pay("4000 0000 0000 0002");
    await expect(page.locator(".notice--error, .field__error").first()).toContainText(/declined/i);
    await pay("4242 4242 4242 4242");

    await expect(page).toHaveURL(/\/subscribe\/welcome\?session_id=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome, Wren");
    await expect(page.locator("main")).toContainText("free trial of the Monthly membership");
    // Reloading the welcome page grants nothing twice and still reads the same.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome, Wren");

    // A second plan is not for sale to a member: /subscribe sends them to theirs.
    await page.goto("/subscribe");
    await expect(page).toHaveURL(/\/settings\?plan=running#membership/);
    const panel = page.locator("#membership");
    await expect(panel).toContainText("Visa ending in 4242");
    await expect(page.getByRole("status").first()).toContainText("already have a membership");

    await panel.getByRole("link", { name: "Cancel membership" }).click();
    await expect(page.getByRole("heading", { name: "Before you go" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Stay for half price/ })).toBeVisible();
    await page.getByRole("button", { name: "Cancel my membership" }).click();
    await expect(page).toHaveURL(/\/settings\?membership=cancelled#membership/);
    await expect(panel).toContainText(/cancelled and ends on \d{1,2} \w+ \d{4}/);
    await expect(panel).not.toContainText("UTC time");

    await panel.getByRole("button", { name: "Resume membership" }).click();
    await expect(page).toHaveURL(/membership=resumed/);
    await expect(panel).toContainText("free trial of the Monthly membership");

    // A new card through the provider's hosted step; this one asks for the extra confirmation first.
    await panel.getByRole("button", { name: "Update card" }).click();
    await expect(page.getByRole("heading", { name: "Update your card" })).toBeVisible();
    await page.getByLabel("Card number").fill("4000 0027 6000 3184");
    await page.getByLabel("Expiry (MM/YY)").fill("11/33");
    await page.getByLabel("Security code (CVC)").fill("321");
    await page.getByLabel("Name on the card").fill("Wren Alder");
    await page.getByRole("button", { name: "Save card" }).click();
    await page.getByRole("button", { name: "Complete authentication" }).click();
    await expect(page).toHaveURL(/\/settings\?card=updated/);
    await expect(page.getByRole("status").first()).toHaveText("Saved your new card. Future payments use it.");
    await expect(panel).toContainText("Visa ending in 3184");

    // The offer, taken once, is not offered again.
    await panel.getByRole("link", { name: "Cancel membership" }).click();
    await page.getByRole("button", { name: "Keep my membership with the offer" }).click();
    await expect(page).toHaveURL(/membership=offer/);
    await panel.getByRole("link", { name: "Cancel membership" }).click();
    await expect(page.getByRole("heading", { name: "Before you go" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Stay for/ })).toHaveCount(0);
  });
});

test("a welcome address with someone else's or a made-up session grants nothing", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, freshPhone("559"));
  await page.request.post("/onboarding", { form: { firstName: "Ivo", lastName: "Brae", email: "" }, headers: { Origin: baseURL! } });
  const response = await page.goto("/subscribe/welcome?session_id=cs_demo_madeup123");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that purchase");
  await page.goto("/settings");
  await expect(page.locator("#membership")).toContainText("No membership yet");
});

test("the subscribe, payment, welcome, settings and cancel pages have no serious accessibility problems", async ({ page, baseURL }) => {
  await page.goto("/subscribe?code=STILL20");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/subscribe?code=nothing-like-it");
  expect(await seriousViolations(page)).toEqual([]);

  await signInContext(page.request, baseURL!, freshPhone("560"));
  await page.request.post("/onboarding", { form: { firstName: "Tamsin", lastName: "Reed", email: "" }, headers: { Origin: baseURL! } });
  await page.goto("/subscribe?plan=annual&step=payment");
  await expect(page.getByRole("heading", { name: "Before you pay" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByRole("heading", { name: "Pay for your membership" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("10/35");
  await page.getByLabel("Security code (CVC)").fill("999");
  await page.getByLabel("Name on the card").fill("Tamsin Reed");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome, Tamsin");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/settings");
  await expect(page.locator("#membership")).toContainText("Annual");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/settings/membership/cancel");
  await expect(page.getByRole("heading", { name: "Before you go" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
