import { describe, expect, it } from "vitest";
import { demoLandingPages } from "./landing-pages";

describe("demo landing pages", () => {
  // Issue 34: /oura's hero said "Stillhour for Oura members" as its wordmark and again to open its lede.
  it("never open a hero line by repeating the wordmark above it", () => {
    for (const page of demoLandingPages) {
      const mark = page.logo.text.toLowerCase();
      for (const line of [page.eyebrow, page.headline, page.subheadline]) {
        const opening = line?.toLowerCase().slice(0, mark.length + 1) ?? "";
        expect(opening === mark || (opening.startsWith(mark) && !/[a-z]/.test(opening.slice(-1))), `${page.slug}: "${line}"`).toBe(false);
      }
    }
  });
});
