import type { Browser, Page } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { axeVersion, wcagFindings, wcagFindingsWithoutJavaScript } from "../support/axe";
import { putDocument } from "../support/e2e-store";
import { expect, test } from "../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

const MEMBER = "+12015550101";
const ADMIN = "+12015550102";
const STUDIO_STAFF = "+12015550106";

async function accountMenuName(page: Page) {
  return page.locator(".account-menu > summary").evaluate((summary) => ({
    label: summary.getAttribute("aria-label"),
    visible: (summary as HTMLElement).innerText.trim(),
  }));
}

test("the account menu's accessible name contains the text it shows (WCAG 2.5.3), at phone and desktop widths", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, MEMBER);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings");
    const summary = page.locator(".account-menu > summary");
    await expect(summary).toBeVisible();
    const { visible } = await accountMenuName(page);
    const shown = visible.split(/\s+/).filter((word) => /[a-z]{2,}/i.test(word));
    // Playwright's accessible name is the one assistive technology computes from the whole subtree.
    for (const word of shown) await expect(summary).toHaveAccessibleName(new RegExp(`\\b${word}\\b`, "i"));
    await expect(summary).toHaveAccessibleName(/account menu/i);
    const findings = (await wcagFindings(page, `${width}px /settings`)).filter((line) => line.includes("label-content-name-mismatch"));
    expect(findings).toEqual([]);
  }
});

/** An in-person class at Lantern Yard two days out, and the member's ticket for it, so /tickets has something to show. */
function putTicketFor(uid: string): string {
  const id = `a11y-${Date.now() % 1_000_000}-${Math.floor(Math.random() * 1000)}`;
  const startsAt = new Date(Math.floor((Date.now() + 2 * 86_400_000) / 60_000) * 60_000).toISOString();
  putDocument("classes", id, {
    id,
    slug: id,
    title: "Accessible Lantern Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt,
    durationMinutes: 45,
    description: "An in-person class made for the accessibility scan.",
    capacity: 6,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
    roomId: "sun-room",
    creditCost: null,
  });
  putDocument("inPersonTickets", `${id}:${uid}`, {
    id: `${id}:${uid}`,
    classId: id,
    studioId: "lantern-yard",
    uid,
    status: "booked",
    startsAt,
    durationMinutes: 45,
    code: "A11YA11YA2",
    payment: { method: "membership", reference: "e2e" },
    waiverVersion: 1,
    bookedAt: Date.now(),
    waitlistedAt: null,
    promoted: false,
    updatedAt: Date.now(),
  });
  return id;
}

async function firstHref(page: Page, path: string, prefix: string): Promise<string> {
  await page.goto(path);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link starting ${prefix} on ${path}`).toBeTruthy();
  return href!.split("#")[0];
}

type Who = "member" | "newcomer" | "staff";

/**
 * Every page a member, a new member and staff can reach signed in, in groups that each take one
 * test (the groups run in parallel; a fresh demo store has every page here).
 */
const GROUPS: Array<{ who: Who; name: string; pages: (page: Page, uid: string) => Promise<string[]> }> = [
  {
    who: "member",
    name: "account and live classes",
    pages: async (page) => ["/settings", "/my-classes", "/classes", await firstHref(page, "/classes", "/classes/"), "/preferences/time-zone", "/privacy/choices", "/demo/outbox"],
  },
  {
    who: "member",
    name: "on demand and search",
    pages: async () => ["/on-demand", "/on-demand/settle-in", "/on-demand/series/first-week", "/on-demand/favorites", "/on-demand/history", "/search?q=sleep", "/search?q=zzzz"],
  },
  {
    who: "member",
    name: "buying and studios",
    pages: async (page, uid) => [
      "/subscribe",
      "/gift",
      "/credits",
      "/redeem",
      "/studios",
      "/studios/lantern-yard",
      "/studios/lantern-yard/membership",
      "/studios/lantern-yard/waiver",
      await firstHref(page, "/studios/lantern-yard", "/studios/lantern-yard/classes/"),
      `/tickets/${putTicketFor(uid)}`,
    ],
  },
  { who: "staff", name: "staff pages", pages: async () => ["/staff/classes", "/staff/studio"] },
  { who: "newcomer", name: "a new member's first pages", pages: async () => ["/onboarding", "/settings", "/subscribe", "/credits", "/my-classes", "/on-demand/settle-in"] },
];

async function signedIn(browser: Browser, baseURL: string, who: Who, javaScriptEnabled: boolean, width: number) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const phone = who === "member" ? MEMBER : who === "staff" ? ADMIN : `+1202558${String((Date.now() + Math.floor(Math.random() * 9000)) % 10000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL, phone);
  return { context, page, uid };
}

test.describe("every member and staff page, signed in, against WCAG 2.2 A and AA", () => {
  for (const group of GROUPS) {
    for (const javaScriptEnabled of [true, false]) {
      for (const width of [390, 1280]) {
        test(`${group.who}: ${group.name}, ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}: 0 serious or critical findings`, async ({ browser, baseURL }) => {
          test.setTimeout(180_000);
          const { context, page, uid } = await signedIn(browser, baseURL!, group.who, javaScriptEnabled, width);
          const scannerContext = javaScriptEnabled ? null : await browser.newContext({ viewport: { width, height: 900 } });
          const scanner = scannerContext ? await scannerContext.newPage() : null;
          const findings: string[] = [];
          for (const path of await group.pages(page, uid)) {
            const response = await page.goto(path);
            expect(response?.status(), path).toBeLessThan(400);
            const label = `${width}px js=${javaScriptEnabled} ${path}`;
            findings.push(...(scanner ? await wcagFindingsWithoutJavaScript(page, scanner, label) : await wcagFindings(page, label)));
          }
          test.info().annotations.push({ type: "axe-core", description: await axeVersion(scanner ?? page) });
          await context.close();
          await scannerContext?.close();
          expect(findings).toEqual([]);
        });
      }
    }
  }

  test("studio staff's front desk, at both widths", async ({ browser, baseURL }) => {
    const findings: string[] = [];
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInContext(page.request, baseURL!, STUDIO_STAFF);
      await page.goto("/staff/studio");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Front desk");
      findings.push(...(await wcagFindings(page, `${width}px studio staff /staff/studio`)));
      await context.close();
    }
    expect(findings).toEqual([]);
  });
});
