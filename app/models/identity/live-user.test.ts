import { describe, expect, it } from "vitest";
import { LIVE_USER_FIELDS, parseLiveUserEvent, toLiveUserRecord } from "./live-user";
import { DEFAULT_PRIVATE_USER } from "./user";

describe("the live user projection", () => {
  it("keeps exactly the fields the page shows, and nothing private beside them", () => {
    const stored = {
      ...DEFAULT_PRIVATE_USER,
      firstName: "Ada",
      lastName: "Okafor",
      stripeCustomerId: "cus_secret",
      tracking: { utm: "x" },
      location: { city: "Lagos" },
      mostRecentTimeZone: "Africa/Lagos",
      updatedAt: 123,
    };
    const live = toLiveUserRecord(stored);
    expect(Object.keys(live).sort()).toEqual([...LIVE_USER_FIELDS].sort());
    expect(live).toMatchObject({ firstName: "Ada", lastName: "Okafor" });
    expect(JSON.stringify(live)).not.toMatch(/cus_secret|Lagos|utm|updatedAt/);
  });

  it("turns fields of the wrong type into null instead of passing them on", () => {
    const live = toLiveUserRecord({ firstName: 42, email: { forged: true }, subscriptionExpirationDate: "2030", birthday: null });
    expect(live.firstName).toBeNull();
    expect(live.email).toBeNull();
    expect(live.subscriptionExpirationDate).toBeNull();
    expect(live.birthday).toBeNull();
    expect(toLiveUserRecord({ subscriptionExpirationDate: Number.NaN }).subscriptionExpirationDate).toBeNull();
    expect(toLiveUserRecord({ subscriptionExpirationDate: 1_900_000_000 }).subscriptionExpirationDate).toBe(1_900_000_000);
  });

  it("keeps only a card's display fields, and drops a card without brand and last four", () => {
    expect(
      toLiveUserRecord({ defaultCard: { brand: "visa", last4: "4242", expMonth: 4, expYear: 2031, fingerprint: "fp_1", id: "pm_1" } })
        .defaultCard,
    ).toEqual({
      brand: "visa",
      last4: "4242",
      expMonth: 4,
      expYear: 2031,
    });
    expect(toLiveUserRecord({ defaultCard: { brand: "visa", last4: "4242", expMonth: "04" } }).defaultCard).toEqual({
      brand: "visa",
      last4: "4242",
    });
    expect(toLiveUserRecord({ defaultCard: { brand: "visa" } }).defaultCard).toBeNull();
    expect(toLiveUserRecord({ defaultCard: "visa 4242" }).defaultCard).toBeNull();
  });

  it("reads an event's data: a record, null for no record, and refuses anything else", () => {
    expect(parseLiveUserEvent('{"firstName":"Ada","stripeCustomerId":"cus_1"}')).toEqual({
      ok: true,
      record: expect.objectContaining({ firstName: "Ada" }),
    });
    const parsed = parseLiveUserEvent('{"firstName":"Ada","stripeCustomerId":"cus_1"}');
    expect(parsed.ok && parsed.record && "stripeCustomerId" in parsed.record).toBe(false);
    expect(parseLiveUserEvent("null")).toEqual({ ok: true, record: null });
    expect(parseLiveUserEvent("[1,2]")).toEqual({ ok: false });
    expect(parseLiveUserEvent('"text"')).toEqual({ ok: false });
    expect(parseLiveUserEvent("{not json")).toEqual({ ok: false });
  });
});
