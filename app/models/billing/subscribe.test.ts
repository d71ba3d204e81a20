import { describe, expect, it } from "vitest";
import { MAX_TYPED_CODE, SubscribeFormSchema, checkoutSteps, hasRunningPlan, subscribeHref } from "./subscribe";

const NOW = 1_800_000_000;

describe("checkoutSteps", () => {
  it("gives an unknown region the separate payment step, whatever the variant", () => {
    expect(checkoutSteps({ nonCASingleStep: "single-step" }, "unknown")).toBe("choose-payment-step");
  });
  it("always gives California the separate payment step", () => {
    expect(checkoutSteps({ nonCASingleStep: "single-step" }, "california")).toBe("choose-payment-step");
  });
  it("follows the experiment outside California", () => {
    expect(checkoutSteps({ nonCASingleStep: "single-step" }, "elsewhere")).toBe("single-step");
    expect(checkoutSteps({ nonCASingleStep: "use-choose-payment-step" }, "elsewhere")).toBe("choose-payment-step");
  });
});

describe("hasRunningPlan", () => {
  it("is true for an active plan until its period end, inclusive", () => {
    expect(hasRunningPlan({ subscriptionStatus: "active", subscriptionExpirationDate: NOW }, NOW)).toBe(true);
    expect(hasRunningPlan({ subscriptionStatus: "active", subscriptionExpirationDate: NOW - 1 }, NOW)).toBe(false);
  });
  it("is true for a trial and for past due (the card needs updating, not a second plan)", () => {
    expect(hasRunningPlan({ subscriptionStatus: "trialing", subscriptionExpirationDate: NOW + 10 }, NOW)).toBe(true);
    expect(hasRunningPlan({ subscriptionStatus: "past_due", subscriptionExpirationDate: NOW - 100 }, NOW)).toBe(true);
  });
  it("is false for cancelled, unpaid and no plan at all", () => {
    expect(hasRunningPlan({ subscriptionStatus: "canceled", subscriptionExpirationDate: NOW + 10 }, NOW)).toBe(false);
    expect(hasRunningPlan({ subscriptionStatus: "unpaid", subscriptionExpirationDate: NOW + 10 }, NOW)).toBe(false);
    expect(hasRunningPlan({ subscriptionStatus: null, subscriptionExpirationDate: null }, NOW)).toBe(false);
  });
});

describe("SubscribeFormSchema", () => {
  it("reads a checkout with its intent id and consent", () => {
    const parsed = SubscribeFormSchema.safeParse({
      intent: "checkout",
      plan: "annual",
      code: " calm ",
      intentId: "a".repeat(22),
      renewalConsent: "on",
    });
    expect(parsed.success && parsed.data.intent === "checkout" && parsed.data.renewalConsent).toBe("on");
  });
  it("refuses a tampered plan id and a missing intent id", () => {
    expect(SubscribeFormSchema.safeParse({ intent: "checkout", plan: "<script>", intentId: "a".repeat(22) }).success).toBe(false);
    expect(SubscribeFormSchema.safeParse({ intent: "checkout", plan: "annual" }).success).toBe(false);
  });
  it("cuts a 10 KB code before any work", () => {
    const parsed = SubscribeFormSchema.safeParse({ intent: "apply", plan: "monthly", code: "x".repeat(10_000) });
    expect(parsed.success && parsed.data.intent === "apply" ? parsed.data.code.length : 0).toBe(MAX_TYPED_CODE + 1);
  });
});

describe("subscribeHref", () => {
  it("keeps the choice for the way back from sign-in", () => {
    expect(subscribeHref({ plan: "annual", code: "CALM 20", step: "payment" })).toBe("/subscribe?plan=annual&code=CALM+20&step=payment");
  });
  it("drops an overlong code rather than carrying it in a URL", () => {
    expect(subscribeHref({ plan: "monthly", code: "x".repeat(MAX_TYPED_CODE + 1) })).toBe("/subscribe?plan=monthly");
  });
});
