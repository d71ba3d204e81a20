import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { wcagFindingsWithoutJavaScript } from "../../support/axe";
import { putDocument } from "../../support/e2e-store";
import { expect, test } from "../../support/test";

/**
 * Issue 27 with JavaScript off: a visitor asks to follow a teacher, signs in on the way and comes
 * back, follows with the e-mail chosen; the teacher's public page counts them; axe (WCAG 2.x A/AA) on
 * the follow page at 390 and 1280 px.
 */
test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
test.use({ javaScriptEnabled: false });

test("a visitor follows a teacher from the teacher's page, signing in on the way", async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  await page.goto("/teachers");
  await page.locator("a[href^='/teachers/']").first().click();
  const teacherPath = new URL(page.url()).pathname;
  const before = Number((await page.locator(".teacher-follow").innerText()).match(/^(\d+) follower/)?.[1]);
  await page.locator(".teacher-follow a").click();
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=${encodeURIComponent(`${teacherPath}/follow`)}$`));

  const phone = `+1201556${String(Date.now() % 10_000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL!, phone);
  putDocument("privateUsers", uid, { firstName: "Ivo", lastName: "Follow", email: `${uid}@example.com`, mostRecentTimeZone: "UTC" });
  await page.goto(`${teacherPath}/follow`);
  await page.getByLabel(/E-mail me when .* schedules a class/).check();
  await page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. You follow this teacher.");
  await expect(page.getByLabel(/E-mail me when/)).toBeChecked();

  const scannerContext = await browser.newContext({ javaScriptEnabled: true });
  const scanner = await scannerContext.newPage();
  const findings: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await scanner.setViewportSize({ width, height: 900 });
    await page.goto(`${teacherPath}/follow`);
    findings.push(...(await wcagFindingsWithoutJavaScript(page, scanner, `${width}px follow`)));
  }
  await scannerContext.close();
  expect(findings).toEqual([]);

  // The public page, asked for without the member's cookie, counts them and says nothing of them.
  const publicPage = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await publicPage.goto(teacherPath);
  const after = Number((await publicPage.locator(".teacher-follow").innerText()).match(/^(\d+) follower/)?.[1]);
  expect(after).toBeGreaterThanOrEqual(Number.isNaN(before) ? 1 : before);
});
