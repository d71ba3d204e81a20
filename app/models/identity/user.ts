import { ROLES } from "~/lib/route-handle";
import { dateTimeFormat } from "~/lib/date-format";

/**
 * The person behind a session (§3 private user record, §3 session user state, §4 rules).
 * Pure and browser-safe: the rules here are unit-tested without a store or an identity provider.
 */

export type Role = (typeof ROLES)[number];

export type OnboardingStatus = "anonymous" | "authenticated" | "onboarding" | "onboarded";

/** §3 private user record (`privateUsers/{uid}`), plus the two profile fields settings adds. */
export interface PrivateUser {
  defaultCard: { brand: string; last4: string; expMonth?: number; expYear?: number } | null;
  email: string | null;
  firstName: string | null;
  hasTakenBreatheClass: boolean;
  iOSFirstSignInTimestamp: number | null;
  irlInfo: Record<string, unknown>;
  lastName: string | null;
  location: Record<string, unknown>;
  mostRecentTimeZone: string | null;
  phoneNumber: string | null;
  photoUrl: string | null;
  socialStats: Record<string, unknown>;
  stripeCustomerId: string | null;
  /** Unix seconds. */
  subscriptionExpirationDate: number | null;
  subscriptionSource: string | null;
  subscriptionStatus: string | null;
  tracking: Record<string, unknown>;
  username: string | null;
  /** YYYY-MM-DD, as the member gave it (settings). */
  birthday: string | null;
  /** The profile photo's dominant colour, for its placeholder (§7 palette). */
  photoColor: string | null;
}

/** §4: with no private record the user fields reset to these. */
export const DEFAULT_PRIVATE_USER: Readonly<PrivateUser> = Object.freeze({
  defaultCard: null,
  email: null,
  firstName: null,
  hasTakenBreatheClass: false,
  iOSFirstSignInTimestamp: null,
  irlInfo: {},
  lastName: null,
  location: {},
  mostRecentTimeZone: null,
  phoneNumber: null,
  photoUrl: null,
  socialStats: {},
  stripeCustomerId: null,
  subscriptionExpirationDate: null,
  subscriptionSource: null,
  subscriptionStatus: null,
  tracking: {},
  username: null,
  birthday: null,
  photoColor: null,
});

/** What the identity provider says about the signed-in account. */
export interface AuthSnapshot {
  uid: string;
  isAnonymous: boolean;
  /** Unix milliseconds. */
  createdAt: number;
  lastSignInAt: number | null;
  claims: Record<string, unknown>;
}

/** §3 session user state. */
export interface SessionUserState extends PrivateUser {
  initialized: boolean;
  isAnonymous: boolean;
  isNewUser: boolean;
  onboardingStatus: OnboardingStatus;
  roles: Role[];
  uid: string | null;
  userSignedIn: boolean;
  isSubscribed: boolean;
}

/** The zone whose calendar decides "today" when the member has not told us theirs; people read it as "GMT" (clock.ts). */
export const FALLBACK_TIME_ZONE = "UTC";

/** §4 onboarding status: anonymous, authenticated (no record), onboarding (a name missing), onboarded. */
export function onboardingStatus(auth: Pick<AuthSnapshot, "isAnonymous"> | null, record: PrivateUser | null): OnboardingStatus {
  if (!auth || auth.isAnonymous) return "anonymous";
  if (!record) return "authenticated";
  return hasText(record.firstName) && hasText(record.lastName) ? "onboarded" : "onboarding";
}

/**
 * §4 isSubscribed: past_due, or an expiration date that is today or later. "Today" is the member's
 * own calendar day, in the zone they last used (mostRecentTimeZone), else Greenwich time: a plan
 * that ends at 23:00 in Los Angeles still counts all of that Los Angeles day, even though it is
 * already tomorrow in London.
 */
export function isSubscribed(
  record: Pick<PrivateUser, "subscriptionStatus" | "subscriptionExpirationDate" | "mostRecentTimeZone"> | null,
  now: Date,
): boolean {
  if (!record) return false;
  if (record.subscriptionStatus === "past_due") return true;
  const expires = record.subscriptionExpirationDate;
  if (typeof expires !== "number" || !Number.isFinite(expires)) return false;
  // Days apart in every zone: no zone's offset moves by anything near CALENDAR_DAYS_SETTLED, so the
  // answer is the calendars' without asking them (it was read on every member view, issue 38).
  const ahead = expires * 1000 - now.getTime();
  if (ahead >= CALENDAR_DAYS_SETTLED) return true;
  if (ahead <= -CALENDAR_DAYS_SETTLED) return false;
  const zone = validTimeZone(record.mostRecentTimeZone) ?? FALLBACK_TIME_ZONE;
  return calendarDay(new Date(expires * 1000), zone) >= calendarDay(now, zone);
}

/**
 * Three days, in milliseconds: two instants this far apart fall on different calendar days in the
 * same order in any one zone (offsets differ by hours within a zone, at most a day at a date-line move).
 */
const CALENDAR_DAYS_SETTLED = 3 * 24 * 60 * 60 * 1000;

/** §4 isNewUser: the account's creation time equals its last sign-in time. */
export function isNewUser(auth: Pick<AuthSnapshot, "createdAt" | "lastSignInAt"> | null): boolean {
  return Boolean(auth && auth.lastSignInAt !== null && auth.createdAt === auth.lastSignInAt);
}

/** §6 roles: each a boolean claim; anything but `true` is no role. */
export function rolesFromClaims(claims: Record<string, unknown> | null | undefined): Role[] {
  if (!claims) return [];
  return ROLES.filter((role) => claims[role] === true);
}

/** True when the person holds at least one of `required` (or nothing is required). */
export function hasAnyRole(roles: readonly Role[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => roles.includes(role));
}

/** §3 session user state from the account and the private record (either may be missing). */
export function buildSessionUserState(auth: AuthSnapshot | null, record: PrivateUser | null, now: Date): SessionUserState {
  const fields = record ?? DEFAULT_PRIVATE_USER;
  return {
    ...fields,
    initialized: true,
    isAnonymous: auth ? auth.isAnonymous : true,
    isNewUser: isNewUser(auth),
    onboardingStatus: onboardingStatus(auth, record),
    roles: auth && !auth.isAnonymous ? rolesFromClaims(auth.claims) : [],
    uid: auth?.uid ?? null,
    // §4: anonymous accounts count as signed in.
    userSignedIn: Boolean(auth),
    isSubscribed: record ? isSubscribed(record, now) : false,
  };
}

export { initialsOf } from "./initials";

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD, so the strings compare in date order.
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** The zone when the runtime knows it, else null (a forged or stale value never throws). */
export function validTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    dateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

function hasText(value: string | null): boolean {
  return typeof value === "string" && value.trim().length > 0;
}
