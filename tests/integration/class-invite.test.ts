import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarLinks, classInvite } from "../../app/models/classes/class-invite.server";

const liveClass = {
  id: "dawn-2026-03-08",
  title: "Dawn Breath",
  startsAt: "2026-03-08T14:00:00.000Z",
  durationMinutes: 20,
  description: "Easy breathing to start the day.",
};
const base = {
  liveClass,
  teacherName: "Amara Osei",
  url: "https://stillhour.example/classes/dawn-breath-2026-03-08",
  joinUrl: null,
  timeZone: "America/Los_Angeles",
  sequence: 0,
  cancelled: false,
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent")!;
  return { calendar, event };
}

describe("a class's calendar invite, read back by an iCalendar parser", () => {
  it("carries the zone's VTIMEZONE and TZID times that keep 7:00 in Los Angeles on the day clocks change", () => {
    const { calendar, event } = parse(classInvite(base));
    const zone = calendar.getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe("America/Los_Angeles");
    const start = event.getFirstProperty("dtstart")!;
    expect(start.getParameter("tzid")).toBe("America/Los_Angeles");
    const value = start.getFirstValue() as ICAL.Time;
    expect([value.hour, value.minute, value.isDate]).toEqual([7, 0, false]);
    const end = event.getFirstProperty("dtend")!.getFirstValue() as ICAL.Time;
    expect([end.hour, end.minute]).toEqual([7, 20]);
    // Resolved through the VTIMEZONE, it is the right instant (PDT, UTC-7, from that morning).
    ICAL.TimezoneService.register(zone);
    expect(new ICAL.Event(event).startDate.toUnixTime()).toBe(Date.parse(liveClass.startsAt) / 1000);
  });

  it("keeps its UID, raises SEQUENCE with the class and says CANCELLED once cancelled", () => {
    const first = parse(classInvite(base)).event;
    const changed = parse(classInvite({ ...base, sequence: 2, cancelled: true }));
    expect(first.getFirstPropertyValue("uid")).toBe("class-dawn-2026-03-08@stillhour.example");
    expect(changed.event.getFirstPropertyValue("uid")).toBe(first.getFirstPropertyValue("uid"));
    expect(first.getFirstPropertyValue("sequence")).toBe(0);
    expect(changed.event.getFirstPropertyValue("sequence")).toBe(2);
    expect(first.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(changed.event.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(changed.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
  });

  it("names the join page only in a booked member's copy", () => {
    const publicCopy = classInvite(base);
    const booked = classInvite({ ...base, joinUrl: "https://stillhour.example/classes/dawn-breath-2026-03-08" });
    expect(String(parse(publicCopy).event.getFirstPropertyValue("description"))).not.toContain("Join");
    expect(String(parse(booked).event.getFirstPropertyValue("description"))).toContain("Join from this page");
    expect(publicCopy).not.toContain("/demo/room");
  });

  it("offers Google and Outlook links with the class's UTC times", () => {
    const links = calendarLinks({ liveClass, teacherName: "Amara Osei", url: base.url });
    expect(new URL(links.google).searchParams.get("dates")).toBe("20260308T140000Z/20260308T142000Z");
    expect(new URL(links.outlook).searchParams.get("startdt")).toBe("2026-03-08T14:00:00.000Z");
  });
});
