import { describe, expect, it } from "vitest";
import { dailyQuote } from "./content";

const quotes = [
  { id: "quote-1", kind: "member" as const },
  { id: "daily-2", kind: "daily" as const },
  { id: "daily-1", kind: "daily" as const },
  { id: "daily-3", kind: "daily" as const },
];

describe("the quote of the day (issue 27)", () => {
  it("is the same all day in one zone and the next one the next day, never a member's words", () => {
    const morning = dailyQuote(quotes, Date.parse("2026-11-26T08:00:00Z"), "Europe/London");
    const evening = dailyQuote(quotes, Date.parse("2026-11-26T23:30:00Z"), "Europe/London");
    const tomorrow = dailyQuote(quotes, Date.parse("2026-11-27T08:00:00Z"), "Europe/London");
    expect(morning).toEqual(evening);
    expect(tomorrow).not.toEqual(morning);
    expect(morning?.kind).toBe("daily");
    const week = Array.from({ length: 3 }, (_, i) => dailyQuote(quotes, Date.parse("2026-11-26T12:00:00Z") + i * 86_400_000, "UTC")?.id);
    expect(new Set(week).size).toBe(3);
  });

  it("follows each reader's own day: 23:30 in Los Angeles is still the day before Tokyo's", () => {
    const at = Date.parse("2026-11-27T07:30:00Z"); // 23:30 on the 26th in Los Angeles, 16:30 on the 27th in Tokyo
    expect(dailyQuote(quotes, at, "America/Los_Angeles")).toEqual(dailyQuote(quotes, Date.parse("2026-11-26T12:00:00Z"), "UTC"));
    expect(dailyQuote(quotes, at, "Asia/Tokyo")).toEqual(dailyQuote(quotes, Date.parse("2026-11-27T12:00:00Z"), "UTC"));
    expect(dailyQuote(quotes, at, "Not/AZone")).toEqual(dailyQuote(quotes, at, "UTC"));
  });

  it("is nothing when the store holds no daily quotes", () => {
    expect(dailyQuote([{ id: "quote-1", kind: "member" as const }], Date.now(), "UTC")).toBeNull();
  });
});
