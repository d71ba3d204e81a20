import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";
import type { LiveClass } from "~/models/classes/live-class";
import { isoInstant } from "~/lib/iso-time";

/**
 * Calendar invites for a class (issue 9; ADR 016): one VEVENT in the class's own zone with its
 * VTIMEZONE block and TZID times (never floating, never only UTC), a UID that never changes, SEQUENCE
 * from the class (raised on every change) and STATUS:CANCELLED once it is cancelled. The join page's
 * address goes in only for a booked member.
 */
export function classInvite(input: {
  liveClass: Pick<LiveClass, "id" | "title" | "startsAt" | "durationMinutes" | "description">;
  teacherName: string | null;
  url: string;
  joinUrl: string | null;
  timeZone: string;
  sequence: number;
  cancelled: boolean;
}): string {
  const { liveClass, timeZone } = input;
  const start = DateTime.fromISO(liveClass.startsAt, { zone: "utc" }).setZone(timeZone);
  const calendar = ical({
    prodId: { company: "Stillhour", product: "Live classes", language: "EN" },
    name: "Stillhour",
    method: input.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    timezone: { name: timeZone, generator: getVtimezoneComponent },
  });
  const lines = [
    input.teacherName ? `A live class with ${input.teacherName}.` : "A live class.",
    liveClass.description,
    input.joinUrl ? `Join from this page, from ten minutes before the start: ${input.joinUrl}` : `Class page: ${input.url}`,
  ].filter(Boolean);
  calendar.createEvent({
    id: `class-${liveClass.id}@stillhour.example`,
    start,
    end: start.plus({ minutes: liveClass.durationMinutes }),
    timezone: timeZone,
    summary: input.cancelled ? `Cancelled: ${liveClass.title}` : liveClass.title,
    description: lines.join("\n\n"),
    url: input.url,
    location: input.joinUrl ? "Online (Stillhour)" : "Online",
    sequence: input.sequence,
    status: input.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: DateTime.utc().startOf("second"),
  });
  return calendar.toString();
}

/** "Add to Google Calendar" and "Add to Outlook" addresses for a class (no join link: these are public). */
export function calendarLinks(input: {
  liveClass: Pick<LiveClass, "title" | "startsAt" | "durationMinutes" | "description">;
  teacherName: string | null;
  url: string;
}) {
  const start = DateTime.fromISO(input.liveClass.startsAt, { zone: "utc" });
  const end = start.plus({ minutes: input.liveClass.durationMinutes });
  const details = `${input.teacherName ? `A live class with ${input.teacherName}. ` : ""}${input.url}`;
  const compact = (time: DateTime) => time.toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
  const google = new URL("https://calendar.google.com/calendar/render");
  google.search = new URLSearchParams({
    action: "TEMPLATE",
    text: input.liveClass.title,
    dates: `${compact(start)}/${compact(end)}`,
    details,
  }).toString();
  const outlook = new URL("https://outlook.live.com/calendar/0/deeplink/compose");
  outlook.search = new URLSearchParams({
    subject: input.liveClass.title,
    startdt: isoInstant(start),
    enddt: isoInstant(end),
    body: details,
    path: "/calendar/action/compose",
    rru: "addevent",
  }).toString();
  return { google: google.toString(), outlook: outlook.toString() };
}
