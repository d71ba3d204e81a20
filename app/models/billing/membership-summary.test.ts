import { describe, expect, it } from "vitest";
import { describeMembership, formatDate, type MembershipFacts } from "./membership-summary";

// 2026-12-01T07:30:00Z: still 30 November in Los Angeles.
const END = Date.UTC(2026, 11, 1, 7, 30) / 1000;
const facts: MembershipFacts = {
  status: "active",
  planName: "Annual",
  interval: "year",
  amount: 9999,
  currency: "usd",
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  card: { brand: "visa", last4: "4242" },
};

describe("describeMembership", () => {
  it("names the next payment in the member's own zone", () => {
    const summary = describeMembership(facts, "America/Los_Angeles");
    expect(summary.nextCharge).toBe("Next payment: $99.99 on 30 November 2026.");
    expect(summary.card).toBe("Visa ending in 4242");
  });
  it("falls back to Greenwich time for an unknown zone, and says so as GMT", () => {
    expect(describeMembership(facts, "Not/AZone").nextCharge).toContain("1 December 2026 GMT");
  });
  it("states the end date once cancelled, with no next payment", () => {
    const summary = describeMembership({ ...facts, cancelAtPeriodEnd: true }, "Europe/Paris");
    expect(summary.status).toBe("ending");
    expect(summary.endsOn).toBe("1 December 2026");
    expect(summary.nextCharge).toBeNull();
  });
  it("reads a trial, a past-due plan and an ended one", () => {
    expect(describeMembership({ ...facts, status: "trialing" }, null).status).toBe("trial");
    expect(describeMembership({ ...facts, status: "past_due" }, null).headline).toContain("didn't go through");
    expect(describeMembership({ ...facts, status: "canceled" }, null).status).toBe("ended");
  });
  it("never shows an unknown card brand's raw name", () => {
    expect(describeMembership({ ...facts, card: { brand: "<b>x</b>", last4: "0000" } }, null).card).toBe("Card ending in 0000");
  });
});

describe("formatDate", () => {
  it("formats the day in the given zone", () => {
    expect(formatDate(END, "Asia/Tokyo")).toBe("1 December 2026");
    expect(formatDate(END, "America/Los_Angeles")).toBe("30 November 2026");
  });
});
