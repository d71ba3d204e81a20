import type { Page } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { putCreditPack, putDocument } from "../../support/e2e-store";
import { staffClassRow } from "../../support/staff-page";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

/** Issue 11: class credits, end to end, with JavaScript off. */
test.use({ javaScriptEnabled: false });

function putCreditClass(id: string, minutesFromNow: number) {
  putDocument("classes", id, {
    id,
    slug: id,
    title: "Test Credit Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Math.floor((Date.now() + minutesFromNow * 60_000) / 60_000) * 60_000).toISOString(),
    durationMinutes: 30,
    description: "A class made for this test, open to class packs.",
    capacity: 10,
    timeZone: "Europe/London",
    creditCost: 1,
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A new person, onboarded with an e-mail address, without a membership. */
async function newPerson(page: Page, baseURL: string, name: string) {
  const suffix = String(Date.now() % 10000).padStart(4, "0");
  const { uid } = await signInContext(page.request, baseURL, `+1202563${suffix}`);
  const email = `${name.toLowerCase()}.${suffix}@example.com`;
  await page.request.post("/onboarding", { form: { firstName: name, lastName: "Pack", email }, headers: { Origin: baseURL } });
  return { uid, email };
}

test("a person with a class pack books with a credit; staff cancel the class; the credit is back and the note is in the outbox", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = `credit-check-${Date.now() % 100000}`;
  putCreditClass(id, 2 * 24 * 60);
  const { uid, email } = await newPerson(page, baseURL!, "Wren");

  // Before any pack, settings shows the empty state pointing to the packs.
  await page.goto("/settings");
  const credits = page.locator("#credits");
  await expect(credits).toContainText("No class packs yet.");
  await expect(credits.getByRole("link", { name: "See class packs" })).toHaveAttribute("href", "/credits");
  // Without credits, the class offers the membership or a pack.
  await page.goto(`/classes/${id}`);
  await expect(page.getByRole("link", { name: "Buy a class pack" })).toHaveAttribute(
    "href",
    `/credits?next=${encodeURIComponent(`/classes/${id}`)}`,
  );

  putCreditPack(uid, { credits: 2, days: 30 });
  await page.goto(`/classes/${id}`);
  await page.getByRole("button", { name: "Book with 1 credit (2 left)" }).click();
  await expect(page.getByRole("status")).toContainText("You're booked");
  await expect(page.getByText("You're booked for this class with 1 credit.")).toBeVisible();

  await page.goto("/settings");
  await expect(credits).toContainText("You have 1 credit to spend.");
  await expect(credits).toContainText("1 of 2 left");
  await expect(credits).toContainText("Expires");

  const staff = await browser.newPage({ javaScriptEnabled: false });
  await signInContext(staff.request, baseURL!, "+12015550102");
  const row = await staffClassRow(staff, baseURL!, id);
  await row.getByRole("button", { name: /Cancel Test Credit Sit/ }).click();
  // Cancelling asks once more: without JavaScript, on a confirmation page of its own (issue 34).
  await staff.getByRole("button", { name: "Yes, cancel the class" }).click();
  await expect(staff.getByRole("status")).toContainText("Cancelled.");
  await staff.close();

  await page.goto("/settings");
  await expect(credits).toContainText("You have 2 credits to spend.");
  await expect(credits).toContainText("2 of 2 left");
  // The accessibility scan needs the page's scripting on: the same session in a page with it.
  const scanContext = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  const scan = await scanContext.newPage();
  await scan.goto(`${baseURL}/settings`);
  await expect(scan.locator("#credits")).toContainText("2 of 2 left");
  expect(await seriousViolations(scan)).toEqual([]);
  await scanContext.close();

  await page.goto("/demo/outbox");
  const mail = page.getByRole("article", { name: "Your credit is back: Test Credit Sit" }).filter({ hasText: `To ${email}` });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText("was cancelled, so the 1 credit it took is back in your account");
});

test("cancelling a credit booking yourself gives the credit back at once", async ({ page, baseURL }) => {
  const id = `credit-self-${Date.now() % 100000}`;
  putCreditClass(id, 3 * 24 * 60);
  const { uid } = await newPerson(page, baseURL!, "Sorrel");
  putCreditPack(uid, { credits: 1, days: 10 });
  await page.goto(`/classes/${id}`);
  await page.getByRole("button", { name: "Book with 1 credit (1 left)" }).click();
  await expect(page.getByText("You're booked for this class with 1 credit.")).toBeVisible();
  await page.getByRole("button", { name: "Cancel my booking" }).click();
  await expect(page.getByRole("status")).toContainText("its credits are back in your account");
  await expect(page.getByRole("button", { name: "Book with 1 credit (1 left)" })).toBeVisible();
});

test("a pack bought on /credits pays on the demo page, comes back to the class, and books it", async ({ page, baseURL }) => {
  const id = `credit-buy-${Date.now() % 100000}`;
  putCreditClass(id, 3 * 24 * 60);
  await newPerson(page, baseURL!, "Rue");
  await page.goto(`/classes/${id}`);
  await page.getByRole("link", { name: "Buy a class pack" }).click();
  await expect(page).toHaveURL(/\/credits\?next=/);
  await page.getByRole("button", { name: /Buy five live classes/i }).click();
  await expect(page).toHaveURL(/\/demo\/checkout\//);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on the card").fill("Rue Pack");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/credits\?purchase=pur_/);
  await expect(page.getByRole("status").first()).toContainText("added to your credits");
  await expect(page.getByRole("heading", { name: "Your credits: 5" })).toBeVisible();
  // Reloading the return address grants nothing twice.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Your credits: 5" })).toBeVisible();
  await page.getByRole("link", { name: "Back to your class" }).click();
  await page.getByRole("button", { name: "Book with 1 credit (5 left)" }).click();
  await expect(page.getByText("You're booked for this class with 1 credit.")).toBeVisible();
  await page.goto("/credits");
  await expect(page.getByRole("heading", { name: "Your credits: 4" })).toBeVisible();
});
