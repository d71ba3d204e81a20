import { problemOf, type ErrorCode } from "~/lib/errors";
import type { LiveClass } from "./live-class";

/**
 * Booking rules (issue 9; docs/decisions/016-bookings-and-waitlist.md), pure: when joining opens,
 * how a place in line reads, and which catalogue entry (lib/errors.ts) each refusal is.
 */

export const JOIN_OPENS_MINUTES_BEFORE = 10;

/** From ten minutes before the start to the end of the class, both edges included. */
export function joinWindow(
  liveClass: Pick<LiveClass, "startsAt" | "durationMinutes">,
  now: Date,
): { opensAt: Date; closesAt: Date; open: boolean } {
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

export type BookingProblem =
  "not_found" | "not_member" | "class_cancelled" | "class_started" | "not_booked" | "not_waitlisted" | "not_enough_credits";

/**
 * A booking refusal, online or at a studio, as the error catalogue says it: code, status, sentence.
 * Bookings name a missing class "not_found" (callers and tests key on it); the catalogue's is a class's.
 */
export function bookingProblem(problem: "not_found" | ErrorCode) {
  return problemOf(problem === "not_found" ? "class_not_found" : problem);
}

/**
 * The order of a waitlist: who asked first, then by uid so two requests in the same millisecond
 * still have one order everyone agrees on.
 */
export function waitlistOrder<T extends { uid: string; waitlistedAt: number }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.waitlistedAt - b.waitlistedAt || a.uid.localeCompare(b.uid));
}
