import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { wcagFindingsWithoutJavaScript } from "../../support/axe";
import { putDocument } from "../../support/e2e-store";
import { expect, test } from "../../support/test";

/**
 * Issue 27 (ADR 049) with JavaScript off, in two browsers: two members who joined the same live
 * classes each see "1 person has practised with you often", without a name; one invites, the other
 * sees an anonymous invitation and accepts, and only then each sees the other's first name. axe
 * (WCAG 2.x A/AA) on the page with an invitation waiting (390 and 1280 px) and with a companion named.
 */
test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");
test.use({ javaScriptEnabled: false });

test("two members who practised together invite, accept, and only then see each other's first name", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now() % 10_000).padStart(4, "0");
  const [adaContext, beaContext, scannerContext] = await Promise.all([
    browser.newContext({ javaScriptEnabled: false }),
    browser.newContext({ javaScriptEnabled: false }),
    browser.newContext({ javaScriptEnabled: true }),
  ]);
  const [ada, bea, scanner] = await Promise.all([adaContext.newPage(), beaContext.newPage(), scannerContext.newPage()]);
  const { uid: adaUid } = await signInContext(ada.request, baseURL!, `+1201557${stamp}`);
  const { uid: beaUid } = await signInContext(bea.request, baseURL!, `+1201558${stamp}`);
  putDocument("privateUsers", adaUid, {
    firstName: "Adaline",
    lastName: "Quill",
    email: `${adaUid}@example.com`,
    mostRecentTimeZone: "America/New_York",
  });
  putDocument("privateUsers", beaUid, {
    firstName: "Beatrix",
    lastName: "Fern",
    email: `${beaUid}@example.com`,
    mostRecentTimeZone: "Europe/London",
  });
  // Two live classes both joined (Tuesdays, 7 am in New York), written as the join writes them.
  for (let i = 0; i < 2; i += 1) {
    const at = Date.now() - (14 - 7 * i) * 86_400_000;
    const classRef = `e2e-companions-${stamp}-${i}`;
    for (const [uid, zone] of [
      [adaUid, "America/New_York"],
      [beaUid, "Europe/London"],
    ] as const) {
      const id = `${uid}__live__${classRef}`;
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(at));
      putDocument("practiceEntries", id, {
        id,
        uid,
        source: "live",
        classRef,
        title: "Morning Breath",
        seriesId: null,
        at,
        zone,
        day,
        minutes: 20,
      });
    }
  }

  await ada.goto("/practice/companions");
  await expect(ada.getByText("1 person has practised with you often.")).toBeVisible();
  await expect(ada.locator("main")).not.toContainText("Beatrix");
  await ada.getByRole("button", { name: /^Invite someone from .* Morning Breath$/ }).click();
  await expect(ada.getByRole("status")).toContainText("Invitation sent.");
  await expect(ada.locator("main")).not.toContainText("Beatrix");

  await bea.goto("/practice/companions");
  await expect(bea.getByRole("heading", { name: "Invitations for you" })).toBeVisible();
  await expect(bea.locator("main")).not.toContainText("Adaline");
  const findings: string[] = [];
  for (const width of [390, 1280]) {
    await bea.setViewportSize({ width, height: 900 });
    await scanner.setViewportSize({ width, height: 900 });
    await bea.goto("/practice/companions");
    findings.push(...(await wcagFindingsWithoutJavaScript(bea, scanner, `${width}px invitation`)));
  }
  await bea.getByRole("button", { name: /^Accept the invitation from someone from/ }).click();
  await expect(bea.getByRole("status")).toContainText("You are practice companions now");
  await expect(bea.getByRole("heading", { name: "Your companions" })).toBeVisible();
  await expect(bea.locator("main")).toContainText("Adaline");

  await ada.setViewportSize({ width: 390, height: 900 });
  await scanner.setViewportSize({ width: 390, height: 900 });
  await ada.goto("/practice/companions");
  await expect(ada.locator("main")).toContainText("Beatrix");
  findings.push(...(await wcagFindingsWithoutJavaScript(ada, scanner, "390px companions")));
  expect(findings).toEqual([]);
  await Promise.all([adaContext.close(), beaContext.close(), scannerContext.close()]);
});
