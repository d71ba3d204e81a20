import Stripe from "stripe";
import type { AppliedDiscount, Card, PlanInterval, SubscriptionStatus } from "./billing";
import { readEvent, verifyStripeSignedEvent } from "./events.server";
import {
  CHECKOUT_SESSION_PLACEHOLDER,
  PaymentError,
  type DiscountSummary,
  type PaymentErrorCode,
  type PaymentStanding,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderSubscription,
} from "./port";

/**
 * The Stripe adapter (docs/decisions/014-payments-port-and-webhooks.md): the official SDK, the API
 * version pinned to the SDK's own, a 4 s timeout tried twice, an idempotency key from the server-side intent id
 * on every create. Written against the pinned version's shapes: the period dates live on the
 * subscription's items, and discounts are a `discounts` list.
 */

export const STRIPE_API_VERSION = Stripe.API_VERSION as Stripe.LatestApiVersion;

/**
 * A provider that does not answer costs the person at most about 9 s before the page says so (issue 24:
 * a clear sentence within 10 s): two tries of 4 s with the SDK's half-second pause between. Both
 * tries carry the same idempotency key, as does a person's own retry of the same checkout, so a request
 * that reached Stripe and only its answer was lost makes no second session. (10 s and 2 retries, before,
 * was over 30 s.)
 */
const STRIPE_TIMEOUT_MS = 4_000;
const STRIPE_NETWORK_RETRIES = 1;

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass `Stripe.createFetchHttpClient(fixtureFetch)`: no network. */
  httpClient?: Stripe.HttpClient;
  maxNetworkRetries?: number;
  /** Staging's stand-in for api.stripe.com (STRIPE_API_URL): its host, port and protocol. */
  apiUrl?: string;
}

const SUBSCRIPTION_EXPAND = ["default_payment_method", "discounts.source.coupon", "items.data.price"];

