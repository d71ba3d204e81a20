import { describe, expect, it } from "vitest";
import {
  canBecome,
  codeFromScan,
  checkInPayload,
  freeCancellation,
  isLateCancel,
  lateCancelDeadline,
  lateCancelSentence,
  studioDay,
  StudioSchema,
} from "./studio";
import { demoStudios } from "~/demo/studios";

describe("the late-cancel window, on the studio's clock", () => {
  it("a rule in hours is that many hours before the start, whatever the zone", () => {
    const deadline = lateCancelDeadline("2026-12-01T17:30:00.000Z", { kind: "hours", hours: 12 }, "America/New_York");
    expect(deadline.toISOString()).toBe("2026-12-01T05:30:00.000Z");
    expect(
      isLateCancel("2026-12-01T17:30:00.000Z", { kind: "hours", hours: 12 }, "America/New_York", new Date("2026-12-01T05:29:59Z")),
    ).toBe(false);
    expect(
      isLateCancel("2026-12-01T17:30:00.000Z", { kind: "hours", hours: 12 }, "America/New_York", new Date("2026-12-01T05:30:00Z")),
    ).toBe(true);
  });

  it("'20:00 the evening before' is 20:00 where the studio is, in winter and in summer", () => {
    const rule = { kind: "evening-before", time: "20:00" } as const;
    // London in winter is GMT: 20:00 local is 20:00 UTC.
    expect(lateCancelDeadline("2026-12-02T07:30:00.000Z", rule, "Europe/London").toISOString()).toBe("2026-12-01T20:00:00.000Z");
    // London in summer is BST (UTC+1): 20:00 local is 19:00 UTC.
    expect(lateCancelDeadline("2026-07-01T06:30:00.000Z", rule, "Europe/London").toISOString()).toBe("2026-06-30T19:00:00.000Z");
    // The same rule in New York: 20:00 EST is 01:00 UTC the next day.
    expect(lateCancelDeadline("2026-12-02T17:30:00.000Z", rule, "America/New_York").toISOString()).toBe("2026-12-02T01:00:00.000Z");
  });

  it("the day before is the studio's day before, not UTC's", () => {
    // 00:30 on 2 December in Tokyo is still 1 December in UTC.
    const deadline = lateCancelDeadline("2026-12-01T15:30:00.000Z", { kind: "evening-before", time: "20:00" }, "Asia/Tokyo");
    expect(deadline.toISOString()).toBe("2026-12-01T11:00:00.000Z");
  });

  it("the sentence before confirming names the deadline in the studio's zone, or says it is already late", () => {
    const sentence = lateCancelSentence(
      "2026-12-02T07:30:00.000Z",
      { kind: "evening-before", time: "20:00" },
      "Europe/London",
      new Date("2026-11-30T12:00:00Z"),
    );
    expect(sentence).toContain("Cancel before Tuesday 1 December, 8:00 pm, London time");
    // A reader on the studio's own clock is not told the zone.
    expect(
      lateCancelSentence(
        "2026-12-02T07:30:00.000Z",
        { kind: "evening-before", time: "20:00" },
        "Europe/London",
        new Date("2026-11-30T12:00:00Z"),
        "Europe/London",
      ),
    ).toContain("Cancel before Tuesday 1 December, 8:00 pm to keep");
    expect(
      lateCancelSentence("2026-12-02T07:30:00.000Z", { kind: "hours", hours: 12 }, "Europe/London", new Date("2026-12-02T00:00:00Z")),
    ).toContain("late-cancel window already");
  });

  it("the ticket's free cancellation never promises a moment already gone", () => {
    const rule = { kind: "hours", hours: 12 } as const;
    const startsAt = "2026-12-02T21:30:00.000Z";
    expect(freeCancellation(startsAt, rule, "Europe/London", new Date("2026-12-02T09:00:00Z"), "Europe/London")).toEqual({
      label: "Free cancellation until",
      text: "Wednesday 2 December, 9:30 am",
    });
    const passed = freeCancellation(startsAt, rule, "Europe/London", new Date("2026-12-02T10:00:00Z"), "Asia/Kolkata");
    expect(passed.label).toBe("Free cancellation");
    expect(passed.text).toBe("Ended Wednesday 2 December, 9:30 am, London time. Cancelling now counts as a late cancellation.");
  });

  it("a studio's day is its own calendar day", () => {
    expect(studioDay("2026-12-02T03:00:00.000Z", "America/New_York")).toBe("2026-12-01");
    expect(studioDay("2026-12-02T03:00:00.000Z", "Europe/London")).toBe("2026-12-02");
  });
});

describe("ticket states", () => {
  it("a new ticket is booked or waitlisted, never checked in straight away", () => {
    expect(canBecome(null, "booked")).toBe(true);
    expect(canBecome(null, "waitlisted")).toBe(true);
    expect(canBecome(null, "checked_in")).toBe(false);
  });

  it("booked tickets can be cancelled (in time or late), checked in, or marked no-show; check-in can be undone", () => {
    for (const to of ["cancelled", "late_cancelled", "checked_in", "no_show"] as const) expect(canBecome("booked", to)).toBe(true);
    expect(canBecome("checked_in", "booked")).toBe(true);
    expect(canBecome("checked_in", "no_show")).toBe(false);
  });

  it("waitlisted tickets are promoted or leave; they can't be checked in or go late", () => {
    expect(canBecome("waitlisted", "booked")).toBe(true);
    expect(canBecome("waitlisted", "checked_in")).toBe(false);
    expect(canBecome("waitlisted", "late_cancelled")).toBe(false);
  });

  it("a no-show is final", () => {
    for (const to of ["booked", "waitlisted", "checked_in", "cancelled"] as const) expect(canBecome("no_show", to)).toBe(false);
  });
});

describe("check-in codes", () => {
  it("reads our QR payload or a typed code, in any case, and nothing else", () => {
    expect(codeFromScan(checkInPayload("ABCDEFGH23"))).toBe("ABCDEFGH23");
    expect(codeFromScan(" abcdefgh23 ")).toBe("ABCDEFGH23");
    // Read out as the ticket shows it, in two groups.
    expect(codeFromScan("ABCDE FGH23")).toBe("ABCDEFGH23");
    expect(codeFromScan("abcde-fgh23")).toBe("ABCDEFGH23");
    expect(codeFromScan("https://example.com")).toBeNull();
    expect(codeFromScan("ABCDEFGH1")).toBeNull();
  });
});

describe("demo studios", () => {
  it("are valid and in different zones", () => {
    for (const studio of demoStudios) expect(StudioSchema.safeParse(studio).success).toBe(true);
    expect(new Set(demoStudios.map((s) => s.timeZone)).size).toBe(demoStudios.length);
  });
});
