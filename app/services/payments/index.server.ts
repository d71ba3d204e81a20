import { getEnv, isDemo, requiredSetting, type Env } from "~/lib/env.server";
import { createDemoProvider, type DemoProvider } from "./demo.server";
import type { PaymentProvider } from "./port";
import { createStripeProvider } from "./stripe.server";

/**
 * The one place that picks the payment provider: PAYMENT_PROVIDER=demo (the default; APP_ENV=demo
 * only) or stripe. Tests swap it with setPaymentProviderForTests.
 */

let provider: PaymentProvider | undefined;

export function getPaymentProvider(): PaymentProvider {
  if (provider) return provider;
  const env = getEnv();
  if (env.PAYMENT_PROVIDER === "stripe") {
    // The environment's schema requires both when PAYMENT_PROVIDER=stripe.
    provider = createStripeProvider({
      secretKey: requiredSetting(env, "STRIPE_SECRET_KEY", "PAYMENT_PROVIDER=stripe"),
      webhookSecret: requiredSetting(env, "STRIPE_WEBHOOK_SECRET", "PAYMENT_PROVIDER=stripe"),
      apiUrl: env.STRIPE_API_URL,
    });
    return provider;
  }
  // The configuration refuses the demo provider outside the demo at start; this holds if one got through.
  if (!isDemo(env) || !env.DEMO_WEBHOOK_SECRET) throw new Error("PAYMENT_PROVIDER=demo runs only with APP_ENV=demo");
  provider = createDemoProvider({ webhookSecret: env.DEMO_WEBHOOK_SECRET, origin: new URL(env.PUBLIC_SITE_URL).origin });
  return provider;
}

/**
 * Where a checkout form's redirect may go, for the CSP's form-action: Stripe's hosted checkout, or in
 * staging the local stand-in's origin (STRIPE_API_URL); the demo's checkout is on the site itself.
 */
export function checkoutOrigins(
  env: Pick<Env, "PAYMENT_PROVIDER" | "STRIPE_API_URL" | "VIDEO_PROVIDER" | "DAILY_API_URL" | "DAILY_DOMAIN"> = getEnv(),
): string[] {
  if (env.PAYMENT_PROVIDER !== "stripe") return [];
  return [env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : "https://checkout.stripe.com"];
}

/** The demo provider when it is the configured one in the demo, for its hosted page and clock; null otherwise. */
export function getDemoProvider(): DemoProvider | null {
  if (!isDemo()) return null;
  const current = getPaymentProvider();
  return current.name === "demo" ? (current as DemoProvider) : null;
}

export function setPaymentProviderForTests(next: PaymentProvider | undefined) {
  provider = next;
}
