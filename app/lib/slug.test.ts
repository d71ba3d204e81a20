import { describe, expect, it } from "vitest";
import { addressFromTitle } from "./slug";

describe("addressFromTitle", () => {
  it("makes lower-case words joined by single hyphens", () => {
    expect(addressFromTitle("Breathing at Your Desk!")).toBe("breathing-at-your-desk");
    expect(addressFromTitle("  Zoë's   Sleep — Basics ")).toBe("zoe-s-sleep-basics");
  });

  it("cuts a long title at a word's end, and gives nothing for a title without letters", () => {
    expect(addressFromTitle("one two three four", 12)).toBe("one-two");
    expect(addressFromTitle("?!")).toBe("");
  });
});
