import { describe, expect, it } from "vitest";
import { barsFor, bucketByDay, csvCell, dayKeys, fillPercent, lookbackStart, seriesOf, toCsv } from "./dashboard";

describe("the morning figures' arithmetic", () => {
  const now = new Date("2026-11-26T08:00:00Z");

  it("puts events in their UTC day, today last, and leaves out what is older than 30 days", () => {
    const days = dayKeys(now);
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-10-28");
    expect(days[29]).toBe("2026-11-26");
    const daily = bucketByDay(
      [
        { at: Date.parse("2026-11-26T00:00:00Z") },
        { at: Date.parse("2026-11-25T23:59:59Z"), amount: 5 },
        { at: Date.parse("2026-10-27T23:59:59Z") },
        { at: Date.parse("2026-10-28T00:00:00Z") },
      ],
      now,
    );
    expect(daily[29]).toBe(1);
    expect(daily[28]).toBe(5);
    expect(daily[0]).toBe(1);
    expect(daily.reduce((a, b) => a + b, 0)).toBe(7);
    expect(seriesOf("creditsSold", daily)).toMatchObject({ last7: 6, last30: 7 });
  });

  it("counts by the admin's own days: at 08:00 UTC it is still the 26th's midnight hour in Los Angeles", () => {
    const zone = "America/Los_Angeles";
    const days = dayKeys(now, 30, zone);
    expect(days[29]).toBe("2026-11-26");
    // 07:30 UTC on the 26th is 23:30 on the 25th in Los Angeles: yesterday there, today in UTC.
    const daily = bucketByDay([{ at: Date.parse("2026-11-26T07:30:00Z") }, { at: Date.parse("2026-11-26T08:00:00Z") }], now, 30, zone);
    expect(daily[28]).toBe(1);
    expect(daily[29]).toBe(1);
    expect(lookbackStart(now, 30, zone)).toBe(Date.parse("2026-10-28T07:00:00Z"));
  });

  it("fills to whole percentages and draws one bar per value within its box", () => {
    expect(fillPercent(7, 20)).toBe(35);
    expect(fillPercent(25, 20)).toBe(100);
    expect(fillPercent(3, 0)).toBe(0);
    const bars = barsFor([0, 5, 10], 30, 20);
    expect(bars).toHaveLength(3);
    expect(bars[2]).toMatchObject({ y: 0, height: 20 });
    expect(bars[0].height).toBe(1);
    expect(bars.every((b) => b.x + b.width <= 30 && b.y + b.height === 20)).toBe(true);
  });

  it("writes CSV a spreadsheet opens as text: formulas defused, quotes and commas quoted", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    for (const start of ["+1", "-1+2", "@SUM(A1)", "\t=1", "\r=1"]) expect(csvCell(start).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell("Calm, then rest")).toBe(`"Calm, then rest"`);
    expect(csvCell("Plain")).toBe("Plain");
    expect(csvCell(-3)).toBe("-3");
    expect(
      toCsv([
        ["a", 1],
        ["b", 2],
      ]),
    ).toBe("a,1\r\nb,2\r\n");
  });
});
