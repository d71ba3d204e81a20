import { dateTimeFormat } from "~/lib/date-format";
import { FALLBACK_TIME_ZONE, calendarDay, validTimeZone } from "./user";

/**
 * Every time a person reads, in one place (issue 34, ADR 015's addendum). A time is an instant shown
 * on one person's clock: the zone their browser last reported (or the one they chose), or a studio's
 * for a class in a room. The zone is named only where two clocks meet (a studio's class read from
 * elsewhere); on a person's own clock it is not named at all. Only a person whose zone we do not know
 * yet reads Greenwich time, and then it says so in the words people use ("GMT"), never "UTC".
 *
 * One shape per locale: the site speaks British English with a twelve-hour clock ("Tuesday
 * 1 December, 8:13 pm"), which reads at once in New York, London and Kolkata. Pure and
 * browser-safe: it uses the runtime's own Intl zone data (no luxon, which stays on the server).
 */

export const CLOCK_LOCALE = "en-GB";

type At = Date | string | number;

interface Shapes {
  time: Intl.DateTimeFormatOptions;
  day: Intl.DateTimeFormatOptions;
  shortDay: Intl.DateTimeFormatOptions;
  date: Intl.DateTimeFormatOptions;
  shortDate: Intl.DateTimeFormatOptions;
}

/** The shapes per locale: one table, so a second language is one more row, not a hunt through pages. */
const SHAPES: Record<string, Shapes> = {
  "en-GB": {
    time: { hour: "numeric", minute: "2-digit", hourCycle: "h12" },
    day: { weekday: "long", day: "numeric", month: "long" },
    shortDay: { weekday: "short", day: "numeric", month: "short" },
    date: { day: "numeric", month: "long", year: "numeric" },
    shortDate: { day: "numeric", month: "short" },
  },
};

function shapes(locale: string): Shapes {
  return SHAPES[locale] ?? SHAPES[CLOCK_LOCALE];
}

function instant(at: At): Date {
  return at instanceof Date ? at : new Date(at);
}

/** The zone to format in: a known zone as it is, anything else (unknown, forged, missing) as the fallback. */
export function zoneOrFallback(zone: string | null | undefined): string {
  return validTimeZone(zone) ?? FALLBACK_TIME_ZONE;
}

/** " GMT" after a time or date when we do not know the reader's zone, so Greenwich time never passes as theirs. */
export function unknownZoneSuffix(zone: string | null | undefined): string {
  return validTimeZone(zone) ? "" : ` ${zoneWords(FALLBACK_TIME_ZONE)}`;
}

/** ICU's narrow and thin spaces ("8:13\u202fpm") vary between runtimes; plain spaces read the same in mail. */
function plain(text: string): string {
  return text.replace(/[\u202f\u2009\u00a0]/g, " ");
}

function format(at: At, zone: string | null | undefined, shape: keyof Shapes, locale: string): string {
  return plain(dateTimeFormat(locale, { ...shapes(locale)[shape], timeZone: zoneOrFallback(zone) }).format(instant(at)));
}

/** "8:13 pm" on the reader's clock ("8:13 pm GMT" when their zone is not known). */
export function clockTime(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return `${format(at, zone, "time", locale)}${unknownZoneSuffix(zone)}`;
}

/** "8:13 – 8:53 pm", or "11:30 pm – 12:10 am" across the day's half; the day itself is not repeated. */
export function clockRange(start: At, end: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  const formatter = dateTimeFormat(locale, { ...shapes(locale).time, timeZone: zoneOrFallback(zone) });
  const from = formatter.formatToParts(instant(start));
  const to = formatter.formatToParts(instant(end));
  const period = (parts: Intl.DateTimeFormatPart[]) => parts.find((part) => part.type === "dayPeriod")?.value ?? null;
  const text = (parts: Intl.DateTimeFormatPart[]) => parts.map((part) => part.value).join("");
  const samePeriod = period(from) !== null && period(from) === period(to);
  const head = samePeriod
    ? from
        .filter((part) => part.type !== "dayPeriod")
        .map((part) => part.value)
        .join("")
        .trim()
    : text(from);
  return plain(`${head} – ${text(to)}${unknownZoneSuffix(zone)}`);
}

/** "Tuesday 1 December". */
export function clockDay(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return format(at, zone, "day", locale);
}

/** "Tue 1 Dec". */
export function clockShortDay(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return format(at, zone, "shortDay", locale);
}

/** "1 December 2026". */
export function clockDate(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return format(at, zone, "date", locale);
}

/** "1 Dec" (a day in a short list, such as watch history). */
export function clockShortDate(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return format(at, zone, "shortDate", locale);
}

/** "Tuesday 1 December, 8:13 pm". */
export function clockDayTime(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return `${format(at, zone, "day", locale)}, ${clockTime(at, zone, locale)}`;
}

