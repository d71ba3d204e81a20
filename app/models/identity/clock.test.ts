import { describe, expect, it } from "vitest";
import {
  clockDate,
  clockDay,
  clockDayTime,
  clockDayTimeAt,
  clockRange,
  clockShortDayTime,
  clockTime,
  clockTimeAt,
  fromLocalInput,
  readerDay,
  sameClock,
  toLocalInput,
  zoneWords,
} from "./clock";

// 01:13 UTC on 2 December is 8:13 pm on 1 December in New York, 6:43 am on 2 December in Kolkata.
const AT = "2026-12-02T01:13:00.000Z";

describe("a time on the reader's clock", () => {
  it("is the reader's own, without naming the zone", () => {
    expect(clockTime(AT, "America/New_York")).toBe("8:13 pm");
    expect(clockTime(AT, "Asia/Kolkata")).toBe("6:43 am");
    expect(clockDayTime(AT, "America/New_York")).toBe("Tuesday 1 December, 8:13 pm");
    expect(clockShortDayTime(AT, "Asia/Kolkata")).toBe("Wed 2 Dec, 6:43 am");
    expect(clockDay(AT, "America/Los_Angeles")).toBe("Tuesday 1 December");
    expect(clockDate(AT, "America/Los_Angeles")).toBe("1 December 2026");
  });

  it("says UTC only when the reader's zone is unknown", () => {
    expect(clockTime(AT, null)).toBe("1:13 am GMT");
    expect(clockTime(AT, "Not/AZone")).toBe("1:13 am GMT");
    expect(clockTime(AT, "UTC")).toBe("1:13 am");
  });

  it("writes a range once per half of the day", () => {
    const end = "2026-12-02T01:53:00.000Z";
    expect(clockRange(AT, end, "America/New_York")).toBe("8:13 – 8:53 pm");
    expect(clockRange("2026-12-02T04:30:00.000Z", "2026-12-02T05:10:00.000Z", "America/New_York")).toBe("11:30 pm – 12:10 am");
  });

  it("dates 'today' by the reader's day", () => {
    expect(readerDay(AT, "America/New_York")).toBe("2026-12-01");
    expect(readerDay(AT, "Asia/Kolkata")).toBe("2026-12-02");
  });
});

describe("a place's clock read from elsewhere", () => {
  it("names the place's zone only when the reader's clock differs", () => {
    expect(clockDayTimeAt(AT, "America/New_York", "America/New_York")).toBe("Tuesday 1 December, 8:13 pm");
    expect(clockDayTimeAt(AT, "America/New_York", "America/Toronto")).toBe("Tuesday 1 December, 8:13 pm");
    expect(clockDayTimeAt(AT, "America/New_York", "Asia/Kolkata")).toBe("Tuesday 1 December, 8:13 pm, New York time");
    expect(clockTimeAt(AT, "America/New_York", null)).toBe("8:13 pm, New York time");
    expect(sameClock("Europe/London", "Europe/Lisbon", AT)).toBe(true);
    expect(zoneWords("America/Argentina/Buenos_Aires")).toBe("Buenos Aires time");
  });
});

describe("a typed time in a zone", () => {
  const zones = [
    "America/Los_Angeles",
    "America/New_York",
    "Asia/Kolkata",
    "Europe/London",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "UTC",
  ];

  it("round-trips: what is shown in a field reads back as the same instant", () => {
    // Every 97 minutes through a year (both daylight-saving changes, every hour of the day).
    for (const zone of zones) {
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 97 * 60_000) {
        const shown = toLocalInput(t, zone);
        const read = fromLocalInput(shown, zone)!;
        // In the autumn overlap the earlier of the two instants is taken; its wall clock is the same.
        expect(toLocalInput(read, zone)).toBe(shown);
        expect(read.getTime() === t || read.getTime() < t).toBe(true);
      }
    }
  });

  it("reads a wall time in that zone, not the server's", () => {
    expect(fromLocalInput("2026-12-01T20:13", "America/New_York")?.toISOString()).toBe(AT);
    expect(fromLocalInput("2026-12-02T06:43", "Asia/Kolkata")?.toISOString()).toBe(AT);
    expect(fromLocalInput("2026-12-01", "Asia/Kolkata")?.toISOString()).toBe("2026-11-30T18:30:00.000Z");
  });

  it("moves a time in the spring gap forward and takes the first of an autumn overlap", () => {
    expect(fromLocalInput("2026-03-08T02:30", "America/Los_Angeles")?.toISOString()).toBe("2026-03-08T10:30:00.000Z");
    expect(toLocalInput("2026-03-08T10:30:00.000Z", "America/Los_Angeles")).toBe("2026-03-08T03:30");
    expect(fromLocalInput("2026-11-01T01:30", "America/Los_Angeles")?.toISOString()).toBe("2026-11-01T08:30:00.000Z");
  });

  it("refuses what is not a date", () => {
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T25:00"])
      expect(fromLocalInput(bad, "UTC")).toBeNull();
  });
});
