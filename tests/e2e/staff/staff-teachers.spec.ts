import { expect, test } from "../../support/test";
import { signInContext } from "../../support/auth-emulator";
import { atBothWidths, staffPageFindings } from "../../support/staff-page";
import { XSS_PAYLOADS } from "../../fixtures/xss-payloads";

/**
 * Issue 26 in Chromium (ADR 050), admin and facilitator, JavaScript off: the admin adds a teacher,
 * edits their bio, hides and shows them, and the public /teachers and the teacher's page follow at
 * once; the facilitator edits their own bio and sees it on their page; the XSS corpus saved as a bio
 * runs nothing; axe on the new pages at phone and desk width. A new teacher of its own, so no other
 * spec's teachers move under it.
 */

const ADMIN = "+12015550102";
const FACILITATOR = "+12015550105";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin adds a teacher, edits the bio, hides and shows them; the facilitator edits their own bio", async ({
    page,
    baseURL,
    browser,
  }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await signInContext(page.request, baseURL!, ADMIN);
    await page.goto("/staff");
    await page.getByTestId("staff-areas").getByRole("link", { name: "Teachers" }).click();
    const slug = `tamsin-vale-${Date.now() % 1_000_000}`;
    await page.getByLabel("First name").fill("Tamsin");
    await page.getByLabel("Last name").fill("Vale");
    await page.getByLabel("Page address").fill(slug);
    await page.getByLabel("Bio").fill("Tamsin teaches slow breath.");
    await page.getByLabel("Instagram address").fill("http://instagram.com/tamsin");
    await page.getByRole("button", { name: "Add the teacher" }).click();
    await expect(page.getByText("Please give an https address on instagram.com")).toBeVisible();
    await expect(page.getByLabel("Bio")).toHaveValue("Tamsin teaches slow breath.");
    await page.getByLabel("Instagram address").fill("https://instagram.com/tamsin");
    await page.getByRole("button", { name: "Add the teacher" }).click();
    await expect(page.getByRole("status")).toHaveText("Teacher added.");
    const editUrl = page.url().split("?")[0];

    await page.getByLabel("Bio").fill("Tamsin teaches slow breath and long rests.");
    await page.getByRole("button", { name: "Save the profile" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. The teacher's page shows it now.");
    await page.goto(`/teachers/${slug}`);
    await expect(page.getByText("Tamsin teaches slow breath and long rests.")).toBeVisible();

    await page.goto(editUrl);
    await page.getByRole("button", { name: "Hide the page" }).click();
    await expect(page.getByRole("status")).toContainText("Hidden.");
    await page.goto("/teachers");
    await expect(page.getByRole("heading", { name: "Tamsin Vale" })).toHaveCount(0);
    expect((await page.goto(`/teachers/${slug}`))?.status()).toBe(404);
    await page.goto(editUrl);
    await page.getByRole("button", { name: "Show the page" }).click();
    await expect(page.getByRole("status")).toContainText("Shown.");
    await page.goto("/teachers");
    await expect(page.getByRole("heading", { name: "Tamsin Vale" })).toBeVisible();

    // The XSS corpus as a bio is text on the public page.
    const corpus = XSS_PAYLOADS.join("\n").slice(0, 1990);
    const saved = await page.request.post(editUrl, {
      form: { intent: "profile", firstName: "Tamsin", lastName: "Vale", location: "", classTypes: "", bio: corpus, instagramUrl: "" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    await page.goto(`/teachers/${slug}`);
    await expect(page.getByText("<script>window.__xss=1</script>")).toBeVisible();
    await page.mouse.move(200, 400);
    expect(
      await page
        .locator(
          "main img[onerror], main svg[onload], main iframe, main object, main embed, main [onmouseover], main script:not([type='application/ld+json'])",
        )
        .count(),
    ).toBe(0);

    const teacher = await browser.newPage({ javaScriptEnabled: false });
    await signInContext(teacher.request, baseURL!, FACILITATOR);
    await teacher.goto("/staff");
    await teacher.getByTestId("staff-areas").getByRole("link", { name: "My teacher profile" }).click();
    const before = await teacher.getByLabel("Bio").inputValue();
    await teacher.getByLabel("Bio").fill("Amara sits with you, one breath at a time.");
    await teacher.getByRole("button", { name: "Save my profile" }).click();
    await expect(teacher.getByRole("status")).toHaveText("Saved. Your page shows it now.");
    await teacher.getByRole("link", { name: "Open my public page" }).click();
    await expect(teacher.getByText("Amara sits with you, one breath at a time.")).toBeVisible();
    await teacher.goto("/staff/profile");
    await teacher.getByLabel("Bio").fill(before);
    await teacher.getByRole("button", { name: "Save my profile" }).click();
    await expect(teacher.getByRole("status")).toHaveText("Saved. Your page shows it now.");
    await teacher.close();
    expect(dialogs).toEqual([]);
  });
});

test("axe finds nothing serious on the teacher pages and the facilitator's pages at phone and desk width", async ({ browser, baseURL }) => {
  const findings: string[] = [];
  for (const [phone, paths] of [
    [ADMIN, ["/staff/teachers", "/staff/teachers/teacher-jonah"]],
    [FACILITATOR, ["/staff/profile", "/staff/classes"]],
  ] as const) {
    const page = await browser.newPage();
    await signInContext(page.request, baseURL!, phone);
    findings.push(...(await staffPageFindings(page, atBothWidths(paths.map((path) => `${baseURL}${path}`)))));
    await page.close();
  }
  expect(findings).toEqual([]);
});
