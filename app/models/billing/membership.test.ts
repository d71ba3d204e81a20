import { describe, expect, it } from "vitest";
import { WINBACK_OFFER, chooseSubscription, expirationFor, isIntentId, isLiveStatus, isProviderId } from "./membership";

describe("membership rules", () => {
  it("counts trialing, active and past_due as a running plan, nothing else", () => {
    expect(["trialing", "active", "past_due"].every(isLiveStatus)).toBe(true);
    expect(["canceled", "unpaid", "incomplete", "incomplete_expired", "paused", null, undefined, ""].some(isLiveStatus)).toBe(false);
  });

  it("chooses the newest running subscription over a newer ended one", () => {
    const subs = [
      { id: "old-ended", status: "canceled", created: 100 },
      { id: "running", status: "active", created: 200 },
      { id: "new-ended", status: "incomplete_expired", created: 300 },
    ];
    expect(chooseSubscription(subs)?.id).toBe("running");
    expect(chooseSubscription(subs.filter((s) => s.id !== "running"))?.id).toBe("new-ended");
    expect(chooseSubscription([])).toBeNull();
  });

  it("expires at the period's end while running, at the end date once ended, and never moves forward on re-sync", () => {
    expect(expirationFor({ status: "trialing", currentPeriodEnd: 2_000 }, 1_000)).toBe(2_000);
    expect(expirationFor({ status: "past_due", currentPeriodEnd: 900 }, 1_000)).toBe(900);
    expect(expirationFor({ status: "canceled", currentPeriodEnd: 2_000, endedAt: 1_200 }, 1_500)).toBe(1_200);
    expect(expirationFor({ status: "canceled", currentPeriodEnd: 2_000, endedAt: null }, 1_500)).toBe(1_500);
    expect(expirationFor({ status: "canceled", currentPeriodEnd: 2_000, endedAt: null }, 1_800, 1_500)).toBe(1_500);
    expect(expirationFor({ status: "canceled", currentPeriodEnd: 1_000, endedAt: null }, 1_800, null)).toBe(1_000);
  });

  it("offers half price for the next two months, as a percent benefit repeating for 2 months", () => {
    expect(WINBACK_OFFER.benefit).toEqual({ kind: "percent", percentOff: 50, duration: { kind: "repeating", months: 2 } });
  });

  it("accepts only short opaque intent ids and provider ids", () => {
    expect(isIntentId("abcDEF12_-")).toBe(true);
    expect(isIntentId("short")).toBe(false);
    expect(isIntentId("has space in it")).toBe(false);
    expect(isIntentId(42)).toBe(false);
    expect(isProviderId("cs_test_a1B2")).toBe(true);
    expect(isProviderId("../etc")).toBe(false);
    expect(isProviderId("x".repeat(300))).toBe(false);
  });
});
