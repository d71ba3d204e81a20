import { describe, expect, it } from "vitest";
import { ageInZone, isMinor, namesMatch, signWaiverSchema, signatureId, waiverId } from "./waiver";

const NOW = new Date("2026-11-23T12:00:00Z");

describe("the under-18 rule", () => {
  it("counts whole years on the studio's calendar", () => {
    expect(ageInZone("2008-11-23", NOW, "Europe/London")).toBe(18);
    expect(ageInZone("2008-11-24", NOW, "Europe/London")).toBe(17);
    expect(isMinor("2008-11-24", NOW, "Europe/London")).toBe(true);
    expect(isMinor("2008-11-23", NOW, "Europe/London")).toBe(false);
  });

  it("an 18th birthday starts at midnight where the studio is", () => {
    // 23:30 UTC on the 23rd is already the 24th in Tokyo, still the 23rd in New York.
    const lateEvening = new Date("2026-11-23T23:30:00Z");
    expect(isMinor("2008-11-24", lateEvening, "Asia/Tokyo")).toBe(false);
    expect(isMinor("2008-11-24", lateEvening, "America/New_York")).toBe(true);
  });
});

describe("the signing form", () => {
  const adult = { expectedName: "Juniper Vale", birthday: "1990-04-21", now: NOW, timeZone: "Europe/London" };
  const base = { version: "2", fullName: "Juniper Vale", consent: "on" };

  it("takes the typed name, the box and the version", () => {
    const parsed = signWaiverSchema(adult).safeParse(base);
    expect(parsed.success && parsed.data).toMatchObject({ version: 2, fullName: "Juniper Vale", birthday: "1990-04-21" });
  });

  it("refuses an empty or mismatched name and an unticked box, each beside its field", () => {
    const empty = signWaiverSchema(adult).safeParse({ ...base, fullName: "  " });
    expect(!empty.success && empty.error.issues.map((i) => i.path[0])).toEqual(["fullName"]);
    const other = signWaiverSchema(adult).safeParse({ ...base, fullName: "Someone Else" });
    expect(!other.success && other.error.issues[0].message).toContain("Juniper Vale");
    const unticked = signWaiverSchema(adult).safeParse({ ...base, consent: undefined });
    expect(!unticked.success && unticked.error.issues.map((i) => i.path[0])).toEqual(["consent"]);
  });

  it("forgives case, accents and spacing in the typed name", () => {
    expect(namesMatch("  juniper   VALE ", "Juniper Vale")).toBe(true);
    expect(namesMatch("Zoë O. Brien", "Zoe O Brien")).toBe(true);
    expect(namesMatch("", "")).toBe(false);
  });

  it("under 18: a guardian's name (not their own) and the guardian's tick are required", () => {
    const minor = { ...adult, birthday: "2010-06-01" };
    const missing = signWaiverSchema(minor).safeParse(base);
    expect(!missing.success && missing.error.issues.map((i) => i.path[0]).sort()).toEqual(["guardianConsent", "guardianName"]);
    const self = signWaiverSchema(minor).safeParse({ ...base, guardianName: "juniper vale", guardianConsent: "on" });
    expect(!self.success && self.error.issues[0].path[0]).toBe("guardianName");
    expect(signWaiverSchema(minor).safeParse({ ...base, guardianName: "Rowan Vale", guardianConsent: "on" }).success).toBe(true);
  });

  it("asks for a date of birth when the account has none, and applies the rule to it", () => {
    const unknown = { ...adult, birthday: null };
    expect(signWaiverSchema(unknown).safeParse(base).success).toBe(false);
    expect(signWaiverSchema(unknown).safeParse({ ...base, birthday: "2026-02-30" }).success).toBe(false);
    expect(signWaiverSchema(unknown).safeParse({ ...base, birthday: "1990-04-21" }).success).toBe(true);
    const young = signWaiverSchema(unknown).safeParse({ ...base, birthday: "2011-01-01" });
    expect(!young.success && young.error.issues.map((i) => i.path[0])).toContain("guardianName");
  });

  it("a version that isn't a number is refused", () => {
    expect(signWaiverSchema(adult).safeParse({ ...base, version: "two" }).success).toBe(false);
  });
});

describe("ids", () => {
  it("a version and a signature are named by studio, version and member", () => {
    expect(waiverId("wren-canal", 3)).toBe("wren-canal-v3");
    expect(signatureId("wren-canal", 3, "u1")).toBe("wren-canal-v3:u1");
  });
});
