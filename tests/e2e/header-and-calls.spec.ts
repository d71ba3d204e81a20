import { expect, test } from "@playwright/test";
import { EMULATOR_HOST, signInContext } from "../support/auth-emulator";

/**
 * Issue 34, items 3 and 4: a phone's first screen holds the whole header, the footers carry the
 * places a newcomer looks for, and the free week is offered only to someone who can take it.
 */

for (const width of [390, 320]) {
  test.describe(`the header at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    for (const path of ["/", "/canopy", "/oura"]) {
      test(`${path} shows "Sign in" inside the screen, beside nothing it overlaps`, async ({ page }) => {
        await page.goto(path);
        const signIn = page.locator("header.site-header").getByRole("link", { name: "Sign in" });
        await expect(signIn).toBeVisible();
        const box = (await signIn.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Every visible thing in the header sits inside the screen too.
        const outside = await page.evaluate((screen) => {
          return [...document.querySelectorAll("header.site-header a, header.site-header summary")]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              const style = getComputedStyle(el);
              return r.width > 0 && style.visibility !== "hidden" && (r.left < 0 || r.right > screen);
            })
            .map((el) => el.textContent?.trim());
        }, width);
        expect(outside).toEqual([]);
      });
    }
  });
}

test("/oura names its programme once at the top", async ({ page }) => {
  await page.goto("/oura");
  const hero = page.locator("section.lander-hero");
  await expect(hero).toContainText("Stillhour for Oura members");
  expect((await hero.innerText()).split("Stillhour for Oura members").length - 1).toBe(1);
});

test("the home page's footer and a lander's carry Blog, On demand, Studios and Gifts", async ({ page }) => {
  for (const path of ["/", "/canopy", "/sleep"]) {
    await page.goto(path);
    const footer = page.locator("footer.site-footer");
    for (const href of ["/blog", "/on-demand", "/studios", "/gift"]) {
      await expect(footer.locator(`a[href="${href}"]`), `${path} ${href}`).toHaveCount(1);
    }
  }
  await page.goto("/");
  await expect(page.locator("footer.site-footer")).not.toHaveClass(/site-footer--compact/);
});

test.describe("who is offered the free week", () => {
  test.skip(!EMULATOR_HOST, "needs the Auth emulator");

  test("a visitor is offered it in the header, the hero and the closing band", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("header.site-header").getByRole("link", { name: "Start your free week" })).toHaveCount(1);
    await expect(page.locator("main").getByRole("link", { name: "Start your free week" })).toHaveCount(2);
  });

  for (const [who, phone] of [
    ["an admin", "+12015550102"],
    ["a blog editor", "+12015550103"],
  ] as const) {
    test(`${who} is never offered it, and finds the back office in the account menu`, async ({ page, baseURL }) => {
      await signInContext(page.request, baseURL!, phone);
      for (const path of ["/", "/about", "/canopy", "/classes"]) {
        await page.goto(path);
        await expect(page.locator("header.site-header .account-menu")).toHaveCount(1);
        await expect(page.getByRole("link", { name: /free week|Start my 30 days/ }), path).toHaveCount(0);
        await expect(page.locator(".cta-band"), path).toHaveCount(0);
      }
      await page.locator(".account-menu > summary").click();
      await expect(page.locator(".account-menu__panel").getByRole("link", { name: "Back office" })).toHaveAttribute("href", "/staff");
    });
  }

  test("a member is shown their classes instead, in the header and the phone menu", async ({ page, baseURL }) => {
    await signInContext(page.request, baseURL!, "+12015550101");
    await page.goto("/classes");
    await expect(page.locator("header.site-header").getByRole("link", { name: /free week/ })).toHaveCount(0);
    await expect(page.locator(".site-header__cta")).toHaveText("Your classes");
    await expect(page.locator(".site-header__cta")).toHaveAttribute("href", "/my-classes");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator("details.menu-sheet > summary").click();
    await expect(page.locator(".menu-sheet__panel").getByRole("link", { name: "Your classes" })).toBeVisible();
    await expect(page.locator(".menu-sheet__panel").getByRole("link", { name: /free week/ })).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("link", { name: /free week/ })).toHaveCount(0);
    await expect(page.locator(".account-menu__panel").getByRole("link", { name: "Back office" })).toHaveCount(0);
  });
});
