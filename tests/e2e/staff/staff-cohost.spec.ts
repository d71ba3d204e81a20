import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { putLiveClass } from "../../support/e2e-store";
import { staffClassRow } from "../../support/staff-page";

/**
 * Issue 26, the cohost's part, in Chromium with JavaScript off: an admin names the demo cohost on a
 * class from /staff/classes; the cohost finds it on /staff/cohost with its roster and joins its room
 * with cohost rights (the demo room's own page says so).
 */

const ADMIN = "+12015550102";
const COHOST = "+12015550104";

test("an admin names a cohost for a class about to start, and the cohost joins its room as cohost", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // A class of this test's own, starting in five minutes: its room is open (ten minutes before).
  const title = `Cohost Harbour Sit ${Date.now() % 100_000}`;
  const classId = putLiveClass("e2e-cohost", 5, title);

  const admin = await browser.newPage({ javaScriptEnabled: false, baseURL });
  await signInContext(admin.request, baseURL!, ADMIN);
  // The list is cached for up to 30 s and this class was written straight into the store: the page
  // is opened again until its row is there (the helper's wait).
  await staffClassRow(admin, baseURL!, classId);
  await admin.locator(`#cohost-${classId}`).selectOption({ label: "Priya Lindqvist" });
  await admin.getByRole("button", { name: new RegExp(`^Add cohost to ${title}`) }).click();
  await expect(admin.getByRole("status")).toContainText("Cohost added");
  await admin.close();

  const cohost = await browser.newPage({ javaScriptEnabled: false, baseURL });
  await signInContext(cohost.request, baseURL!, COHOST);
  await cohost.goto("/staff/cohost");
  const item = cohost.locator(`[data-class="${classId}"]`);
  await expect(item.getByRole("heading", { level: 2 })).toContainText(title);
  await item.getByRole("button", { name: `Join as cohost: ${title}` }).click();
  await expect(cohost.getByText(/You're in as cohost/)).toBeVisible();
  await cohost.close();
});
