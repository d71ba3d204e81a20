import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRIVATE_USER,
  buildSessionUserState,
  calendarDay,
  hasAnyRole,
  initialsOf,
  isNewUser,
  isSubscribed,
  onboardingStatus,
  rolesFromClaims,
  validTimeZone,
  type AuthSnapshot,
  type PrivateUser,
} from "./user";

const member: AuthSnapshot = { uid: "u1", isAnonymous: false, createdAt: 1_000, lastSignInAt: 2_000, claims: {} };
const record = (patch: Partial<PrivateUser> = {}): PrivateUser => ({ ...DEFAULT_PRIVATE_USER, ...patch });
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe("onboarding status (§4)", () => {
  it("is anonymous with no user", () => expect(onboardingStatus(null, null)).toBe("anonymous"));
  it("is anonymous for an anonymous account, even with a record", () =>
    expect(onboardingStatus({ isAnonymous: true }, record({ firstName: "A", lastName: "B" }))).toBe("anonymous"));
  it("is authenticated when signed in without a record", () => expect(onboardingStatus(member, null)).toBe("authenticated"));
  it("is onboarding while the first name is missing", () =>
    expect(onboardingStatus(member, record({ lastName: "Okafor" }))).toBe("onboarding"));
  it("is onboarding while the last name is missing", () =>
    expect(onboardingStatus(member, record({ firstName: "Ada" }))).toBe("onboarding"));
  it("treats a name of spaces as missing", () =>
    expect(onboardingStatus(member, record({ firstName: "  ", lastName: "Okafor" }))).toBe("onboarding"));
  it("is onboarded with both names", () =>
    expect(onboardingStatus(member, record({ firstName: "Ada", lastName: "Okafor" }))).toBe("onboarded"));
});

describe("isSubscribed (§4): past_due, or expiring today or later in the member's own day", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("is false with no record or no dates", () => {
    expect(isSubscribed(null, now)).toBe(false);
    expect(isSubscribed(record(), now)).toBe(false);
  });

  it("is true when past due, whatever the date", () => {
    expect(isSubscribed(record({ subscriptionStatus: "past_due", subscriptionExpirationDate: seconds("2020-01-01T00:00:00Z") }), now)).toBe(
      true,
    );
  });

  it("is true on the expiration day itself and later, false the day before", () => {
    expect(isSubscribed(record({ subscriptionExpirationDate: seconds("2026-11-22T00:00:01Z") }), now)).toBe(true);
    expect(isSubscribed(record({ subscriptionExpirationDate: seconds("2026-12-22T00:00:00Z") }), now)).toBe(true);
    expect(isSubscribed(record({ subscriptionExpirationDate: seconds("2026-11-21T23:59:59Z") }), now)).toBe(false);
  });

  it("counts the member's calendar day, not UTC's", () => {
    // 03:00 UTC on the 23rd is still the evening of the 22nd in Los Angeles; the plan ended at
    // 20:00 UTC on the 22nd (noon in Los Angeles, 05:00 on the 23rd in Tokyo).
    const earlyUtc = new Date("2026-11-23T03:00:00Z");
    const expiresLaEvening = seconds("2026-11-22T20:00:00Z");
    expect(
      isSubscribed(record({ subscriptionExpirationDate: expiresLaEvening, mostRecentTimeZone: "America/Los_Angeles" }), earlyUtc),
    ).toBe(true);
    expect(isSubscribed(record({ subscriptionExpirationDate: expiresLaEvening, mostRecentTimeZone: "UTC" }), earlyUtc)).toBe(false);
    // In Tokyo the same expiry fell on the 23rd, and "now" is the 23rd there too.
    expect(isSubscribed(record({ subscriptionExpirationDate: expiresLaEvening, mostRecentTimeZone: "Asia/Tokyo" }), earlyUtc)).toBe(true);
  });

  it("falls back to UTC for a missing or forged zone", () => {
    const expires = seconds("2026-11-22T23:59:59Z");
    expect(isSubscribed(record({ subscriptionExpirationDate: expires, mostRecentTimeZone: "Mars/Olympus" }), now)).toBe(true);
    expect(
      isSubscribed(record({ subscriptionExpirationDate: expires, mostRecentTimeZone: "<script>" }), new Date("2026-11-23T00:00:00Z")),
    ).toBe(false);
  });

  it("answers as the member's calendar does for expiries days away as for those near today", () => {
    const zones = ["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "Europe/London"];
    const hour = 60 * 60;
    const day = (instant: Date, zone: string) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
    for (const zone of zones) {
      for (let offset = -100; offset <= 100; offset += 1) {
        const expires = now.getTime() / 1000 + offset * hour + 17 * 60;
        const expected = day(new Date(expires * 1000), zone) >= day(now, zone);
        expect(isSubscribed(record({ subscriptionExpirationDate: expires, mostRecentTimeZone: zone }), now)).toBe(expected);
      }
    }
  });

  it("ignores a non-number expiry", () => {
    expect(isSubscribed(record({ subscriptionExpirationDate: Number.NaN }), now)).toBe(false);
  });
});

