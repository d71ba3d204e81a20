import sharp from "sharp";
import { EMULATOR_HOST, signInContext } from "../../support/auth-emulator";
import { expect, test } from "../../support/test";

test.skip(!EMULATOR_HOST, "needs the Auth emulator (npm test starts it)");

test.describe("profile photo without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member uploads a photo, the header shows it; a script dressed as a photo is refused beside the field; then removed", async ({
    page,
    baseURL,
  }) => {
    await signInContext(page.request, baseURL!, `+1202558${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.request.post("/onboarding", { form: { firstName: "Ines", lastName: "Okafor", email: "" }, headers: { Origin: baseURL! } });
    await page.goto("/settings");
    const avatar = page.locator(".account-menu__avatar");
    await expect(avatar).toHaveText("IO");
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Profile photo");

    // A real photo, made here: sharp draws a 900 x 600 JPEG.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#b4532f" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Choose a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page).toHaveURL(/\/settings\?saved=photo#photo$/);
    await expect(page.getByRole("status")).toHaveText("Saved your new photo.");
    const headerPhoto = avatar.locator("img");
    await expect(headerPhoto).toHaveAttribute("src", /^\/images\/members\/[0-9a-f]{32}\.webp$/);
    // Decorative: the menu's own name says whose it is (the avatar is hidden from assistive technology).
    await expect(headerPhoto).toHaveAttribute("alt", "");
    await expect(headerPhoto).toHaveJSProperty("naturalWidth", 512);
    const box = await avatar.boundingBox();
    expect([box?.width, box?.height]).toEqual([36, 36]);
    await expect(page.getByAltText("Your profile photo")).toHaveJSProperty("complete", true);
    const src = await headerPhoto.getAttribute("src");
    const served = await page.request.get(src!);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toBe("private, max-age=31536000, immutable");

    // A shell script named like a photo: the sentence sits beside the field, nothing else changes.
    await page
      .getByLabel("Choose a new photo")
      .setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("#!/bin/sh\necho gotcha\n") });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.locator("#field-photo-error")).toHaveText(/isn't a photo we can use/);
    await expect(page.getByLabel("Choose a new photo")).toHaveAttribute("aria-invalid", "true");
    await expect(headerPhoto).toHaveAttribute("src", src!);
    await expect(page.getByLabel("First name")).toHaveValue("Ines");
    await expect(page.getByLabel("Last name")).toHaveValue("Okafor");

    await page.getByRole("button", { name: "Remove photo" }).click();
    await expect(page.getByRole("status")).toHaveText("Removed your photo. Your initials show instead.");
    await expect(avatar).toHaveText("IO");
    await expect(avatar.locator("img")).toHaveCount(0);
    expect((await page.request.get(src!)).status()).toBe(404);
  });

  test("a 10 MB photo gets the size sentence beside the field", async ({ page, baseURL }) => {
    await signInContext(page.request, baseURL!, `+1202559${String(Date.now() % 10000).padStart(4, "0")}`);
    await page.request.post("/onboarding", { form: { firstName: "Theo", lastName: "Lund", email: "" }, headers: { Origin: baseURL! } });
    await page.goto("/settings");
    const big = Buffer.alloc(10 * 1024 * 1024, 0x41);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await page.getByLabel("Choose a photo").setInputFiles({ name: "big.jpg", mimeType: "image/jpeg", buffer: big });
    await page.getByRole("button", { name: "Upload photo" }).click();
    await expect(page.locator("#field-photo-error")).toHaveText(/over 5 MB/);
    await expect(page.getByLabel("First name")).toHaveValue("Theo");
  });
});

test("with JavaScript on, a new photo replaces the header's initials without a page load", async ({ page, baseURL }) => {
  await signInContext(page.request, baseURL!, `+1202560${String(Date.now() % 10000).padStart(4, "0")}`);
  await page.request.post("/onboarding", { form: { firstName: "Mara", lastName: "Quist", email: "" }, headers: { Origin: baseURL! } });
  await page.goto("/settings");
  await expect(page.locator(".account-menu__avatar")).toHaveText("MQ");
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#4f7a6a" } })
    .webp()
    .toBuffer();
  await page.getByLabel("Choose a photo").setInputFiles({ name: "me.webp", mimeType: "image/webp", buffer: photo });
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved your new photo.");
  await expect(page.locator(".account-menu__avatar img")).toHaveAttribute("src", /^\/images\/members\/[0-9a-f]{32}\.webp$/);
  await expect(page.getByAltText("Your profile photo")).toHaveJSProperty("naturalWidth", 512);
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
