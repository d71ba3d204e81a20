import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";
import { putDocument } from "../support/e2e-store";
import { expect, test } from "../support/test";

/**
 * Issue 34, item 8 in the browser: what only a page on a screen shows. A checkbox beside its label on
 * /practice, the article form filling its address from the title, a ticket's code labelled in two
 * groups, and the front desk's code box empty for the next person after a check-in.
 */

const MEMBER = "+12015550101";
const BLOG_EDITOR = "+12015550103";
const STUDIO_STAFF = "+12015550106";

test.skip(!EMULATOR_HOST, "needs the Auth emulator");

test("on /practice at 390 px each checkbox sits beside its label, the label takes the width", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInContext(page.request, baseURL!, MEMBER);
  await page.goto("/practice");
  const rows = page.locator("form .field--check");
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  for (const row of await rows.all()) {
    const box = (await row.locator('input[type="checkbox"]').boundingBox())!;
    const label = (await row.locator("label").boundingBox())!;
    const rowBox = (await row.boundingBox())!;
    // Beside, not below: the box ends before the label starts and its middle is on the label's first line.
    expect(box.x + box.width).toBeLessThanOrEqual(label.x);
    expect(box.y + box.height / 2).toBeLessThan(label.y + 24);
    expect(box.y + box.height / 2).toBeGreaterThan(label.y);
    // The label takes what the box leaves of the row.
    expect(label.width).toBeGreaterThan(rowBox.width - box.width - 32);
  }
});

test("the article form fills the address from the title until one is typed", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, BLOG_EDITOR);
  await page.goto("/staff/articles");
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.getByLabel("Title").pressSequentially("Evening Tea, Slowly");
  await expect(page.getByLabel("Address")).toHaveValue("evening-tea-slowly");
  await page.getByLabel("Address").fill("tea-at-dusk");
  await page.getByLabel("Title").pressSequentially(" Now");
  await expect(page.getByLabel("Address")).toHaveValue("tea-at-dusk");
});

/** A booked in-person ticket for the demo member at Lantern Yard, starting within the studio's day. */
function putTodaysTicket(code: string): string {
  const id = `readable-desk-${Date.now() % 1_000_000}`;
  const parts = new Intl.DateTimeFormat("en-GB", {
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
    timeZone: "America/New_York",
  }).formatToParts(new Date());
  const minutesLeft =
    24 * 60 - (Number(parts.find((p) => p.type === "hour")!.value) * 60 + Number(parts.find((p) => p.type === "minute")!.value));
  const startsAt = new Date(Math.floor((Date.now() + Math.max(1, Math.min(90, minutesLeft - 2)) * 60_000) / 60_000) * 60_000).toISOString();
  putDocument("classes", id, {
    id,
    slug: id,
    title: `Readable Sit ${id}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt,
    durationMinutes: 45,
    description: "An in-person class made for a browser test.",
    capacity: 6,
    timeZone: "America/New_York",
    studioId: "lantern-yard",
    roomId: "sun-room",
    creditCost: null,
  });
  putDocument("inPersonTickets", `${id}:demo-member`, {
    id: `${id}:demo-member`,
    classId: id,
    studioId: "lantern-yard",
    uid: "demo-member",
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
  return id;
}

test("a ticket labels its code in two groups, and the desk takes it read out that way and then empties its box", async ({
  browser,
  baseURL,
}) => {
  const code = Array.from({ length: 10 }, () => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[Math.floor(Math.random() * 32)]).join("");
  const id = putTodaysTicket(code);

  const member = await browser.newPage();
  await signInContext(member.request, baseURL!, MEMBER);
  await member.goto(`/tickets/${id}`);
  await expect(member.getByText("Check-in code", { exact: true })).toBeVisible();
  const shown = member.getByTestId("check-in-code");
  await expect(shown.locator(".ticket-code__group")).toHaveText([code.slice(0, 5), code.slice(5)]);
  const [first, second] = await shown.locator(".ticket-code__group").all();
  expect((await second.boundingBox())!.x - ((await first.boundingBox())!.x + (await first.boundingBox())!.width)).toBeGreaterThan(4);
  await member.close();

  const desk = await browser.newPage();
  await signInContext(desk.request, baseURL!, STUDIO_STAFF);
  await desk.goto("/staff/studio");
  await desk.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await desk.getByLabel("Ticket code").fill(`${code.slice(0, 5)} ${code.slice(5)}`);
  await desk.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(desk.getByRole("status")).toHaveText("Juniper Vale is checked in.");
  await expect(desk.getByLabel("Ticket code")).toHaveValue("");
  await desk.close();
});
