import Stripe from "stripe";
import { describe, expect, it } from "vitest";

// Issue 24, faults: Stripe not answering. The adapter as production configures it (its own timeout and
// retries; only the HTTP client is a stand-in that never answers) gives up within 10 s with the error
// the checkout turns into "The payment page didn't open just now…" (ERRORS.checkout_unavailable), and
// both tries carry the checkout intent's id as their idempotency key (as a person's second click on the
// same form does: "one session for two concurrent clicks" in the payments tests), so a request that did
// reach Stripe makes no second session.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { createStripeProvider } = await import("../../../app/services/payments/stripe.server");
const { PaymentError } = await import("../../../app/services/payments/port");
const { ERRORS } = await import("../../../app/lib/errors");

const keys: string[] = [];
const silent = Stripe.createFetchHttpClient(((_url: string, init: RequestInit) => {
  keys.push(new Headers(init.headers).get("Idempotency-Key") ?? "(none)");
  return new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
}) as typeof fetch);
const stripe = createStripeProvider({
  secretKey: "sk_test_timeout000000000000",
  webhookSecret: "whsec_timeout_test_0000",
  httpClient: silent,
});

const plan = {
  id: "monthly",
  name: "Monthly",
  interval: "month" as const,
  amount: 1499,
  currency: "usd",
  trialDays: 7,
  stripePriceId: "price_monthly0001",
  active: true,
  order: 1,
};

describe("Stripe not answering", () => {
  it("fails a checkout as unavailable within 10 s, both tries under the intent's idempotency key", async () => {
    const input = {
      intentId: "intent-timeout-0001",
      customerId: "cus_timeout0001",
      plan,
      discount: null,
      trialDays: 7,
      successUrl: "https://x/welcome?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://x",
      metadata: { uid: "u" },
    };
    const started = Date.now();
    const error = await stripe.createSubscriptionCheckout(input).then(
      () => null,
      (e: unknown) => e,
    );
    const ms = Date.now() - started;
    console.log(JSON.stringify({ figures: "stripe silent", ms, attempts: keys.length }));
    expect(error).toBeInstanceOf(PaymentError);
    expect((error as InstanceType<typeof PaymentError>).code).toBe("unavailable");
    expect(ms).toBeLessThan(10_000);
    expect(keys).toHaveLength(2);
    expect(new Set(keys)).toEqual(new Set([input.intentId]));
    expect(ERRORS.checkout_unavailable.message).toMatch(/Nothing was charged; please try again/);
  }, 30_000);
});
