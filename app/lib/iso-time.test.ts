import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isoDay, isoInstant } from "./iso-time";

describe("isoInstant and isoDay", () => {
  it("give the ISO text of a valid time", () => {
    const time = DateTime.fromISO("2025-01-09T07:30:00", { zone: "America/Los_Angeles" });
    expect(isoInstant(time.toUTC())).toBe("2025-01-09T15:30:00.000Z");
    expect(isoDay(time)).toBe("2025-01-09");
  });

  it("refuse an invalid time instead of answering null", () => {
    const invalid = DateTime.fromISO("2025-03-09", { zone: "Not/AZone" });
    expect(() => isoInstant(invalid)).toThrow(/Not a valid time/);
    expect(() => isoDay(invalid)).toThrow(/Not a valid day/);
  });
});
