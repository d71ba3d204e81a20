import type { Browser, Page } from "@playwright/test";
import { EMULATOR_HOST, PROJECT } from "../../support/auth-emulator";
import { expect, test } from "../../support/test";

/**
 * Identity journeys against the real Auth emulator `npm test` starts: anonymous visitors, phone
 * sign-in with the code the emulator holds, e-mail links without JavaScript, onboarding, the header
 * on a phone, sign-out.
 */

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

async function latestCode(phoneE164: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT}/verificationCodes`);
    const body = (await response.json()) as { verificationCodes: Array<{ phoneNumber: string; code: string }> };
    const match = body.verificationCodes.filter((entry) => entry.phoneNumber === phoneE164).at(-1);
    if (match) return match.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code for ${phoneE164}`);
}

/** The browser's Firebase user id, read from where the SDK persists it (never creating that store). */
async function storedUid(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? "";
      if (key.startsWith("firebase:authUser:")) return (JSON.parse(localStorage.getItem(key) ?? "{}") as { uid?: string }).uid ?? null;
    }
    // Opening a database that does not exist would create it empty and break the SDK's own storage.
    if (!(await indexedDB.databases()).some((db) => db.name === "firebaseLocalStorageDb")) return null;
    return new Promise<string | null>((resolve) => {
      const open = indexedDB.open("firebaseLocalStorageDb");
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("firebaseLocalStorage")) return resolve(null);
        const all = db.transaction("firebaseLocalStorage").objectStore("firebaseLocalStorage").getAll();
        all.onsuccess = () => {
          db.close();
          resolve((all.result as Array<{ value?: { uid?: string } }>).find((row) => row.value?.uid)?.value?.uid ?? null);
        };
        all.onerror = () => resolve(null);
      };
    });
  });
}

async function waitForUid(page: Page): Promise<string> {
  await expect.poll(() => storedUid(page), { timeout: 15_000 }).not.toBeNull();
  return (await storedUid(page))!;
}

/** Signs in by phone on /sign-in with a US number; returns its E.164 form. */
async function signInByPhone(page: Page, national: string, next = "/") {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await waitForUid(page); // the SDK has started and made the anonymous account
  await page.getByRole("textbox", { name: /phone number/i }).fill(national);
  await page.getByRole("button", { name: /text me a code/i }).click();
  const e164 = `+1${national.replace(/\D/g, "")}`;
  await expect(page.getByLabel("Code")).toBeVisible();
  await page.getByLabel("Code").fill(await latestCode(e164));
  await page.getByRole("button", { name: /^sign in$/i }).click();
  return e164;
}

test("a visitor becomes one anonymous account, not one per reload", async ({ browser }) => {
  // A zone other than the server's, so the first visit also reports it and the page revalidates.
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  const sessionPosts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/session")
      sessionPosts.push(request.headers()["authorization"] ?? "");
  });
  await page.goto("/");
  const first = await waitForUid(page);
  // The new account's token reaches the server once, however many checks see it arrive.
  await expect.poll(() => sessionPosts.length).toBeGreaterThan(0);
  // Time for any duplicate to follow (the page keeps a live connection open, so never "network idle").
  await page.waitForTimeout(2_000);
  expect(sessionPosts).toHaveLength(1);
  for (let i = 0; i < 4; i += 1) {
    await page.reload();
    await page.waitForLoadState("load");
    expect(await waitForUid(page)).toBe(first);
  }
  await context.close();
});

/** A new page on /teachers, loaded, that notes when it first asks for the sign-in SDK's chunk. */
async function loadedPageWatchingSdk(browser: Browser) {
  const page = await browser.newPage();
  let askedAt = 0;
  page.on("request", (request) => {
    if (!askedAt && /\/auth\.client-[A-Z0-9]+\.js$/.test(request.url())) askedAt = Date.now();
  });
  await page.goto("/teachers");
  await page.waitForLoadState("load");
  return { page, loadedAt: Date.now(), sdkAskedAt: () => askedAt };
}

