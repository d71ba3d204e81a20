import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { wcagFindingsWithoutJavaScript } from "../../support/axe";
import { putDocument } from "../../support/e2e-store";
import { expect, test } from "../../support/test";

/**
 * Issue 27 (ADR 048) with JavaScript off: a member placed like the demo member in the show-surveys arm
 * meets the survey at the foot of /about, answers it and is thanked; a week later a second survey
 * comes, is put away with "Not now" and never returns; "No more surveys" stops a third and all after
 * it. A visitor's /about has no panel. Axe (WCAG 2.x A/AA) on the survey's own page and the open panel
 * at 390 px, and on the admin's surveys pages.
 */
test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
test.use({ javaScriptEnabled: false });

const DEMO = "demo-practice-rhythm";
const WEEK_AGO = () => Date.now() - 8 * 86_400_000;

function putCampaign(id: string, title: string, createdAt: number) {
  putDocument("surveyQuestions", `${id}__q1`, {
    id: `${id}__q1`,
    campaignId: id,
    position: 0,
    kind: "single",
    prompt: `${title}: pick one`,
    options: ["Yes", "No"],
    lowLabel: "",
    highLabel: "",
  });
  putDocument("surveyCampaigns", id, { id, title, intro: "", audience: "everyone", active: true, createdAt, questionIds: [`${id}__q1`] });
}

test("a member answers a survey, puts one away for good, and asks for no more", async ({ page, baseURL, browser }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const second = `e2e-second-${tag}`;
  const third = `e2e-third-${tag}`;
  const phone = `+1201557${String(Date.now() % 10_000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL!, phone);
  putDocument("privateUsers", uid, { firstName: "Wren", lastName: "Survey", email: `${uid}@example.com`, mostRecentTimeZone: "UTC" });
  putDocument("userSurveys", uid, { arm: "show-surveys" });
  // Later campaigns than any other, so the demo's comes first; other members are in no-surveys.
  putCampaign(second, "Evening sits", Date.now() + 1);
  putCampaign(third, "Studio music", Date.now() + 2);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  const panel = page.getByRole("complementary", { name: "Survey" });
  await panel.getByText("A short survey from Stillhour: Your practice rhythm").click();
  await panel.getByRole("button", { name: "Send answers" }).click();
  // Nothing chosen: the page of the survey itself says what to fix beside each question.
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByText("Please choose one answer.")).toBeVisible();
  const scannerContext = await browser.newContext({ javaScriptEnabled: true });
  const scanner = await scannerContext.newPage();
  await scanner.setViewportSize({ width: 390, height: 844 });
  const findings: string[] = await wcagFindingsWithoutJavaScript(page, scanner, "390px the survey's own page, with errors");
  await page.getByLabel("Early morning").check();
  await page.getByLabel("Breath work").check();
  await page.getByLabel("Quiet sits with little talking").check();
  await page.getByLabel("4", { exact: true }).check();
  await page.getByLabel(/Anything you would like our teachers to know/).fill("Thank you for the evening classes.");
  await page.getByRole("button", { name: "Send answers" }).click();
  await expect(page).toHaveURL(/\/about\?survey=thanks$/);
  await expect(page.getByRole("status").filter({ hasText: "your answers are in" })).toBeVisible();
  await page.goto("/teachers");
  await expect(page.getByRole("complementary", { name: "Survey" })).toHaveCount(0);

  // A week on: the second survey, put away with "Not now".
  putDocument("userSurveys", uid, {
    arm: "show-surveys",
    currentCampaignId: DEMO,
    windowStartedAt: WEEK_AGO(),
    campaigns: { [DEMO]: { state: "answered", showings: 1, lastShownAt: WEEK_AGO() } },
  });
  await page.goto("/teachers");
  await expect(panel.getByText("A short survey from Stillhour: Evening sits")).toBeVisible();

  // At phone width, where the panel has least room.
  await panel.getByText(/A short survey from Stillhour/).click();
  findings.push(...(await wcagFindingsWithoutJavaScript(page, scanner, "390px /teachers with the survey open")));

  await panel.getByRole("button", { name: "Not now" }).click();
  await expect(page).toHaveURL(/\/teachers\?survey=later$/);
  putDocument("userSurveys", uid, {
    arm: "show-surveys",
    currentCampaignId: second,
    windowStartedAt: WEEK_AGO(),
    campaigns: {
      [DEMO]: { state: "answered", showings: 1, lastShownAt: WEEK_AGO() },
      [second]: { state: "notNow", showings: 1, lastShownAt: WEEK_AGO() },
    },
  });
  await page.goto("/press");
  await expect(panel.getByText("A short survey from Stillhour: Studio music")).toBeVisible();
  await panel.getByText(/A short survey from Stillhour/).click();
  await panel.getByRole("button", { name: "No more surveys" }).click();
  await expect(page).toHaveURL(/\/press\?survey=off$/);

  // Another week, and a new survey: nothing, since the member asked for no more.
  putCampaign(`e2e-fourth-${tag}`, "Cushions", Date.now() + 3);
  const state = {
    arm: "show-surveys",
    noMoreSurveys: true,
    currentCampaignId: third,
    windowStartedAt: WEEK_AGO(),
    campaigns: {
      [DEMO]: { state: "answered", showings: 1, lastShownAt: WEEK_AGO() },
      [second]: { state: "notNow", showings: 1, lastShownAt: WEEK_AGO() },
    },
  };
  putDocument("userSurveys", uid, state);
  for (const path of ["/", "/about", "/teachers", "/press"]) {
    await page.goto(path);
    await expect(page.getByRole("complementary", { name: "Survey" })).toHaveCount(0);
  }

  // A visitor's page never has a panel.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto("/about");
  await expect(visitor.locator(".survey-panel")).toHaveCount(0);

  // The admin's page: the answers counted.
  const admin = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signInContext(admin.request, baseURL!, "+12015550102");
  await admin.goto(`/staff/surveys/${DEMO}`);
  await expect(admin.getByRole("row", { name: /Early morning/ })).toBeVisible();
  findings.push(...(await wcagFindingsWithoutJavaScript(admin, scanner, `/staff/surveys/${DEMO}`)));
  await admin.goto("/staff/surveys");
  findings.push(...(await wcagFindingsWithoutJavaScript(admin, scanner, "/staff/surveys")));
  await scannerContext.close();
  expect(findings).toEqual([]);
});

test.describe("with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("the server-drawn panel survives hydration without an error and hides on a page without surveys", async ({ page, baseURL }) => {
    const phone = `+1201558${String(Date.now() % 10_000).padStart(4, "0")}`;
    const { uid } = await signInContext(page.request, baseURL!, phone);
    putDocument("privateUsers", uid, { firstName: "Ash", lastName: "Hydrate", email: `${uid}@example.com`, mostRecentTimeZone: "UTC" });
    putDocument("userSurveys", uid, { arm: "show-surveys" });
    await page.goto("/about");
    // Hydrated: the app's behaviours ran (they set the size class on <body>).
    await page.waitForFunction(() => /size-(mobile|tablet|desktop)/.test(document.body.className));
    const panel = page.getByRole("complementary", { name: "Survey" });
    await expect(panel).toBeVisible();
    await page.locator("footer a[href='/privacy']").click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(panel).toBeHidden();
  });
});
