import type { LiveClass } from "~/features/classes/live-class";

/**
 * Booking rules (issue 9; docs/decisions/016-bookings-and-waitlist.md), pure: when joining opens,
 * how a place in line reads, and the sentence for each refusal.
 */

export const JOIN_OPENS_MINUTES_BEFORE = 10;

/** From ten minutes before the start to the end of the class, both edges included. */
export function joinWindow(liveClass: Pick<LiveClass, "startsAt" | "durationMinutes">, now: Date): { opensAt: Date; closesAt: Date; open: boolean } {
  const start = Date.parse(liveClass.startsAt);
  const opensAt = new Date(start - JOIN_OPENS_MINUTES_BEFORE * 60_000);
  const closesAt = new Date(start + liveClass.durationMinutes * 60_000);
  return { opensAt, closesAt, open: now >= opensAt && now <= closesAt };
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd … 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

export type BookingProblem = "not_found" | "not_member" | "class_cancelled" | "class_started" | "not_booked" | "not_waitlisted" | "not_enough_credits";

const PROBLEMS: Record<BookingProblem, { message: string; status: number }> = {
  not_found: { message: "We couldn't find that class.", status: 404 },
  not_member: { message: "Booking live classes is part of the membership. Start a free week and you can book straight away.", status: 403 },
  class_cancelled: { message: "This class was cancelled, so it can't be booked. The schedule has others at this time of day.", status: 409 },
  class_started: { message: "This class has already started, so booking has closed.", status: 409 },
  not_booked: { message: "You don't have a booking for this class to cancel.", status: 409 },
  not_waitlisted: { message: "You're not on this class's waitlist.", status: 409 },
  not_enough_credits: { message: "You don't have enough credits left for this class. A class pack or a membership will let you book.", status: 409 },
};

export function bookingProblem(problem: BookingProblem): { message: string; status: number } {
  return PROBLEMS[problem];
}

/**
 * The order of a waitlist: who asked first, then by uid so two requests in the same millisecond
 * still have one order everyone agrees on.
 */
export function waitlistOrder<T extends { uid: string; waitlistedAt: number }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.waitlistedAt - b.waitlistedAt || a.uid.localeCompare(b.uid));
}
