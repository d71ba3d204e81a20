import { describe, expect, it } from "vitest";
import { TimeZoneFormSchema, canonicalTimeZone, zoneCity, zoneLabel, zonesByRegion } from "./time-zone";

describe("the visitor's time zone", () => {
  it("accepts IANA zones in their canonical spelling and refuses anything else", () => {
    expect(canonicalTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone(" utc ")).toBe("UTC");
    for (const forged of ["", "Mars/Olympus_Mons", "<script>", "Europe/Berlin\u0000", "x".repeat(65), 42, null]) {
      expect(canonicalTimeZone(forged)).toBeNull();
    }
  });

  it("answers a forged form value with a sentence, not an exception", () => {
    const parsed = TimeZoneFormSchema.safeParse({ timeZone: "Atlantis/Capital" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toMatch(/don't know that time zone/);
    expect(TimeZoneFormSchema.parse({ timeZone: "America/Los_Angeles" })).toEqual({ timeZone: "America/Los_Angeles", source: "chosen" });
  });

  it("names a zone by its city and its offset at that moment", () => {
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
    expect(zoneLabel("Europe/Berlin", new Date("2026-07-01T12:00:00Z"))).toBe("Berlin time (GMT+2)");
    expect(zoneLabel("Europe/Berlin", new Date("2026-12-01T12:00:00Z"))).toBe("Berlin time (GMT+1)");
    expect(zoneLabel("UTC")).toBe("GMT");
  });

  it("lists every zone once, grouped by region", () => {
    const groups = zonesByRegion();
    const zones = groups.flatMap((group) => group.zones);
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toContain("Asia/Tokyo");
    expect(groups.find((group) => group.region === "Europe")?.zones).toContain("Europe/Lisbon");
  });
});
