import type { Page } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { putClass, putCreditPack, putDocument, startsIn } from "../support/e2e-store";
import { expect, test } from "../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

/** An in-person class at Lantern Yard (New York), `minutesFromNow` from now. */
function putStudioClass(id: string, minutesFromNow: number, capacity = 6, title = "Test Lantern Sit", creditCost: number | null = null) {
  const startsAt = startsIn(minutesFromNow);
  putClass(id, startsAt, {
    title,
    durationMinutes: 45,
    description: "An in-person class made for this test.",
    capacity,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
    roomId: "sun-room",
    creditCost,
  });
  return startsAt;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function newMember(page: Page, baseURL: string, firstName: string, lastName: string): Promise<string> {
  const { uid } = await signInContext(
    page.request,
    baseURL,
    `+1202563${String((Date.now() + Math.floor(Math.random() * 5000)) % 10000).padStart(4, "0")}`,
  );
  await page.request.post("/onboarding", { form: { firstName, lastName, email: "" }, headers: { Origin: baseURL } });
  return uid;
}

function putTicket(classId: string, uid: string, startsAt: string, code: string) {
  putDocument("inPersonTickets", `${classId}:${uid}`, {
    id: `${classId}:${uid}`,
    classId,
    studioId: "lantern-yard",
    uid,
    status: "booked",
    startsAt,
    durationMinutes: 45,
    code,
    payment: { method: "membership", reference: "e2e" },
    waiverVersion: 1,
    bookedAt: Date.now(),
    waitlistedAt: null,
    promoted: false,
    updatedAt: Date.now(),
  });
}

test("the class, waiver, ticket and front-desk pages have no serious accessibility problems", async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  const id = `studio-axe-${Date.now() % 100000}`;
  const startsAt = putStudioClass(id, 2 * 24 * 60);
  const uid = await newMember(page, baseURL!, "Ines", "Harrow");
  await page.goto(`/studios/lantern-yard/classes/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test Lantern Sit");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/studios/lantern-yard/waiver?next=${encodeURIComponent(`/studios/lantern-yard/classes/${id}`)}`);
  await page.getByRole("button", { name: "Sign and continue" }).click();
  await expect(page.locator("#field-fullName-error")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  putTicket(id, uid, startsAt, "AXEAXEAXE2");
  await page.goto(`/tickets/${id}`);
  await expect(page.getByTestId("check-in-code")).toHaveText("AXEAXEAXE2");
  expect(await seriousViolations(page)).toEqual([]);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInContext(staff.request, baseURL!, "+12015550106");
  await staff.goto(`${baseURL}/staff/studio`);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Front desk");
  expect(await seriousViolations(staff)).toEqual([]);
  await staffContext.close();
});

test("the studios list and a studio's schedule show the studio's own zone, seats, and structured data", async ({ page }) => {
  await page.goto("/studios");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Studios");
  await expect(page.getByText("New York time")).toBeVisible();
  await expect(page.getByText("London time")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Stillhour Wren Canal" }).click();
  await expect(page.locator(".schedule__zone")).toContainText("London time");
  await expect(page.locator(".schedule-item__facts").first()).toContainText("places left");
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const graph = ld.map((text) => JSON.parse(text)).flat();
  expect(graph.find((item) => item["@type"] === "Place")?.address.addressLocality).toBe("London");
  expect(graph.find((item) => item["@type"] === "Event")?.eventAttendanceMode).toBe("https://schema.org/OfflineEventAttendanceMode");
  expect(await seriousViolations(page)).toEqual([]);
  // The footer links here.
  await expect(page.locator(".site-footer").getByRole("link", { name: "Studios" })).toHaveAttribute("href", "/studios");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member signs the waiver, carries on to buy a drop-in, is booked, and sees the ticket with its code", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const id = `studio-book-${Date.now() % 100000}`;
    putStudioClass(id, 3 * 24 * 60);
    await newMember(page, baseURL!, "Mira", "Sand");
    await page.goto(`/studios/lantern-yard/classes/${id}`);
    await expect(page.getByRole("note")).toContainText("Cancel before");
    await expect(page.getByRole("note")).toContainText("New York time");

    // Posting the booking form directly without the waiver books nothing: it goes to the waiver.
    await page.getByRole("button", { name: /Buy a drop-in \(\$22\.00, sign the waiver first\)/ }).click();
    await expect(page).toHaveURL(/\/studios\/lantern-yard\/waiver\?next=/);
    await expect(page.getByRole("region", { name: "The waiver's full text" })).toContainText("Welcome to Stillhour Lantern Yard");

    // A mismatched name and no tick: messages beside the fields, the typed input kept.
    await page.getByLabel("Your full name").fill("Someone Else");
    await page.getByLabel("Your date of birth").fill("1991-05-02");
    await page.getByRole("button", { name: "Sign and continue" }).click();
    await expect(page.locator("#field-fullName-error")).toContainText("Mira Sand");
    await expect(page.locator("#field-consent-error")).toContainText("tick the box");
    await expect(page.getByLabel("Your date of birth")).toHaveValue("1991-05-02");

    await page.getByLabel("Your full name").fill("mira sand");
    await page.getByLabel("I have read the waiver above and agree to it.").check();
    await page.getByRole("button", { name: "Sign and continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/studios/lantern-yard/classes/${id}\\?resume=buy&signed=1`));
    await expect(page.getByRole("status")).toContainText("Thank you for signing the waiver");

    await page.getByRole("button", { name: "Buy a drop-in ($22.00)" }).click();
    await expect(page).toHaveURL(/\/demo\/checkout\//);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("Security code (CVC)").fill("123");
    await page.getByLabel("Name on the card").fill("Mira Sand");
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(new RegExp(`/studios/lantern-yard/classes/${id}\\?paid=drop-in`));
    await expect(page.getByRole("status")).toContainText("You're booked");
    await page.getByRole("link", { name: "See my ticket and check-in code" }).click();
    await expect(page.getByRole("img", { name: /Check-in QR code/ }).locator("svg")).toBeVisible();
    await expect(page.getByTestId("check-in-code")).toHaveText(/^[A-Z2-7]{10}$/);

    // My classes lists the ticket too.
    await page.goto("/my-classes");
    await expect(
      page.getByRole("region", { name: "Studio tickets" }).getByRole("link", { name: /Test Lantern Sit, Stillhour Lantern Yard/ }),
    ).toHaveAttribute("href", `/tickets/${id}`);
    await page.goto(`/tickets/${id}`);

    // What was signed can be read again and downloaded.
    await page.getByRole("link", { name: "The waiver you signed" }).click();
    await expect(page.getByRole("status")).toContainText("You signed this version");
    const download = await page.request.get("/studios/lantern-yard/waiver/signed.txt?version=1");
    expect(download.status()).toBe(200);
    const text = await download.text();
    expect(text).toContain("Signed by: mira sand");
    expect(text).toMatch(/Text fingerprint \(SHA-256\): [0-9a-f]{64}/);
  });

  test("someone with a class pack signs the waiver and books an in-person class with a credit", async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    const id = `studio-credit-${Date.now() % 100000}`;
    putStudioClass(id, 4 * 24 * 60, 6, "Test Lantern Credit Sit", 1);
    const uid = await newMember(page, baseURL!, "Tarn", "Reed");
    putCreditPack(uid, { credits: 2, days: 30 });
    await page.goto(`/studios/lantern-yard/classes/${id}`);
    await page.getByRole("button", { name: "Book with 1 credit (2 left) (sign the waiver first)" }).click();
    await expect(page).toHaveURL(/\/studios\/lantern-yard\/waiver\?next=/);
    await page.getByLabel("Your full name").fill("Tarn Reed");
    // The consent box follows the birthday field: once it is there, the whole form has arrived and
    // counting the (optional) birthday field cannot race the page.
    const agree = page.getByLabel("I have read the waiver above and agree to it.");
    await expect(agree).toBeVisible();
    const birthday = page.getByLabel("Your date of birth");
    if (await birthday.count()) await birthday.fill("1988-03-14");
    await agree.check();
    await page.getByRole("button", { name: "Sign and continue" }).click();
    await page.getByRole("button", { name: "Book with 1 credit (2 left)" }).click();
    await expect(page.getByRole("link", { name: "See my ticket and check-in code" })).toBeVisible();
    await page.goto("/credits");
    await expect(page.getByRole("heading", { name: "Your credits: 1" })).toBeVisible();
  });

  test("studio staff check the member in from the roster, once, and can undo it", async ({ page, baseURL, browser }) => {
    const id = `studio-desk-${Date.now() % 100000}`;
    // Later today in New York (the desk shows the studio's today), never past midnight there.
    const nyMinutesLeft = (() => {
      const parts = new Intl.DateTimeFormat("en-GB", {
        hour: "numeric",
        minute: "numeric",
        hourCycle: "h23",
        timeZone: "America/New_York",
      }).formatToParts(new Date());
      const h = Number(parts.find((p) => p.type === "hour")!.value);
      const m = Number(parts.find((p) => p.type === "minute")!.value);
      return 24 * 60 - (h * 60 + m);
    })();
    const title = `Desk Sit ${id}`;
    const startsAt = putStudioClass(id, Math.max(1, Math.min(60, nyMinutesLeft - 2)), 6, title);
    const code = "DESKE2E" + ["A", "B", "C", "D", "E", "F", "G"][Date.now() % 7] + "23";
    putTicket(id, "demo-member", startsAt, code);

    // A member who isn't staff gets 403 for the page and for a forged post.
    const member = await browser.newPage({ javaScriptEnabled: false });
    await signInContext(member.request, baseURL!, "+12015550101");
    expect((await member.goto(`${baseURL}/staff/studio`))?.status()).toBe(403);
    const forged = await member.request.post("/staff/studio", {
      form: { intent: "check-in-code", studio: "lantern-yard", code },
      headers: { Origin: baseURL! },
    });
    expect(forged.status()).toBe(403);
    await member.close();

    await signInContext(page.request, baseURL!, "+12015550106");
    await page.goto("/staff/studio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Front desk");
    const roster = page.getByRole("region", { name: new RegExp(title) });
    await expect(roster.getByText("Juniper Vale")).toBeVisible();
    await expect(page.getByRole("region", { name: "Waivers signed here" })).toBeVisible();

    await page.getByLabel("Find by name").fill("junip");
    await page.getByRole("button", { name: "Search" }).click();
    await page
      .getByRole("region", { name: new RegExp(title) })
      .getByRole("button", { name: "Check in Juniper Vale" })
      .click();
    await expect(page.getByRole("status")).toHaveText("Juniper Vale is checked in.");

    // The same code at the desk again: already checked in, recorded once.
    await page.getByLabel("Ticket code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("Juniper Vale was already checked in");

    // A code that isn't ours is refused beside the form.
    await page.getByLabel("Ticket code").fill("NOPE");
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("We don't recognise that code");

    await page.goto("/staff/studio");
    await page
      .getByRole("region", { name: new RegExp(title) })
      .getByRole("button", { name: "Undo check-in for Juniper Vale" })
      .click();
    await expect(page.getByRole("status")).toContainText("Check-in undone");
    await expect(
      page.getByRole("region", { name: new RegExp(title) }).getByRole("button", { name: "Check in Juniper Vale" }),
    ).toBeVisible();
  });
});

test("where the browser has a barcode detector, staff scan a ticket with the camera", async ({ page, baseURL }) => {
  const id = `studio-scan-${Date.now() % 100000}`;
  const parts = new Intl.DateTimeFormat("en-GB", {
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
    timeZone: "America/New_York",
  }).formatToParts(new Date());
  const nyMinutesLeft =
    24 * 60 - (Number(parts.find((p) => p.type === "hour")!.value) * 60 + Number(parts.find((p) => p.type === "minute")!.value));
  const startsAt = putStudioClass(id, Math.max(1, Math.min(90, nyMinutesLeft - 2)), 6, `Scan Sit ${id}`);
  const code = `SCANE2E${["A", "B", "C", "D", "E"][Date.now() % 5]}Q7`;
  putTicket(id, "demo-member", startsAt, code);
  // A stand-in camera and detector: a canvas stream, and a detector that "sees" this ticket's QR.
  await page.addInitScript((payload) => {
    (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
      async detect() {
        return [{ rawValue: payload }];
      }
    };
    Object.defineProperty(navigator, "mediaDevices", {
      value: {
        getUserMedia: async () => {
          const canvas = document.createElement("canvas");
          canvas.width = 64;
          canvas.height = 64;
          canvas.getContext("2d")!.fillRect(0, 0, 64, 64);
          return canvas.captureStream(5);
        },
      },
    });
  }, `STILLHOUR-CHECKIN:${code}`);
  await signInContext(page.request, baseURL!, "+12015550106");
  await page.goto("/staff/studio");
  await page.getByRole("button", { name: "Scan with the camera" }).click();
  await expect(page.getByRole("status")).toHaveText("Juniper Vale is checked in.");
});