export function createStripeProvider(options: StripeAdapterOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_NETWORK_RETRIES,
    telemetry: false,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw toPaymentError(error);
    }
  }

  async function retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
    try {
      return await stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND });
    } catch (error) {
      const mapped = toPaymentError(error);
      if (mapped.code === "not_found") return null;
      throw mapped;
    }
  }

  /**
   * A money discount our catalogue knows but Stripe does not (a code made in the back office, or a
   * demo code in Stripe mode): a coupon of the same terms under an id of its own, made once, so the
   * session charges exactly what the offer said (ADR 056). Dropping it would charge the full price.
   */
  async function couponFor(discount: AppliedDiscount | null): Promise<Stripe.Checkout.SessionCreateParams.Discount[] | null> {
    if (!discount || discount.benefit.kind === "trial") return null;
    const benefit = discount.benefit;
    const id = `stillhour-${discount.promotionCodeId.toLowerCase()}`.slice(0, 60);
    const duration = benefit.duration;
    const terms: Stripe.CouponCreateParams = {
      id,
      name: discount.code.slice(0, 40),
      duration: duration.kind,
      ...(duration.kind === "repeating" ? { duration_in_months: duration.months } : {}),
      ...(benefit.kind === "percent" ? { percent_off: benefit.percentOff } : { amount_off: benefit.amountOff, currency: benefit.currency }),
      metadata: { promotionCodeId: discount.promotionCodeId },
    };
    try {
      await stripe.coupons.create(terms, { idempotencyKey: `coupon-${id}` });
    } catch (error) {
      // Made by an earlier checkout: the id is the coupon.
      if (!(error instanceof Stripe.errors.StripeError && error.code === "resource_already_exists")) throw toPaymentError(error);
    }
    return [{ coupon: id }];
  }

  return {
    name: "stripe",

    async createCustomer({ uid, email, name, idempotencyKey }) {
      const customer = await call(() =>
        stripe.customers.create({ email: email ?? undefined, name: name ?? undefined, metadata: { uid } }, { idempotencyKey }),
      );
      return { customerId: customer.id };
    },

    async createSubscriptionCheckout({ intentId, customerId, plan, discount, trialDays, successUrl, cancelUrl, metadata }) {
      if (!successUrl.includes(CHECKOUT_SESSION_PLACEHOLDER))
        throw new PaymentError("invalid_request", "success URL lacks the session placeholder");
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.stripePriceId
        ? { price: plan.stripePriceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: plan.currency,
              unit_amount: plan.amount,
              recurring: { interval: plan.interval },
              product_data: { name: `Stillhour ${plan.name}` },
            },
          };
      const discounts = stripeDiscounts(discount) ?? (await couponFor(discount));
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer: customerId,
            client_reference_id: metadata.uid,
            line_items: [lineItem],
            subscription_data: { metadata: { ...metadata, planId: plan.id }, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
            ...(discounts ? { discounts } : {}),
            metadata,
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey: intentId },
        ),
      );
      if (!session.url) throw new PaymentError("unavailable", "session without a URL");
      return { sessionId: session.id, url: session.url };
    },

    async createCardUpdateCheckout({ intentId, customerId, subscriptionId, successUrl, cancelUrl }) {
      const subscription = await retrieveSubscription(subscriptionId);
      if (!subscription || idOf(subscription.customer) !== customerId) throw new PaymentError("not_found", "no such subscription");
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "setup",
            customer: customerId,
            currency: subscription.currency,
            setup_intent_data: { metadata: { subscriptionId } },
            metadata: { subscriptionId },
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey: intentId },
        ),
      );
      if (!session.url) throw new PaymentError("unavailable", "session without a URL");
      return { sessionId: session.id, url: session.url };
    },

    async createPaymentCheckout({ intentId, customerId, item, successUrl, cancelUrl, metadata }) {
      if (!successUrl.includes(CHECKOUT_SESSION_PLACEHOLDER))
        throw new PaymentError("invalid_request", "success URL lacks the session placeholder");
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            customer: customerId,
            client_reference_id: metadata.uid,
            line_items: [
              { quantity: 1, price_data: { currency: item.currency, unit_amount: item.amount, product_data: { name: item.name } } },
            ],
            payment_intent_data: { metadata },
            metadata,
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey: intentId },
        ),
      );
      if (!session.url) throw new PaymentError("unavailable", "session without a URL");
      return { sessionId: session.id, url: session.url };
    },

    async deferNextCharge(subscriptionId, toSeconds, idempotencyKey) {
      // A trial end in the future is Stripe's way to move the next invoice without proration.
      const updated = await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { trial_end: toSeconds, proration_behavior: "none", expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey },
        ),
      );
      return toSubscription(updated);
    },

    async restoreNextCharge(subscriptionId, toSeconds, idempotencyKey) {
      // The deferral was a trial end; an earlier one brings the charge back, "now" ends it at once.
      const trialEnd = toSeconds > Math.floor(Date.now() / 1000) + 60 ? toSeconds : "now";
      const updated = await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { trial_end: trialEnd, proration_behavior: "none", expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey },
        ),
      );
      return toSubscription(updated);
    },

    async getCheckoutSession(id) {
      try {
        return toSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        const mapped = toPaymentError(error);
        if (mapped.code === "not_found" || mapped.code === "invalid_request") return null;
        throw mapped;
      }
    },

    async getSubscription(id) {
      const subscription = await retrieveSubscription(id);
      return subscription ? toSubscription(subscription) : null;
    },

    async listSubscriptions(customerId) {
      const page = await call(() =>
        stripe.subscriptions.list({
          customer: customerId,
          status: "all",
          limit: 20,
          expand: SUBSCRIPTION_EXPAND.map((path) => `data.${path}`),
        }),
      );
      return page.data.map(toSubscription).sort((a, b) => b.created - a.created);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel, idempotencyKey) {
      const updated = await call(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand: SUBSCRIPTION_EXPAND }, { idempotencyKey }),
      );
      return toSubscription(updated);
    },

    async cancelSubscriptionNow(subscriptionId) {
      const current = await retrieveSubscription(subscriptionId);
      if (!current) throw new PaymentError("not_found", "no such subscription");
      if (current.status === "canceled" || current.status === "incomplete_expired") return toSubscription(current);
      // A DELETE takes no idempotency key at Stripe: ending an ended subscription is answered above.
      const ended = await call(() =>
        stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false, expand: SUBSCRIPTION_EXPAND }),
      );
      return toSubscription(ended);
    },

    async deleteCustomer(customerId) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        const mapped = toPaymentError(error);
        if (mapped.code !== "not_found") throw mapped;
      }
    },

    async applyDiscount(subscriptionId, discount, idempotencyKey) {
      const discounts = stripeDiscounts(discount);
      if (!discounts) throw new PaymentError("invalid_request", "the discount has no Stripe coupon or promotion code");
      const updated = await call(() =>
        stripe.subscriptions.update(subscriptionId, { discounts, expand: SUBSCRIPTION_EXPAND }, { idempotencyKey }),
      );
      return toSubscription(updated);
    },

    async removeDiscounts(subscriptionId, idempotencyKey) {
      const updated = await call(() =>
        stripe.subscriptions.update(subscriptionId, { discounts: "", expand: SUBSCRIPTION_EXPAND }, { idempotencyKey }),
      );
      return toSubscription(updated);
    },

    async applyCardUpdate(sessionId) {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId, { expand: ["setup_intent"] }));
      if (session.mode !== "setup" || session.status !== "complete") return;
      const subscriptionId = session.metadata?.subscriptionId;
      const setupIntent = session.setup_intent;
      const paymentMethod = setupIntent && typeof setupIntent === "object" ? idOf(setupIntent.payment_method) : null;
      if (!subscriptionId || !paymentMethod) return;
      await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { default_payment_method: paymentMethod },
          { idempotencyKey: `card-update-${sessionId}` },
        ),
      );
    },

    async refundPayment({ sessionId, idempotencyKey }) {
      const session = await call(() => stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.latest_charge"] }));
      const intent = session.payment_intent;
      if (!intent) throw new PaymentError("invalid_request", "the session took no payment");
      const intentId = typeof intent === "string" ? intent : intent.id;
      const charge = typeof intent === "string" ? null : intent.latest_charge;
      // Past the key's 24 hours a repeat would be refused as already refunded: answer the refund made.
      if (charge && typeof charge !== "string" && charge.refunded) {
        const refunds = await call(() => stripe.refunds.list({ payment_intent: intentId, limit: 1 }));
        const first = refunds.data[0];
        if (first) return { refundId: first.id, amount: first.amount };
      }
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: intentId, reason: "requested_by_customer" }, { idempotencyKey }),
      );
      return { refundId: refund.id, amount: refund.amount };
    },

    async getPaymentStanding(objectId) {
      try {
        if (objectId.startsWith("dp_")) {
          const dispute = await stripe.disputes.retrieve(objectId, { expand: ["charge", "payment_intent"] });
          const charge =
            typeof dispute.charge === "object"
              ? dispute.charge
              : await stripe.charges.retrieve(dispute.charge, { expand: ["payment_intent"] });
          const intent =
            typeof dispute.payment_intent === "object" && dispute.payment_intent ? dispute.payment_intent : charge.payment_intent;
          return toStanding(charge, intent, disputeOutcome(dispute.status));
        }
        const charge = await stripe.charges.retrieve(objectId, { expand: ["payment_intent"] });
        return toStanding(charge, charge.payment_intent, null);
      } catch (error) {
        const mapped = toPaymentError(error);
        if (mapped.code === "not_found") return null;
        throw mapped;
      }
    },

    async listEventsSince(sinceSeconds) {
      const events: ProviderEvent[] = [];
      await call(() =>
        stripe.events.list({ created: { gte: sinceSeconds }, limit: 100 }).autoPagingEach((event) => {
          const read = readEvent(event as never);
          if (read) events.push(read);
        }),
      );
      // Stripe lists newest first; replay in the order they happened.
      return events.sort((a, b) => a.created - b.created);
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * A charge as the port's standing. Our metadata was set on the payment intent (payment_intent_data),
 * which Stripe does not copy to the charge, so both are read, the intent's first.
 */
function toStanding(
  charge: Stripe.Charge,
  intent: string | Stripe.PaymentIntent | null,
  dispute: PaymentStanding["dispute"],
): PaymentStanding {
  const intentMetadata = intent && typeof intent === "object" ? intent.metadata : {};
  return {
    chargeId: charge.id,
    customerId: idOf(charge.customer),
    amount: charge.amount,
    amountRefunded: charge.amount_refunded,
    currency: charge.currency,
    refunded: charge.refunded,
    dispute,
    metadata: { ...(charge.metadata ?? {}), ...(intentMetadata ?? {}) },
  };
}

/** A dispute's status in three words: "prevented" and "warning_closed" (an inquiry) cost nothing, like a win. */
function disputeOutcome(status: Stripe.Dispute.Status): "open" | "won" | "lost" {
  if (status === "lost") return "lost";
  if (status === "won" || status === "warning_closed" || status === "prevented") return "won";
  return "open";
}

function stripeDiscounts(discount: AppliedDiscount | null): Stripe.Checkout.SessionCreateParams.Discount[] | null {
  if (!discount) return null;
  if (discount.stripePromotionCodeId) return [{ promotion_code: discount.stripePromotionCodeId }];
  if (discount.stripeCouponId) return [{ coupon: discount.stripeCouponId }];
  return null;
}

function toSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    customerId: idOf(session.customer),
    mode: session.mode === "setup" ? "setup" : session.mode === "payment" ? "payment" : "subscription",
    status: session.status ?? "open",
    paymentStatus: session.payment_status,
    subscriptionId: idOf(session.subscription),
    metadata: { ...(session.metadata ?? {}) },
    url: session.url,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

/** The pinned version's shapes: price and period on the first item, discounts as a list. */
export function toSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  if (!item) throw new PaymentError("unavailable", `subscription ${sub.id} has no items`);
  const price = item.price;
  const interval: PlanInterval = price.recurring?.interval === "year" ? "year" : "month";
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? "",
    status: sub.status as SubscriptionStatus,
    planId: sub.metadata?.planId ?? null,
    amount: price.unit_amount ?? 0,
    currency: price.currency ?? sub.currency,
    interval,
    currentPeriodEnd: item.current_period_end,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    trialEnd: sub.trial_end,
    defaultCard: cardOf(sub.default_payment_method),
    discount: discountOf(sub.discounts),
    metadata: { ...(sub.metadata ?? {}) },
    created: sub.created,
    endedAt: sub.ended_at,
  };
}

