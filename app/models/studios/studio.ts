import { DateTime } from "luxon";
import { z } from "zod";
import { isoDay } from "~/lib/iso-time";
import { instantAt } from "~/models/classes/class-schedule";
import { clockDayTimeAt, clockTimeAt } from "~/models/identity/clock";

/**
 * Studios (issue 12; docs/decisions/023-waivers.md): places with rooms where classes are taught in
 * person. Pure rules only: the studio's shape, the late-cancel window on the studio's own clock, and
 * what each state of an in-person ticket may become.
 */

const zone = z.string().refine((value) => DateTime.local().setZone(value).isValid, "must be an IANA time zone");
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
const money = z.object({ amount: z.number().int().min(0), currency: z.string().regex(/^[a-z]{3}$/) });

/**
 * When cancelling stops being free: a number of hours before the start, or a wall-clock time on the
 * evening before ("20:00 the day before", studio time, so daylight saving moves it with the clock).
 */
export const LateCancelRuleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hours"), hours: z.number().int().min(0).max(72) }),
  z.object({ kind: z.literal("evening-before"), time: localTime }),
]);
export type LateCancelRule = z.infer<typeof LateCancelRuleSchema>;

export const StudioMembershipOfferSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1),
  description: z.string().default(""),
  days: z.number().int().min(1).max(400),
  ...money.shape,
});
export type StudioMembershipOffer = z.infer<typeof StudioMembershipOfferSchema>;

export const StudioSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  slug: z.string().regex(/^[a-z0-9-]{1,60}$/),
  name: z.string().min(1),
  tagline: z.string().default(""),
  address: z.object({
    streetAddress: z.string().min(1),
    addressLocality: z.string().min(1),
    addressRegion: z.string().default(""),
    postalCode: z.string().default(""),
    addressCountry: z.string().length(2),
  }),
  timeZone: zone,
  rooms: z
    .array(z.object({ id: z.string().regex(/^[a-z0-9-]{1,40}$/), name: z.string().min(1), capacity: z.number().int().min(1).max(500) }))
    .min(1),
  openingNotes: z.string().default(""),
  directions: z.string().default(""),
  /** A plain link to a map; no third-party embed on the page. */
  mapUrl: z.string().url().startsWith("https://"),
  lateCancel: LateCancelRuleSchema,
  /** The people who run the front desk here (studioStaff); admins see every studio. */
  staffUids: z.array(z.string()).default([]),
  dropIn: money,
  memberships: z.array(StudioMembershipOfferSchema).default([]),
});
export type Studio = z.infer<typeof StudioSchema>;

/** The moment after which a cancellation is late. */
export function lateCancelDeadline(startsAt: string, rule: LateCancelRule, timeZone: string): Date {
  if (rule.kind === "hours") return new Date(Date.parse(startsAt) - rule.hours * 3_600_000);
  const dayBefore = isoDay(DateTime.fromISO(startsAt, { zone: timeZone }).minus({ days: 1 }));
  return instantAt(dayBefore, rule.time, timeZone).toJSDate();
}

/** True from the deadline on (the deadline itself is already late). */
export function isLateCancel(startsAt: string, rule: LateCancelRule, timeZone: string, now: Date): boolean {
  return now.getTime() >= lateCancelDeadline(startsAt, rule, timeZone).getTime();
}

/**
 * A moment on the studio's clock, where two zones meet (issue 34): "Tuesday 1 December, 8:00 pm", with
 * ", New York time" added when the reader's own clock (`reader`: their zone, null when unknown) reads
 * otherwise. Leave `reader` out for a reader we cannot name (the zone is then always said).
 */
export function studioTime(at: Date | string, timeZone: string, options: { reader?: string | null; withDay?: boolean } = {}): string {
  return options.withDay === false ? clockTimeAt(at, timeZone, options.reader) : clockDayTimeAt(at, timeZone, options.reader);
}

