import type { Page } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { axeVersion, wcagFindings, wcagFindingsWithoutJavaScript } from "../../support/axe";
import { buyLinkGift, openCreditPackCheckout, subscribeMonthly } from "../../support/demo-purchases";
import { putDocument, putLiveClass } from "../../support/e2e-store";
import { STATIC_ROUTES } from "../../support/route-table";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

const MEMBER = "+12015550101";
const ADMIN = "+12015550102";
const FACILITATOR = "+12015550105";
const STUDIO_STAFF = "+12015550106";

async function accountMenuName(page: Page) {
  return page.locator(".account-menu > summary").evaluate((summary) => ({
    label: summary.getAttribute("aria-label"),
    visible: (summary as HTMLElement).innerText.trim(),
  }));
}

test("the account menu's accessible name contains the text it shows (WCAG 2.5.3), at phone and desktop widths", async ({
  page,
  baseURL,
}) => {
  await signInContext(page.request, baseURL!, MEMBER);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/settings");
    // The demo member is shared by parallel specs, and one of them may end its sessions meanwhile:
    // if this one was signed out, it signs in again (what is checked here is the menu's name).
    if (new URL(page.url()).pathname === "/sign-in") {
      await signInContext(page.request, baseURL!, MEMBER);
      await page.goto("/settings");
    }
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

type Who = "member" | "newcomer" | "buyer" | "admin" | "facilitator" | "studio staff";
/** A page to scan, and the status it is expected to answer with when that is not 200. */
type Visit = string | { path: string; status: number };

/** A class about to start that the member has booked, and the room its Join button opens. */
async function joinablePages(page: Page, baseURL: string): Promise<string[]> {
  const id = putLiveClass("a11y-join", 5, "Accessible Harbour Sit");
  const booked = await page.request.post(`/classes/${id}`, { form: { intent: "book" }, headers: { Origin: baseURL } });
  expect(booked.status(), "booking the class about to start").toBeLessThan(400);
  const joined = await page.request.post(`/classes/${id}/join`, { headers: { Origin: baseURL }, maxRedirects: 0 });
  const room = new URL(joined.headers()["location"] ?? "", baseURL);
  expect(room.pathname, "joining opens the demo room").toBe(`/demo/room/${id}`);
  return [`/classes/${id}`, room.pathname + room.search];
}

/** The pages only a finished or started payment shows: the welcome page, a gift's receipt and link, an open checkout. */
async function purchasePages(page: Page, baseURL: string): Promise<string[]> {
  const welcome = await subscribeMonthly(page.request, baseURL);
  expect(welcome).toMatch(/^\/subscribe\/welcome\?session_id=/);
  const receipt = await buyLinkGift(page.request, baseURL);
  expect(receipt).toMatch(/^\/gift\/receipt\//);
  const link = new RegExp(`"${baseURL}/([A-Za-z0-9]+)"`).exec(await (await page.request.get(receipt)).text())?.[1];
  expect(link, "the receipt shows the gift's link").toBeTruthy();
  return [welcome, receipt, `/${link}`, await openCreditPackCheckout(page.request, baseURL)];
}

/**
 * One page of each shell the §2 routes use (layout, theme, header, menu-only), which is all that
 * differs there for someone signed in: accessibility.spec.ts scans every one of them anonymously
 * with the same rules.
 */
const SHELLS = [
  ...new Map(STATIC_ROUTES.map((route) => [`${route.layout} ${route.theme} ${route.header} ${route.menuOnly}`, route.path])).values(),
];

/**
 * Every page a member, a new member and staff can reach signed in, in groups that each take one
 * test per width and JavaScript setting (the groups run in parallel; a fresh demo store has every
 * page here, and the rest are made by the group). A group of pages without forms of their own
 * (`scriptsOnly`) is scanned with JavaScript on only.
 */
const GROUPS: Array<{
  name: string;
  scriptsOnly?: boolean;
  people: Array<{ who: Who; pages: (page: Page, uid: string, baseURL: string) => Promise<Visit[]> }>;
}> = [
  {
    name: "account and live classes",
    people: [
      {
        who: "member",
        pages: async (page, _uid, baseURL) => [
          "/settings",
          "/settings/membership/cancel",
          "/my-classes",
          "/classes",
          await firstHref(page, "/classes", "/classes/"),
          ...(await joinablePages(page, baseURL)),
          "/preferences/time-zone",
          "/privacy/choices",
          "/demo/outbox",
        ],
      },
    ],
  },
  {
    name: "on demand and search",
    people: [
      {
        who: "member",
        pages: async () => [
          "/on-demand",
          "/on-demand/settle-in",
          "/on-demand/series/first-week",
          "/on-demand/favorites",
          "/on-demand/history",
          "/search?q=sleep",
          "/search?q=zzzz",
        ],
      },
    ],
  },
  {
    name: "buying and studios",
    people: [
      {
        who: "member",
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
    ],
  },
  {
    name: "staff pages",
    people: [
      { who: "admin", pages: async () => ["/staff/classes", "/staff/studio"] },
      { who: "facilitator", pages: async () => ["/staff/classes"] },
      { who: "studio staff", pages: async () => ["/staff/studio"] },
    ],
  },
  {
    name: "a new member's first pages",
    people: [
      { who: "newcomer", pages: async () => ["/onboarding", "/settings", "/subscribe", "/credits", "/my-classes", "/on-demand/settle-in"] },
    ],
  },
  {
    name: "after paying: welcome, gift receipt and link, checkout",
    people: [{ who: "buyer", pages: (page, _uid, baseURL) => purchasePages(page, baseURL) }],
  },
  {
    name: "the public pages as a member sees them",
    scriptsOnly: true,
    people: [
      {
        who: "member",
        pages: async (page) => [
          ...SHELLS,
          "/learn",
          await firstHref(page, "/learn", "/learn/"),
          await firstHref(page, "/teachers", "/teachers/"),
          await firstHref(page, "/blog", "/blog/"),
          await firstHref(page, "/careers", "/careers/"),
          { path: "/no-such-page", status: 404 },
          { path: "/settings/confirm-email?token=not-a-real-token", status: 410 },
        ],
      },
    ],
  },
];

const PHONES: Record<Exclude<Who, "newcomer" | "buyer">, string> = {
  member: MEMBER,
  admin: ADMIN,
  facilitator: FACILITATOR,
  "studio staff": STUDIO_STAFF,
};

/** Signs `who` in on the page's context (a fresh number for a newcomer; a buyer is also onboarded). */
async function signIn(page: Page, baseURL: string, who: Who) {
  const fresh = `+1202558${String((Date.now() + Math.floor(Math.random() * 9000)) % 10000).padStart(4, "0")}`;
  const { uid } = await signInContext(page.request, baseURL, who === "newcomer" || who === "buyer" ? fresh : PHONES[who]);
  if (who === "buyer")
    await page.request.post("/onboarding", { form: { firstName: "Hollis", lastName: "Fenn", email: "" }, headers: { Origin: baseURL } });
  return uid;
}

test.describe("every member and staff page, signed in, against WCAG 2.2 A and AA", () => {
  for (const group of GROUPS) {
    for (const javaScriptEnabled of group.scriptsOnly ? [true] : [true, false]) {
      for (const width of [390, 1280]) {
        const who = group.people.map((person) => person.who).join(", ");
        test(`${who}: ${group.name}, ${width}px, JavaScript ${javaScriptEnabled ? "on" : "off"}: 0 serious or critical findings`, async ({
          browser,
          baseURL,
        }) => {
          test.setTimeout(180_000);
          const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
          const page = await context.newPage();
          const scannerContext = javaScriptEnabled ? null : await browser.newContext({ viewport: { width, height: 900 } });
          const scanner = scannerContext ? await scannerContext.newPage() : null;
          const findings: string[] = [];
          for (const person of group.people) {
            // The last person's page must be gone first: its script, having adopted the server's
            // session, posts that person's fresh token back, and would sign the next person out.
            await page.goto("about:blank");
            await context.clearCookies();
            const uid = await signIn(page, baseURL!, person.who);
            for (const visit of await person.pages(page, uid, baseURL!)) {
              const { path, status } = typeof visit === "string" ? { path: visit, status: 200 } : visit;
              const response = await page.goto(path);
              expect(response?.status(), path).toBe(status);
              const label = `${width}px js=${javaScriptEnabled} ${person.who} ${path}`;
              findings.push(...(scanner ? await wcagFindingsWithoutJavaScript(page, scanner, label) : await wcagFindings(page, label)));
            }
          }
          test.info().annotations.push({ type: "axe-core", description: await axeVersion(scanner ?? page) });
          await context.close();
          await scannerContext?.close();
          expect(findings).toEqual([]);
        });
      }
    }
  }
});
