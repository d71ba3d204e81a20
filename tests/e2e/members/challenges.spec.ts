import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { wcagFindingsWithoutJavaScript } from "../../support/axe";
import { putDocument } from "../../support/e2e-store";
import { expect, test } from "../../support/test";

/**
 * Issue 27 with JavaScript off: a visitor finds a challenge on /challenge, is asked to sign in and
 * brought back, joins with four classes already taken this month ("4 of 5"), finishes one more on
 * demand and sees "5 of 10" and the tier's achievement; axe (WCAG 2.x A/AA) on the new pages at 390
 * and 1280 px.
 */
test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
test.use({ javaScriptEnabled: false });

test("a visitor joins a challenge from /challenge, signs in on the way, and reaches the first tier", async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  await page.goto("/challenge");
  await page.getByRole("link", { name: "The Steady Month" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Steady Month" })).toBeVisible();
  await page.getByRole("button", { name: "Join the challenge" }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fchallenges%2Fsteady-month$/);
  const next = decodeURIComponent(new URL(page.url()).searchParams.get("next") ?? "");

  const phone = `+1201555${String(Date.now() % 10_000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL!, phone);
  const now = Date.now();
  putDocument("privateUsers", uid, {
    firstName: "Wren",
    lastName: "Challenge",
    mostRecentTimeZone: "UTC",
    subscriptionStatus: "active",
    subscriptionExpirationDate: Math.floor(now / 1000) + 30 * 86_400,
  });
  const today = new Date(now).toISOString().slice(0, 10);
  for (let i = 0; i < 4; i += 1) {
    const id = `${uid}__on_demand__e2e-earlier-${i}`;
    putDocument("practiceEntries", id, {
      id,
      uid,
      source: "on_demand",
      classRef: "settle-in",
      title: "Settle In",
      seriesId: null,
      at: now - i * 60_000,
      zone: "UTC",
      day: today,
      minutes: 12,
    });
  }

  await page.goto(next);
  await page.getByRole("button", { name: "Join the challenge" }).click();
  await expect(page.getByRole("status")).toContainText("You're in.");
  await expect(page.locator(".challenge-progress")).toContainText("4 of 5 classes");

  // One more class, finished on demand as the player reports it. A Completed report counts only for a
  // viewing whose reports covered the class over the time that takes (issue 35): the viewing so far
  // is written as the player's reports would have left it two and a half minutes ago, up to 130 s.
  const viewing = `e2e-challenge-${now}`;
  const started = Date.now() - 150_000;
  putDocument("watchHistory", `${uid}__settle-in`, {
    uid,
    classSlug: "settle-in",
    position: 130,
    durationSeconds: 138,
    completed: false,
    viewing,
    seq: 13,
    views: 1,
    updatedAt: Date.now() - 8_000,
    viewingStartedAt: started,
    reportedAt: Date.now() - 8_000,
    covered: 130,
  });
  const report = await page.request.post("/on-demand/settle-in/progress", {
    form: { position: "138", ended: "true", viewing, seq: "14", events: "Mostly_Completed,Completed" },
    headers: { Origin: baseURL! },
  });
  expect(report.status()).toBe(200);
  await page.goto(next);
  await expect(page.locator(".challenge-progress")).toContainText("5 of 10 classes");
  await expect(page.getByRole("list", { name: "Tiers reached" })).toContainText("The Steady Month: 5 classes");
  await page.goto("/practice");
  await expect(page.locator(".practice-milestones")).toContainText("The Steady Month: 5 classes");

  const scannerContext = await browser.newContext({ javaScriptEnabled: true });
  const scanner = await scannerContext.newPage();
  const findings: string[] = [];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await scanner.setViewportSize({ width, height: 900 });
    for (const path of ["/challenge", "/challenges", next]) {
      await page.goto(path);
      findings.push(...(await wcagFindingsWithoutJavaScript(page, scanner, `${width}px ${path}`)));
    }
  }
  await scannerContext.close();
  expect(findings).toEqual([]);
});
