import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import {
  ClassTemplateSchema,
  classState,
  groupByDay,
  instantAt,
  localDateOfClassId,
  occurrenceOn,
  occurrences,
  timeOfDay,
} from "./class-schedule";

const template = (overrides: Partial<Record<string, unknown>> = {}) =>
  ClassTemplateSchema.parse({
    id: "dawn",
    title: "Dawn Breath",
    teacherId: "teacher-amara",
    modality: "breathwork",
    durationMinutes: 20,
    capacity: 10,
    timeZone: "America/Los_Angeles",
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    localTime: "07:00",
    ...overrides,
  });

const utcTimes = (zone: string, from: string, days: number, time = "07:00") =>
  occurrences(template({ timeZone: zone, localTime: time }), new Date(from), 1)
    .slice(0, days)
    .map((c) => [c.id, c.startsAt]);

describe("slots on the wall clock of their own zone", () => {
  it("keeps 7:00 in Los Angeles across the spring change (8 March 2026): the UTC instant moves an hour", () => {
    expect(utcTimes("America/Los_Angeles", "2026-03-07T00:00:00Z", 3)).toEqual([
      ["dawn-2026-03-07", "2026-03-07T15:00:00.000Z"],
      ["dawn-2026-03-08", "2026-03-08T14:00:00.000Z"],
      ["dawn-2026-03-09", "2026-03-09T14:00:00.000Z"],
    ]);
  });

  it("keeps 7:00 in Los Angeles across the autumn change (1 November 2026)", () => {
    expect(utcTimes("America/Los_Angeles", "2026-10-31T00:00:00Z", 3)).toEqual([
      ["dawn-2026-10-31", "2026-10-31T14:00:00.000Z"],
      ["dawn-2026-11-01", "2026-11-01T15:00:00.000Z"],
      ["dawn-2026-11-02", "2026-11-02T15:00:00.000Z"],
    ]);
  });

  it("keeps 7:00 in Berlin across the spring (29 March) and autumn (25 October 2026) changes", () => {
    expect(utcTimes("Europe/Berlin", "2026-03-28T00:00:00Z", 2)).toEqual([
      ["dawn-2026-03-28", "2026-03-28T06:00:00.000Z"],
      ["dawn-2026-03-29", "2026-03-29T05:00:00.000Z"],
    ]);
    expect(utcTimes("Europe/Berlin", "2026-10-24T00:00:00Z", 2)).toEqual([
      ["dawn-2026-10-24", "2026-10-24T05:00:00.000Z"],
      ["dawn-2026-10-25", "2026-10-25T06:00:00.000Z"],
    ]);
  });

  it("moves a time inside the spring gap forward by the gap, and takes the earlier of an autumn repeat", () => {
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00): it becomes 03:30 CEST.
    expect(instantAt("2026-03-29", "02:30", "Europe/Berlin").toUTC().toISO()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October 2026: the first, still in summer time (UTC+2).
    expect(instantAt("2026-10-25", "02:30", "Europe/Berlin").toUTC().toISO()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("makes only the template's weekdays, with stable ids and slugs, none before `from`", () => {
    const made = occurrences(template({ weekdays: [2, 4] }), new Date("2026-11-23T20:00:00Z"), 2);
    expect(made.map((c) => c.id)).toEqual(["dawn-2026-11-24", "dawn-2026-11-26", "dawn-2026-12-01", "dawn-2026-12-03"]);
    expect(made[0]).toMatchObject({
      slug: "dawn-breath-2026-11-24",
      templateId: "dawn",
      timeZone: "America/Los_Angeles",
      capacity: 10,
      status: "scheduled",
      sequence: 0,
    });
    expect(occurrences(template({ weekdays: [1] }), new Date("2026-11-23T16:00:00Z"), 1)).toEqual([]);
  });

  it("refuses a template with a made-up zone or a time that is not HH:MM", () => {
    expect(ClassTemplateSchema.safeParse({ ...template(), timeZone: "Mars/Base" }).success).toBe(false);
    expect(ClassTemplateSchema.safeParse({ ...template(), localTime: "7am" }).success).toBe(false);
  });
});

describe("reading the schedule", () => {
  const liveClass = { startsAt: "2026-11-24T23:30:00.000Z", durationMinutes: 30, status: "scheduled" as const };

  it("puts a 23:30 UTC class on the next day in Tokyo and keeps it on its day in UTC", () => {
    expect(groupByDay([liveClass], "Asia/Tokyo").map((d) => [d.dayKey, d.label])).toEqual([["2026-11-25", "Wednesday 25 November"]]);
    expect(groupByDay([liveClass], "UTC")[0].dayKey).toBe("2026-11-24");
  });

  it("puts every class on the same day and part of day as luxon does, across zones and clock changes", () => {
    const zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Europe/London", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham"];
    // Every 37 minutes through 2026, which crosses each zone's clock changes and midnights.
    for (let at = Date.parse("2026-01-01T00:00:00Z"); at < Date.parse("2027-01-01T00:00:00Z"); at += 37 * 60_000 * 13) {
      const startsAt = new Date(at).toISOString();
      for (const zone of zones) {
        const local = DateTime.fromISO(startsAt, { zone });
        expect(groupByDay([{ startsAt }], zone)[0].dayKey).toBe(local.toISODate());
        expect(timeOfDay(startsAt, zone)).toBe(local.hour < 12 ? "morning" : local.hour < 17 ? "afternoon" : "evening");
      }
    }
  });

  it("says morning, afternoon or evening on the viewer's clock", () => {
    expect(timeOfDay(liveClass.startsAt, "UTC")).toBe("evening");
    expect(timeOfDay(liveClass.startsAt, "Asia/Tokyo")).toBe("morning");
    expect(timeOfDay("2026-11-24T13:00:00Z", "UTC")).toBe("afternoon");
  });

  it("is live from its first second to its last, and cancelled whatever the time", () => {
    const start = Date.parse(liveClass.startsAt);
    expect(classState(liveClass, new Date(start - 1))).toBe("scheduled");
    expect(classState(liveClass, new Date(start))).toBe("live");
    expect(classState(liveClass, new Date(start + 30 * 60_000 - 1))).toBe("live");
    expect(classState(liveClass, new Date(start + 30 * 60_000))).toBe("ended");
    expect(classState({ ...liveClass, status: "cancelled" }, new Date(start))).toBe("cancelled");
  });
});

describe("one date's class of a template (issue 26, ADR 051)", () => {
  it("starts an edited 07:00 Los Angeles template at 07:00 local on both sides of the spring and autumn changes", () => {
    const edited = template({ localTime: "07:00", weekdays: [6, 7, 1] });
    const local = (date: string) => occurrenceOn(edited, date)!.startsAt;
    expect([local("2026-03-07"), local("2026-03-08"), local("2026-03-09")]).toEqual([
      "2026-03-07T15:00:00.000Z",
      "2026-03-08T14:00:00.000Z",
      "2026-03-09T14:00:00.000Z",
    ]);
    expect([local("2026-10-31"), local("2026-11-01"), local("2026-11-02")]).toEqual([
      "2026-10-31T14:00:00.000Z",
      "2026-11-01T15:00:00.000Z",
      "2026-11-02T15:00:00.000Z",
    ]);
    for (const date of ["2026-03-07", "2026-03-09", "2026-11-01"])
      expect(DateTime.fromISO(local(date), { zone: "America/Los_Angeles" }).toFormat("HH:mm")).toBe("07:00");
  });

  it("makes none on a day the template does not run, and reads the date back from the class id", () => {
    expect(occurrenceOn(template({ weekdays: [2] }), "2026-11-23")).toBeNull();
    expect(localDateOfClassId("dawn", "dawn-2026-11-24")).toBe("2026-11-24");
    expect(localDateOfClassId("dawn", "dawn-extra-2026-11-24")).toBeNull();
    expect(localDateOfClassId("dawn", "other-2026-11-24")).toBeNull();
  });
});