/** The sentence shown before a member confirms a booking: what a late cancellation costs, and when it starts. */
export function lateCancelSentence(startsAt: string, rule: LateCancelRule, timeZone: string, now: Date, reader?: string | null): string {
  const deadline = lateCancelDeadline(startsAt, rule, timeZone);
  if (now >= deadline)
    return "It's inside the studio's late-cancel window already: if you book and then cancel, it counts as a late cancellation and the studio keeps the drop-in or credit.";
  return `Cancel before ${studioTime(deadline, timeZone, { reader })} to keep your drop-in or credit. After that a cancellation is late and the studio keeps it.`;
}

/**
 * The ticket's line about free cancellation (issue 34, item 8): until when, while that is ahead; once
 * it has passed, that a cancellation now is late, so the ticket never promises a moment already gone.
 */
export function freeCancellation(
  startsAt: string,
  rule: LateCancelRule,
  timeZone: string,
  now: Date,
  reader?: string | null,
): { label: string; text: string } {
  const deadline = lateCancelDeadline(startsAt, rule, timeZone);
  const when = studioTime(deadline, timeZone, { reader });
  if (now >= deadline) return { label: "Free cancellation", text: `Ended ${when}. Cancelling now counts as a late cancellation.` };
  return { label: "Free cancellation until", text: when };
}

/** The calendar day of an instant on the studio's clock, for "today's classes" and day-bound check-in codes. */
export function studioDay(at: Date | string, timeZone: string): string {
  const date = typeof at === "string" ? new Date(at) : at;
  return isoDay(DateTime.fromJSDate(date, { zone: timeZone }));
}

export const TICKET_STATES = ["booked", "waitlisted", "cancelled", "late_cancelled", "checked_in", "no_show"] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/**
 * What each ticket state may become. A cancelled ticket can be booked again (a new booking on the
 * same document), and so can a late-cancelled one (with a new payment: the studio kept the old one);
 * checking in can be undone, back to booked; a no-show is final.
 */
const TRANSITIONS: Record<TicketState, readonly TicketState[]> = {
  booked: ["cancelled", "late_cancelled", "checked_in", "no_show"],
  waitlisted: ["booked", "cancelled"],
  cancelled: ["booked", "waitlisted"],
  late_cancelled: ["booked", "waitlisted"],
  checked_in: ["booked"],
  no_show: [],
};

export function canBecome(from: TicketState | null, to: TicketState): boolean {
  if (from === null) return to === "booked" || to === "waitlisted";
  return TRANSITIONS[from].includes(to);
}

/** A ticket that holds (or is in line for) a place. */
export function holdsPlace(state: TicketState): boolean {
  return state === "booked" || state === "waitlisted" || state === "checked_in";
}

export const TICKET_STATE_LABEL: Record<TicketState, string> = {
  booked: "Booked",
  waitlisted: "On the waitlist",
  cancelled: "Cancelled",
  late_cancelled: "Cancelled late",
  checked_in: "Checked in",
  no_show: "Didn't come",
};

/** "£18.00", "$22.00": each currency written the way its own country writes it. */
export function formatMoney(amount: number, currency: string): string {
  const locale = currency.toLowerCase() === "usd" ? "en-US" : "en-GB";
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/** The QR payload for a ticket's check-in code: a prefix so a stray code from elsewhere reads as not ours. */
export const CHECK_IN_PREFIX = "STILLHOUR-CHECKIN:";
export function checkInPayload(code: string): string {
  return `${CHECK_IN_PREFIX}${code}`;
}
/** The code out of a scanned or typed value; null when it isn't one of ours. */
export function codeFromScan(value: string): string | null {
  const trimmed = value.trim().toUpperCase();
  // A code read out from the ticket may come with the spaces or hyphens between its groups.
  const code = (trimmed.startsWith(CHECK_IN_PREFIX) ? trimmed.slice(CHECK_IN_PREFIX.length) : trimmed).replace(/[\s-]+/g, "");
  return /^[A-Z2-7]{10}$/.test(code) ? code : null;
}
