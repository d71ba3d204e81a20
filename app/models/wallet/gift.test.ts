import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  endDateText,
  nextGiftState,
  redeemOnto,
  takeBackRedemption,
  whyNotRedeem,
  type GiftEvent,
  type GiftFacts,
  type GiftState,
} from "./gift";

const T = Date.UTC(2026, 10, 23, 12);
const gift = (state: GiftState, extra: Partial<GiftFacts> = {}): GiftFacts => ({
  state,
  method: "link",
  deliverAt: null,
  buyerUid: "buyer",
  forSelf: false,
  ...extra,
});

describe("gift states", () => {
  it("a link gift is ready once paid; an e-mail gift waits for its date, then is sent", () => {
    expect(nextGiftState(gift("pending"), { type: "payment_succeeded", at: T })).toEqual({ ok: true, state: "paid" });
    const email = gift("pending", { method: "email", deliverAt: T + 86_400_000 });
    expect(nextGiftState(email, { type: "payment_succeeded", at: T })).toEqual({ ok: true, state: "scheduled" });
    expect(nextGiftState({ ...email, state: "scheduled" }, { type: "delivered", at: T + 86_400_000 })).toEqual({ ok: true, state: "sent" });
    expect(nextGiftState(gift("pending", { method: "email", deliverAt: T - 1 }), { type: "payment_succeeded", at: T })).toEqual({
      ok: true,
      state: "paid",
    });
  });

  it("repeated events (a webhook delivered twice) leave the state where it is", () => {
    for (const state of ["paid", "scheduled", "sent", "redeemed", "refunded"] as const) {
      expect(nextGiftState(gift(state, { method: "email" }), { type: "payment_succeeded", at: T })).toEqual({ ok: true, state });
    }
    expect(nextGiftState(gift("sent", { method: "email" }), { type: "delivered", at: T })).toEqual({ ok: true, state: "sent" });
    expect(nextGiftState(gift("abandoned"), { type: "checkout_expired", at: T })).toEqual({ ok: true, state: "abandoned" });
  });

  it("refuses what cannot happen", () => {
    const no = (state: GiftState, event: GiftEvent, facts: Partial<GiftFacts> = {}) =>
      expect(nextGiftState(gift(state, facts), event).ok).toBe(false);
    no("redeemed", { type: "redeemed", at: T, uid: "x" });
    no("refunded", { type: "redeemed", at: T, uid: "x" });
    no("pending", { type: "redeemed", at: T, uid: "x" });
    no("redeemed", { type: "refunded", at: T });
    no("pending", { type: "refunded", at: T });
    no("abandoned", { type: "payment_succeeded", at: T });
    no("paid", { type: "delivered", at: T }, { method: "link" });
  });

  it("says why a person may not redeem; a buyer may redeem only a gift bought for themselves", () => {
    expect(whyNotRedeem(gift("paid"), "buyer")).toBe("own_gift");
    expect(whyNotRedeem(gift("paid", { forSelf: true }), "buyer")).toBeNull();
    expect(whyNotRedeem(gift("paid"), "friend")).toBeNull();
    expect(whyNotRedeem(gift("scheduled"), "friend")).toBeNull();
    expect(whyNotRedeem(gift("redeemed"), "friend")).toBe("already_redeemed");
    expect(whyNotRedeem(gift("refunded"), "friend")).toBe("refunded");
    expect(whyNotRedeem(gift("pending"), "friend")).toBe("unpaid");
  });
});

describe("redeeming onto each kind of plan", () => {
  const now = Math.floor(Date.UTC(2026, 0, 31, 15) / 1000);
  const zone = "America/Los_Angeles";
  const local = (s: number) => DateTime.fromSeconds(s, { zone }).toISODate();

  it("with no plan, starts a membership for the gift's length, no card needed", () => {
    const result = redeemOnto({ kind: "none" }, 1, now, zone);
    expect(result.kind).toBe("start");
    // 31 January + 1 month on the member's clock is 28 February.
    expect(local(result.kind === "start" ? result.endsAt : 0)).toBe("2026-02-28");
  });

  it("on a running paid plan, pushes the next charge out by the gift", () => {
    const renewsAt = now + 10 * 86_400;
    expect(redeemOnto({ kind: "paid", renewsAt, cancelAtPeriodEnd: false }, 3, now, zone)).toEqual({
      kind: "defer_charge",
      from: renewsAt,
      to: Math.floor(DateTime.fromSeconds(renewsAt, { zone }).plus({ months: 3 }).toSeconds()),
    });
  });

  it("on a plan that is ending, or on gifted time, stacks after its end; a past end counts from now", () => {
    const endsAt = now + 5 * 86_400;
    expect(redeemOnto({ kind: "paid", renewsAt: endsAt, cancelAtPeriodEnd: true }, 1, now, zone)).toMatchObject({
      kind: "stack",
      from: endsAt,
    });
    const stacked = redeemOnto({ kind: "gifted", endsAt }, 12, now, zone);
    expect(stacked.kind === "stack" && local(stacked.endsAt)).toBe("2027-02-05");
    expect(redeemOnto({ kind: "gifted", endsAt: now - 100 }, 1, now, zone)).toMatchObject({ kind: "stack", from: now });
  });

  it("refuses a nonsense length", () => {
    for (const months of [0, -1, 1.5, 99]) expect(() => redeemOnto({ kind: "none" }, months, now, zone)).toThrow(RangeError);
  });

  it("tells the member the end date on their own calendar", () => {
    const justAfterMidnightUtc = Math.floor(Date.UTC(2027, 2, 15, 3) / 1000);
    expect(endDateText(justAfterMidnightUtc, "America/Los_Angeles")).toBe("14 March 2027");
    expect(endDateText(justAfterMidnightUtc, "Europe/Berlin")).toBe("15 March 2027");
  });
});

describe("a redeemed gift refunded afterwards (ADR 036)", () => {
  it("becomes refunded only through its reversal, and only once redeemed", () => {
    expect(nextGiftState(gift("redeemed"), { type: "redemption_reversed", at: T })).toEqual({ ok: true, state: "refunded" });
    expect(nextGiftState(gift("refunded"), { type: "redemption_reversed", at: T })).toEqual({ ok: true, state: "refunded" });
    expect(nextGiftState(gift("paid"), { type: "redemption_reversed", at: T }).ok).toBe(false);
    expect(nextGiftState(gift("paid"), { type: "refunded", at: T })).toEqual({ ok: true, state: "refunded" });
  });

  it("takes its own span off the end it moved, so gifts stacked after it keep theirs", () => {
    const now = T / 1000;
    const first = redeemOnto({ kind: "none" }, 3, now, "Europe/London");
    if (first.kind !== "start") throw new Error("expected a start");
    const second = redeemOnto({ kind: "gifted", endsAt: first.endsAt }, 1, now, "Europe/London");
    if (second.kind !== "stack") throw new Error("expected a stack");
    const both = { endsAt: second.endsAt, deferredTo: 0 };
    const withoutFirst = takeBackRedemption(first, both);
    expect(withoutFirst.endsAt).toBe(now + (second.endsAt - second.from));
    expect(takeBackRedemption(second, withoutFirst).endsAt).toBe(now);
    const deferral = redeemOnto({ kind: "paid", renewsAt: now + 86_400, cancelAtPeriodEnd: false }, 1, now, "Europe/London");
    if (deferral.kind !== "defer_charge") throw new Error("expected a deferral");
    expect(takeBackRedemption(deferral, { endsAt: 0, deferredTo: deferral.to })).toEqual({ endsAt: 0, deferredTo: deferral.from });
  });
});
