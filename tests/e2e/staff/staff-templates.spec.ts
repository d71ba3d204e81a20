import { randomInt } from "node:crypto";
import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { staffPageFindings } from "../../support/staff-page";
import { putDocument } from "../../support/e2e-store";

/**
 * Issue 26 (ADR 051) in Chromium with JavaScript off: an admin creates a class template, changes its
 * time, and /classes shows the new time at once (its cached page dropped) while a booked class keeps
 * its time; then axe, and no sideways scrolling, on the new staff pages at phone width.
 */

const ADMIN = "+12015550102";
const XSS = `<img src=x onerror="alert('xss')"><script>alert('xss')</script>`;

test("an admin changes a template's time: /classes shows it at once, a booked class keeps its time", async ({ browser, baseURL }) => {
  const page = await browser.newPage({ javaScriptEnabled: false, baseURL });
  await signInContext(page.request, baseURL!, ADMIN);
  await page.goto("/staff");
  await page.getByRole("link", { name: "Class templates" }).click();
  const stamp = randomInt(10_000, 99_999);
  const id = `e2e-lantern-${stamp}`;
  const title = `Lantern Sit ${stamp}`;
  await page.getByLabel("Template id", { exact: true }).fill(id);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Teacher", { exact: true }).selectOption({ index: 1 });
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])
    await page.getByRole("checkbox", { name: day, exact: true }).check();
  await page.getByLabel("Start time", { exact: true }).fill("25:00");
  await page.getByLabel("Time zone", { exact: true }).fill("UTC");
  // Stored staff text is data: markup in it must show as text on the class page, never run.
  await page.getByLabel("Description", { exact: true }).fill(XSS);
  await page.getByRole("button", { name: "Create template" }).click();
  // Refused beside the field, what was typed kept.
  await expect(page.locator("#field-localTime-error")).toHaveText("Please give a time as HH:MM on a 24-hour clock, such as 07:00.");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByLabel("Start time", { exact: true }).fill("06:10");
  await page.getByRole("button", { name: "Create template" }).click();
  await expect(page.getByRole("status")).toHaveText("Template created. Its classes are on the schedule now.");

  const visitor = await browser.newPage({ javaScriptEnabled: false });
  const times = async () => {
    await visitor.goto(`${baseURL}/classes`);
    return visitor
      .locator("article.schedule-item")
      .filter({ hasText: title })
      .locator("time")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime") ?? ""));
  };
  const before = await times();
  expect(before.length).toBeGreaterThanOrEqual(10);
  expect(before.every((t) => t.includes("T06:10:00"))).toBe(true);
  // Someone holds a place in the first one.
  const bookedId = `${id}-${before[0].slice(0, 10)}`;
  putDocument("classSeats", bookedId, { classId: bookedId, booked: 1, waitlist: [] });

  await page.getByLabel("Start time", { exact: true }).fill("06:40");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The schedule shows the change now.");
  await expect(page.getByRole("heading", { name: "Classes that keep their old details" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Class changes" })).toHaveAttribute("href", "/staff/classes");

  const after = await times();
  expect(after[0]).toBe(before[0]);
  expect(after.slice(1).every((t) => t.includes("T06:40:00"))).toBe(true);
  expect(after.length).toBe(before.length);
  await visitor.close();

  await page.close();

  // axe (which needs the page's JavaScript) and phone width on the new pages: the edit page above,
  // the list, and the class page's cohost forms.
  const scanned = await browser.newPage({ baseURL, viewport: { width: 360, height: 740 } });
  await signInContext(scanned.request, baseURL!, ADMIN);
  const dialogs: string[] = [];
  scanned.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await scanned.goto(`/classes/${bookedId}`);
  await expect(scanned.getByText(XSS)).toBeVisible();
  const findings = await staffPageFindings(
    scanned,
    [`/staff/templates/${id}`, "/staff/templates", "/staff/classes"].map((path) => [path, [360]] as const),
  );
  expect(findings).toEqual([]);
  expect(dialogs).toEqual([]);
  await scanned.close();
});