function cardOf(method: string | Stripe.PaymentMethod | null): Card | null {
  if (!method || typeof method === "string" || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}

function discountOf(discounts: Array<string | Stripe.Discount>): DiscountSummary | null {
  const discount = discounts.find((d): d is Stripe.Discount => typeof d === "object");
  if (!discount) return null;
  const coupon = discount.source?.coupon && typeof discount.source.coupon === "object" ? discount.source.coupon : null;
  const promotion = discount.promotion_code && typeof discount.promotion_code === "object" ? discount.promotion_code : null;
  return {
    promotionCodeId: coupon?.metadata?.promotionCodeId ?? null,
    code: promotion?.code ?? null,
    percentOff: coupon?.percent_off ?? null,
    amountOff: coupon?.amount_off ?? null,
    endsAt: discount.end,
    duration: coupon?.duration ?? null,
  };
}

/** Stripe's errors as the port's stable codes; the vendor's text stays in the message, for logs. */
export function toPaymentError(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const code = error.code ?? "";
    let mapped: PaymentErrorCode;
    if (error instanceof Stripe.errors.StripeCardError)
      mapped = code === "authentication_required" ? "authentication_required" : "card_declined";
    else if (code === "resource_missing" || error.statusCode === 404) mapped = "not_found";
    else if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode ?? 0) >= 500
    )
      mapped = "unavailable";
    else mapped = "invalid_request";
    return new PaymentError(mapped, `${error.type} ${code} ${error.requestId ?? ""}`.trim());
  }
  return new PaymentError("unavailable", error instanceof Error ? error.name : "unknown");
}