describe("isNewUser (§4)", () => {
  it("is true when creation equals last sign-in", () => expect(isNewUser({ createdAt: 5, lastSignInAt: 5 })).toBe(true));
  it("is false after a later sign-in", () => expect(isNewUser({ createdAt: 5, lastSignInAt: 6 })).toBe(false));
  it("is false with no sign-in time or no user", () => {
    expect(isNewUser({ createdAt: 5, lastSignInAt: null })).toBe(false);
    expect(isNewUser(null)).toBe(false);
  });
});

describe("roles (§6)", () => {
  it("takes only true boolean claims, in a stable order", () => {
    expect(rolesFromClaims({ studioStaff: true, admin: true, blogEditor: "true", cohost: 1, facilitator: false, other: true })).toEqual([
      "admin",
      "studioStaff",
    ]);
  });
  it("is empty with no claims", () => expect(rolesFromClaims(undefined)).toEqual([]));
  it("hasAnyRole: nothing required passes; otherwise one match is enough", () => {
    expect(hasAnyRole([], [])).toBe(true);
    expect(hasAnyRole(["facilitator"], ["admin", "facilitator"])).toBe(true);
    expect(hasAnyRole(["cohost"], ["admin"])).toBe(false);
  });
});

describe("session user state (§3)", () => {
  const now = new Date("2026-11-22T12:00:00Z");

  it("resets the user fields to the defaults with no private record", () => {
    const state = buildSessionUserState(member, null, now);
    expect(state).toMatchObject({
      ...DEFAULT_PRIVATE_USER,
      isSubscribed: false,
      onboardingStatus: "authenticated",
      uid: "u1",
      userSignedIn: true,
    });
  });

  it("counts anonymous accounts as signed in, without roles", () => {
    const state = buildSessionUserState({ ...member, isAnonymous: true, claims: { admin: true } }, null, now);
    expect(state).toMatchObject({ isAnonymous: true, userSignedIn: true, roles: [], onboardingStatus: "anonymous" });
  });

  it("is signed out with no account", () => {
    expect(buildSessionUserState(null, null, now)).toMatchObject({ uid: null, userSignedIn: false, isAnonymous: true, initialized: true });
  });

  it("carries the record, roles and subscription", () => {
    const state = buildSessionUserState(
      { ...member, claims: { admin: true } },
      record({
        firstName: "Ada",
        lastName: "Okafor",
        subscriptionStatus: "active",
        subscriptionExpirationDate: seconds("2027-01-01T00:00:00Z"),
      }),
      now,
    );
    expect(state).toMatchObject({ firstName: "Ada", roles: ["admin"], isSubscribed: true, onboardingStatus: "onboarded" });
  });
});

describe("helpers", () => {
  it("initials take the first letter of each name, upper-cased, and handle astral letters", () => {
    expect(initialsOf("ada", "okafor")).toBe("AO");
    expect(initialsOf("Émile", null)).toBe("É");
    expect(initialsOf("𝒜lex", "Bee")).toBe("𝒜B");
    expect(initialsOf(null, "  ")).toBe("You");
  });
  it("calendarDay formats the day in the zone", () => {
    expect(calendarDay(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(calendarDay(new Date("2026-03-08T03:30:00Z"), "America/New_York")).toBe("2026-03-07");
  });
  it("validTimeZone refuses unknown and overlong values", () => {
    expect(validTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(validTimeZone("Nowhere/Else")).toBeNull();
    expect(validTimeZone("x".repeat(100))).toBeNull();
    expect(validTimeZone(null)).toBeNull();
  });
});
