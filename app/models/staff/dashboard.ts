import { dayStartIn, readerDay } from "~/models/identity/clock";

/**
 * The morning figures (issue 26; ADR 052), pure: daily buckets, the shapes of the small charts drawn
 * on the server, and CSV that a spreadsheet opens as data, never as formulas. Browser-safe; the
 * reads are in ./dashboard.server.ts.
 */

export const DAY_MS = 86_400_000;
/**
 * The figures look back this many days (today included) on the reader's calendar (issue 34: an admin
 * in Los Angeles counts by Los Angeles days); the charts draw one bar per day.
 */
export const LOOKBACK_DAYS = 30;

export const SERIES_IDS = [
  "newMemberships",
  "cancelledMemberships",
  "codesRedeemed",
  "giftsRedeemed",
  "creditsSold",
  "creditsSpent",
] as const;
export type SeriesId = (typeof SERIES_IDS)[number];

export const SERIES_LABEL: Record<SeriesId, string> = {
  newMemberships: "New memberships",
  cancelledMemberships: "Memberships cancelled",
  codesRedeemed: "Promotion codes redeemed",
  giftsRedeemed: "Gifts redeemed",
  creditsSold: "Credits sold",
  creditsSpent: "Credits spent (less refunds)",
};

export interface Series {
  id: SeriesId;
  label: string;
  /** One number per day on the reader's calendar, oldest first, today last. */
  daily: number[];
  last7: number;
  last30: number;
  /** True when the read stopped at its cap, so the figure is at least this. */
  capped: boolean;
}

/** The days the figures cover on `zone`'s calendar, oldest first ("2026-11-26"). */
export function dayKeys(now: Date, days = LOOKBACK_DAYS, zone = "UTC"): string[] {
  // Calendar arithmetic on the date alone (noon UTC keeps it clear of any zone's edge).
  const today = Date.parse(`${readerDay(now, zone)}T12:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** The first instant the figures cover (midnight on `zone`'s clock, LOOKBACK_DAYS - 1 days ago), unix ms. */
export function lookbackStart(now: Date, days = LOOKBACK_DAYS, zone = "UTC"): number {
  return dayStartIn(dayKeys(now, days, zone)[0], zone)?.getTime() ?? 0;
}

/** Sums weighted events (unix ms, amount) into the days they fell on in `zone`; events outside the window are left out. */
export function bucketByDay(
  events: ReadonlyArray<{ at: number; amount?: number }>,
  now: Date,
  days = LOOKBACK_DAYS,
  zone = "UTC",
): number[] {
  const index = new Map(dayKeys(now, days, zone).map((day, i) => [day, i]));
  const daily = new Array<number>(days).fill(0);
  for (const event of events) {
    const i = event.at <= now.getTime() ? index.get(readerDay(event.at, zone)) : undefined;
    if (i !== undefined) daily[i] += event.amount ?? 1;
  }
  return daily;
}

export function seriesOf(id: SeriesId, daily: number[], capped = false): Series {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return { id, label: SERIES_LABEL[id], daily, last7: sum(daily.slice(-7)), last30: sum(daily), capped };
}

/** Booked seats as a whole percentage of the capacity (0 for no capacity). */
export function fillPercent(booked: number, capacity: number): number {
  return capacity > 0 ? Math.round((Math.min(booked, capacity) / capacity) * 100) : 0;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A small bar chart's bars for these values in a box of `width` × `height`: one bar per value, the
 * tallest reaching the top, zero drawn as a 1-unit stub so the days still read as a row.
 */
export function barsFor(values: readonly number[], width: number, height: number): Bar[] {
  const max = Math.max(1, ...values);
  const step = width / Math.max(1, values.length);
  const gap = step > 3 ? 1 : 0;
  return values.map((value, i) => {
    const h = value > 0 ? Math.max(2, Math.round((value / max) * height)) : 1;
    return { x: Math.round(i * step * 10) / 10, y: height - h, width: Math.max(1, Math.round((step - gap) * 10) / 10), height: h };
  });
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; and a text that a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return before one) gets a
 * leading apostrophe, so it opens as the text it is. Numbers are written as numbers.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/\r\n?/g, "\n");
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text, CRLF line ends (RFC 4180). */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