test("a visitor who only reads gets their anonymous account after the page has loaded, one who uses it at once", async ({ browser }) => {
  // Reading: nothing asks for the sign-in SDK until VISITOR_START_DELAY_MS (3 s) after load.
  // (Watched from outside the page: Playwright's evaluate counts as a user gesture in the page.)
  const reader = await loadedPageWatchingSdk(browser);
  await expect.poll(() => reader.sdkAskedAt(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(reader.sdkAskedAt() - reader.loadedAt).toBeGreaterThanOrEqual(2_500);
  await waitForUid(reader.page);
  await reader.page.close();

  // Using the page (a tap, a key, a focus) starts it there and then, long before the reader's delay.
  const user = await loadedPageWatchingSdk(browser);
  const touchedAt = Date.now();
  await user.page.locator("main h1").click();
  await expect.poll(() => user.sdkAskedAt(), { timeout: 2_000 }).toBeGreaterThan(0);
  expect(user.sdkAskedAt() - touchedAt).toBeLessThan(2_000);
  await waitForUid(user.page);
  await user.page.close();
});

test("phone sign-in from the anonymous account keeps its uid, onboards, and comes back", async ({ page }) => {
  await page.goto("/teachers");
  const anonymousUid = await waitForUid(page);
  const national = `20255501${String(Date.now() % 100).padStart(2, "0")}`;
  await signInByPhone(page, national, "/teachers");
  await expect(page).toHaveURL(/\/onboarding\?next=%2Fteachers/);
  await page.getByLabel("First name").fill("Wren");
  await page.getByLabel("Last name").fill("Calloway");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/teachers$/);
  await expect(page.locator(".account-menu")).toBeVisible();
  await expect(page.locator(".account-menu summary")).toHaveAccessibleName(/Wren, account menu/);
  // Linking kept the anonymous account's uid.
  expect(await storedUid(page)).toBe(anonymousUid);
});

test("a wrong code gets a clear sentence beside the field", async ({ page }) => {
  const national = `20255502${String(Date.now() % 100).padStart(2, "0")}`;
  await page.goto("/sign-in");
  await waitForUid(page);
  await page.getByRole("textbox", { name: /phone number/i }).fill(national);
  await page.getByRole("button", { name: /text me a code/i }).click();
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await expect(page.locator("#phone-code-error")).toHaveText(/code/i);
  await expect(page.locator("#phone-code-error")).not.toHaveText(/auth\//);
});

test("a demo member signs in by phone, sees their menu on a phone, and signs out", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Visited anonymously first, so the shared page cache holds /about: the member must not get it.
  await page.goto("/about");
  await page.goto("/about");
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
  await signInByPhone(page, "2015550101", "/about");
  await expect(page).toHaveURL(/\/about$/);
  const menu = page.locator(".account-menu summary");
  await expect(menu).toBeVisible();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("link", { name: "Settings" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signed-out$/);
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
  await page.goto("/about");
  await expect(page.locator(".account-menu")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("e-mail link sign-in through the demo outbox, onboarding, and back", async ({ page }) => {
    const email = `quiet.reader.${Date.now()}@example.com`;
    await page.goto("/sign-in?next=%2Fblog");
    await expect(page.getByTestId("phone-needs-js")).toBeVisible();
    await page.getByLabel("Email address").fill("not an email");
    await page.getByRole("button", { name: /send me a sign-in link/i }).click();
    await expect(page.locator("#field-email-error")).toHaveText(/valid email/i);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: /send me a sign-in link/i }).click();
    await expect(page.getByRole("status")).toContainText(email);

    // The outbox reads the Auth emulator; on a busy machine it may need a second look.
    const link = page.locator(".outbox-list li", { hasText: email }).getByRole("link");
    await expect
      .poll(
        async () => {
          await page.goto("/demo/outbox");
          return link.count();
        },
        { timeout: 25_000, intervals: [500, 1_000, 2_000] },
      )
      .toBeGreaterThan(0);
    await expect(page.getByText("Demo: nothing on this page was really sent")).toBeVisible();
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(page).toHaveURL(/\/onboarding\?next=%2Fblog/);
    await page.getByLabel("First name").fill("Ines");
    await page.getByLabel("Last name").fill("");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator("#field-lastName-error")).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("Ines");
    await page.getByLabel("Last name").fill("Morrow");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator(".account-menu summary")).toHaveAccessibleName(/Ines/);

    // The same link again is refused with a clear page (the session no longer holds the address,
    // so the page asks for it first, as it would in another browser).
    await page.goto(href);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: /finish signing in/i }).click();
    await expect(page.getByRole("heading", { name: /didn't work/i })).toBeVisible();
    await expect(page.getByText(/already been used or has expired/)).toBeVisible();
  });

  test("a guarded page sends a visitor to sign in and back", async ({ page }) => {
    await page.goto("/onboarding");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fonboarding/);
  });
});
