import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/**
 * The row of one class on /staff/classes. The page's list is cached for up to 30 s, so a class
 * written straight into the store (tests/support/e2e-store.ts) may appear only once another test's
 * cached list has expired: the page is opened again until the row is there.
 */
export async function staffClassRow(staff: Page, baseURL: string, classId: string): Promise<Locator> {
  const row = staff.locator(".staff-class", { has: staff.locator(`a[href="/classes/${classId}"]`) });
  await expect(async () => {
    await staff.goto(`${baseURL}/staff/classes`);
    await expect(row).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 45_000, intervals: [2000] });
  return row;
}