/** "Tue 1 Dec, 8:13 pm". */
export function clockShortDayTime(at: At, zone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return `${format(at, zone, "shortDay", locale)}, ${clockTime(at, zone, locale)}`;
}

/** The reader's calendar day (YYYY-MM-DD) of an instant: "today" is theirs, not the server's. */
export function readerDay(at: At, zone: string | null | undefined): string {
  return calendarDay(instant(at), zoneOrFallback(zone));
}

/**
 * Old names some runtimes still give as canonical (Node 20's ICU says "Asia/Calcutta"), shown as the
 * cities call themselves today.
 */
const CITY_NAMES: Record<string, string> = {
  Calcutta: "Kolkata",
  Saigon: "Ho Chi Minh City",
  Kiev: "Kyiv",
  Katmandu: "Kathmandu",
  Rangoon: "Yangon",
  Godthab: "Nuuk",
};

/** "Europe/Berlin" → "Berlin"; "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(zone: string): string {
  const last = zone.split("/").at(-1) ?? zone;
  return CITY_NAMES[last] ?? last.replaceAll("_", " ");
}

/** "New York time", "Kolkata time", "GMT": a zone named in the words people use, for where two clocks meet. */
export function zoneWords(zone: string): string {
  if (zone === "UTC" || zone === "Etc/UTC" || zone === "Etc/GMT" || zone === "GMT") return "GMT";
  return `${zoneCity(zone)} time`;
}

/** Minutes the zone's clock is ahead of UTC at `at` (negative west of Greenwich). */
export function zoneOffsetMinutes(zone: string, at: At): number {
  const date = instant(at);
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", {
      timeZone: zoneOrFallback(zone),
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** True when the two clocks read the same at `at` (London and Lisbon in winter are one clock). */
export function sameClock(a: string, b: string, at: At): boolean {
  return a === b || zoneOffsetMinutes(a, at) === zoneOffsetMinutes(b, at);
}

/**
 * A time on a place's clock (a studio's class) for a reader who may be elsewhere: "Tuesday
 * 1 December, 8:13 pm", with ", New York time" added only when the reader's clock reads otherwise
 * (or their zone is unknown).
 */
export function clockDayTimeAt(at: At, placeZone: string, readerZone: string | null | undefined, locale = CLOCK_LOCALE): string {
  const text = `${format(at, placeZone, "day", locale)}, ${format(at, placeZone, "time", locale)}`;
  return `${text}${placeNote(at, placeZone, readerZone)}`;
}

/** The same, time only: "8:13 pm" or "8:13 pm, New York time". */
export function clockTimeAt(at: At, placeZone: string, readerZone: string | null | undefined, locale = CLOCK_LOCALE): string {
  return `${format(at, placeZone, "time", locale)}${placeNote(at, placeZone, readerZone)}`;
}

/** ", New York time" when a reader elsewhere (or unknown) reads a place's clock, else nothing. */
export function placeNote(at: At, placeZone: string, readerZone: string | null | undefined): string {
  const reader = validTimeZone(readerZone);
  return reader && sameClock(placeZone, reader, at) ? "" : `, ${zoneWords(placeZone)}`;
}

// Typed times: a staff member types a wall-clock time in a zone the page names beside the field.

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const HOUR_MS = 3_600_000;

/** An instant as a datetime-local value on `zone`'s clock ("2026-12-01T20:13"), for a field's default. */
export function toLocalInput(at: At, zone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", {
      timeZone: zoneOrFallback(zone),
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(instant(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${String(Number(parts.hour) % 24).padStart(2, "0")}:${parts.minute}`;
}

/**
 * The instant a wall-clock time names on `zone`'s clock ("2026-12-01T20:13" or a bare day,
 * "2026-12-01", meaning its midnight), or null when it is not a date. A time inside the spring gap
 * moves forward by the gap (02:30 → 03:30); one in the autumn overlap takes the first, earlier
 * instant: the same rules as the class schedule's (ADR 015).
 */
export function fromLocalInput(value: string, zone: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  const place = zoneOrFallback(zone);
  // The offsets in force half a day either side: every real zone changes at most once in that span.
  const before = zoneOffsetMinutes(place, wall - 14 * HOUR_MS);
  const after = zoneOffsetMinutes(place, wall + 14 * HOUR_MS);
  const fits = [...new Set([before, after])]
    .map((offset) => wall - offset * 60_000)
    .filter((at) => zoneOffsetMinutes(place, at) * 60_000 === wall - at);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // In the gap: read with the offset from before the change, which lands after it by the gap's length.
  return new Date(wall - before * 60_000);
}

/** Midnight starting `day` (YYYY-MM-DD) on `zone`'s clock. */
export function dayStartIn(day: string, zone: string): Date | null {
  return fromLocalInput(day, zone);
}
