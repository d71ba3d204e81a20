import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { AppliedDiscount, Card, Plan } from "./billing";
import { getStore } from "~/services/store/index.server";
import { readEvent, signPayload, verifyStripeSignedEvent } from "./events.server";
import {
  CHECKOUT_SESSION_PLACEHOLDER,
  PaymentError,
  type CardUpdateCheckoutInput,
  type PaymentCheckoutInput,
  type PaymentStanding,
  type DiscountSummary,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderSubscription,
  type SubscriptionCheckoutInput,
} from "./port";
import type { DocumentStore, TransactionContext } from "~/services/store/port.server";

/**
 * The demo payment provider: the embedded default, so the whole purchase runs without keys. Its state
 * lives in the store under `demoPayments*`; its hosted page is /demo/checkout/{sessionId}, which says
 * "Demo: no card is charged" on every screen. After a payment it sends events in Stripe's envelope,
 * signed with DEMO_WEBHOOK_SECRET exactly as Stripe signs, to the same webhook path Stripe uses.
 */

export const DEMO_CUSTOMERS = "demoPaymentsCustomers";
export const DEMO_SESSIONS = "demoPaymentsSessions";
export const DEMO_SUBSCRIPTIONS = "demoPaymentsSubscriptions";
export const DEMO_CHARGES = "demoPaymentsCharges";
export const DEMO_IDEMPOTENCY = "demoPaymentsIdempotency";
/** Refunds of one-time payments, one per charged session. */
export const DEMO_REFUNDS = "demoPaymentsRefunds";
/** Every event the demo sent, as Stripe keeps them, so a missed delivery can be listed and replayed. */
export const DEMO_EVENTS = "demoPaymentsEvents";

export const DEMO_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  authentication: "4000002760003184",
} as const;

const DAY = 86_400;

const CardSchema = z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() });
const StringMap = z.record(z.string());

const DiscountSummarySchema = z.object({
  promotionCodeId: z.string().nullable(),
  code: z.string().nullable(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  endsAt: z.number().nullable(),
  duration: z.enum(["once", "repeating", "forever"]).nullable().optional(),
});

const CustomerSchema = z.object({
  id: z.string(),
  uid: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  created: z.number(),
});
const IdempotencySchema = z.object({ objectId: z.string() });

/** A charge: keyed by its session (or `{subscription}:{period}` for a renewal); refunds and disputes are marked on it. */
const ChargeSchema = z.object({
  /** The charge's own id, as events name it; absent on charges made before refunds existed. */
  id: z.string().nullable().default(null),
  sessionId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  customerId: z.string().nullable().default(null),
  amount: z.number(),
  currency: z.string(),
  created: z.number(),
  amountRefunded: z.number().default(0),
  /** The refund a studio cancellation made through refundPayment, answered again on a repeat. */
  refundId: z.string().nullable().default(null),
  refunded: z.boolean().default(false),
  disputeId: z.string().nullable().default(null),
  disputeStatus: z.enum(["open", "won", "lost"]).nullable().default(null),
});
type DemoCharge = z.infer<typeof ChargeSchema>;

const DemoEventSchema = z.object({ type: z.string(), payload: z.string(), created: z.number() });

const SessionSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  mode: z.enum(["subscription", "setup", "payment"]),
  status: z.enum(["open", "complete", "expired"]),
  paymentStatus: z.enum(["paid", "unpaid", "no_payment_required"]),
  subscriptionId: z.string().nullable(),
  metadata: StringMap,
  plan: z
    .object({
      id: z.string(),
      name: z.string(),
      interval: z.enum(["month", "year"]),
      amount: z.number(),
      currency: z.string(),
      trialDays: z.number(),
    })
    .nullable(),
  discount: z.unknown().nullable(),
  /** The free trial the offer promised, in days (ADR 056); null on sessions made before it was carried. */
  trialDays: z.number().int().min(0).nullable().default(null),
  /** The one line of a one-time payment. */
  item: z
    .object({ name: z.string(), amount: z.number().int().min(0), currency: z.string() })
    .nullable()
    .default(null),
  successUrl: z.string(),
  cancelUrl: z.string(),
  /** A card waiting for the extra confirmation step (4000 0027 6000 3184). */
  pendingCard: CardSchema.nullable(),
  created: z.number(),
});
export type DemoSession = z.infer<typeof SessionSchema>;

const SubscriptionSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  status: z.enum(["trialing", "active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"]),
  planId: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(["month", "year"]),
  currentPeriodEnd: z.number(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.number().nullable(),
  defaultCard: CardSchema.nullable(),
  discount: DiscountSummarySchema.nullable(),
  metadata: StringMap,
  created: z.number(),
  endedAt: z.number().nullable().default(null),
});

/** One signed delivery: exactly the bytes and header Stripe would POST. */
export interface SignedDelivery {
  eventId: string;
  type: string;
  payload: string;
  signature: string;
}

export type DemoPayResult =
  | { ok: true; redirectTo: string; deliveries: SignedDelivery[]; charged: boolean }
  | { ok: false; reason: "card_declined" | "authentication_required" | "authentication_failed" | "not_found" | "closed" };

export interface DemoCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
}

export interface DemoProviderOptions {
  webhookSecret: string;
  /** Where the hosted page lives, e.g. "http://localhost:3000". */
  origin: string;
  store?: () => DocumentStore;
  now?: () => number;
}

export function createDemoProvider(options: DemoProviderOptions) {
  const store = options.store ?? getStore;
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);
  const newId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString("hex")}`;

  /** Runs `create` once per idempotency key; a repeat returns the first object's id. */
  async function once(key: string, create: (tx: TransactionContext, id: string) => void, prefix: string): Promise<string> {
    return store().transaction(async (tx) => {
      const seen = await tx.get(DEMO_IDEMPOTENCY, key, IdempotencySchema);
      if (seen) return seen.objectId;
      const id = newId(prefix);
      create(tx, id);
      tx.set(DEMO_IDEMPOTENCY, key, { objectId: id, createdAt: nowSeconds() });
      return id;
    });
  }

  function hostedUrl(sessionId: string) {
    return `${options.origin}/demo/checkout/${sessionId}`;
  }

  function toSession(session: DemoSession): ProviderCheckoutSession {
    const { id, customerId, mode, status, paymentStatus, subscriptionId, metadata, item } = session;
    return {
      id,
      customerId,
      mode,
      status,
      paymentStatus,
      subscriptionId,
      metadata,
      url: status === "open" ? hostedUrl(id) : null,
      amountTotal: item?.amount ?? null,
      currency: item?.currency ?? null,
    };
  }

  function sign(type: string, object: Record<string, unknown>): SignedDelivery {
    const eventId = newId("evt");
    const payload = JSON.stringify(
      { id: eventId, object: "event", api_version: "demo", created: nowSeconds(), livemode: false, type, data: { object } },
      null,
      2,
    );
    return { eventId, type, payload, signature: signPayload(payload, options.webhookSecret) };
  }

  async function assertCustomer(customerId: string) {
    if (!(await store().get(DEMO_CUSTOMERS, customerId, CustomerSchema))) throw new PaymentError("not_found", "no such customer");
  }

  /** Opens a hosted-page session of any mode, once per key; the fields not given are the closed defaults. */
  async function openSession(
    key: string,
    input: { customerId: string; successUrl: string; cancelUrl: string },
    fields: Pick<DemoSession, "mode" | "paymentStatus" | "metadata"> &
      Partial<Pick<DemoSession, "subscriptionId" | "plan" | "discount" | "trialDays" | "item">>,
  ) {
    assertSuccessUrl(input.successUrl);
    const sessionId = await once(
      key,
      (tx, id) =>
        tx.create(DEMO_SESSIONS, id, {
          id,
          customerId: input.customerId,
          status: "open",
          subscriptionId: null,
          plan: null,
          discount: null,
          trialDays: null,
          item: null,
          ...fields,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          pendingCard: null,
          created: nowSeconds(),
        } satisfies DemoSession),
      "cs",
    );
    return { sessionId, url: hostedUrl(sessionId) };
  }

  const provider: PaymentProvider & {
    getDemoSession(id: string): Promise<DemoSession | null>;
    pay(sessionId: string, card: DemoCardInput): Promise<DemoPayResult>;
    authenticate(sessionId: string, approve: boolean): Promise<DemoPayResult>;
    countCharges(sessionId: string): Promise<number>;
    chargeNextPeriod(subscriptionId: string): Promise<{ ok: true; deliveries: SignedDelivery[] } | { ok: false }>;
    chargeOf(ref: { sessionId: string } | { subscriptionId: string }): Promise<string | null>;
    refundCharge(
      chargeId: string,
      options?: { cancelSubscription?: boolean },
    ): Promise<{ ok: true; deliveries: SignedDelivery[] } | { ok: false }>;
    disputeCharge(chargeId: string, step: "open" | "won" | "lost"): Promise<{ ok: true; deliveries: SignedDelivery[] } | { ok: false }>;
  } = {
    name: "demo",

    async createCustomer({ uid, email, name, idempotencyKey }) {
      const customerId = await once(
        `customer:${idempotencyKey}`,
        (tx, id) => tx.create(DEMO_CUSTOMERS, id, { id, uid, email, name, created: nowSeconds() }),
        "cus",
      );
      return { customerId };
    },

    async createSubscriptionCheckout(input: SubscriptionCheckoutInput) {
      await assertCustomer(input.customerId);
      return openSession(`checkout:${input.intentId}`, input, {
        mode: "subscription",
        paymentStatus: "unpaid",
        metadata: input.metadata,
        plan: planSnapshot(input.plan),
        discount: input.discount,
        trialDays: Math.max(0, Math.floor(input.trialDays)),
      });
    },

    async createCardUpdateCheckout(input: CardUpdateCheckoutInput) {
      const subscription = await store().get(DEMO_SUBSCRIPTIONS, input.subscriptionId, SubscriptionSchema);
      if (!subscription || subscription.customerId !== input.customerId) throw new PaymentError("not_found", "no such subscription");
      return openSession(`setup:${input.intentId}`, input, {
        mode: "setup",
        paymentStatus: "no_payment_required",
        subscriptionId: input.subscriptionId,
        metadata: { subscriptionId: input.subscriptionId },
      });
    },

    async createPaymentCheckout(input: PaymentCheckoutInput) {
      await assertCustomer(input.customerId);
      if (!Number.isInteger(input.item.amount) || input.item.amount < 0)
        throw new PaymentError("invalid_request", "amount must be whole minor units");
      const { name, amount, currency } = input.item;
      return openSession(`payment:${input.intentId}`, input, {
        mode: "payment",
        paymentStatus: "unpaid",
        metadata: input.metadata,
        item: { name, amount, currency },
      });
    },

    async deferNextCharge(subscriptionId, toSeconds) {
      // Idempotent by nature: the same target date twice leaves it there.
      return updateSubscription(subscriptionId, (sub) => {
        if (sub.status === "canceled") throw new PaymentError("invalid_request", "subscription is canceled");
        if (toSeconds <= sub.currentPeriodEnd) return sub;
        return { ...sub, status: "trialing", currentPeriodEnd: toSeconds, trialEnd: toSeconds };
      });
    },

    async restoreNextCharge(subscriptionId, toSeconds) {
      // Idempotent by nature: the same date twice leaves it there. The demo's clock takes the payment.
      const now = nowSeconds();
      return updateSubscription(subscriptionId, (sub) => {
        if (sub.status === "canceled") throw new PaymentError("invalid_request", "subscription is canceled");
        const to = Math.max(toSeconds, now);
        if (to >= sub.currentPeriodEnd) return sub;
        return { ...sub, currentPeriodEnd: to, trialEnd: sub.trialEnd === null ? null : to };
      });
    },

    async getCheckoutSession(id) {
      const session = await provider.getDemoSession(id);
      return session ? toSession(session) : null;
    },

    async getSubscription(id) {
      if (!isDemoId(id)) return null;
      return store().get(DEMO_SUBSCRIPTIONS, id, SubscriptionSchema);
    },

    async listSubscriptions(customerId) {
      const { docs } = await store().query(DEMO_SUBSCRIPTIONS, SubscriptionSchema, {
        where: [{ field: "customerId", op: "==", value: customerId }],
      });
      return docs.map((doc) => doc.data).sort((a, b) => b.created - a.created);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      // Idempotent by nature: setting the flag twice leaves it set.
      return updateSubscription(subscriptionId, (sub) => {
        if (sub.status === "canceled") throw new PaymentError("invalid_request", "subscription is canceled");
        return { ...sub, cancelAtPeriodEnd: cancel };
      });
    },

    async cancelSubscriptionNow(subscriptionId) {
      if (!isDemoId(subscriptionId)) throw new PaymentError("not_found", "no such subscription");
      const now = nowSeconds();
      return store().transaction(async (tx) => {
        const sub = await tx.get(DEMO_SUBSCRIPTIONS, subscriptionId, SubscriptionSchema);
        if (!sub) throw new PaymentError("not_found", "no such subscription");
        if (sub.status === "canceled" || sub.status === "incomplete_expired") return sub;
        const ended: ProviderSubscription = { ...sub, status: "canceled", cancelAtPeriodEnd: false, endedAt: now };
        tx.set(DEMO_SUBSCRIPTIONS, sub.id, { ...ended });
        // Stripe sends this event; the demo keeps it for the reconcile job to replay, as it does a missed delivery.
        keepEvents(tx, [sign("customer.subscription.deleted", subscriptionObject(ended))], now);
        return ended;
      });
    },

    async deleteCustomer(customerId) {
      // As Stripe does: the customer's running subscriptions end with it; its payments stay in the books.
      for (const sub of await provider.listSubscriptions(customerId)) {
        if (sub.status !== "canceled" && sub.status !== "incomplete_expired") await provider.cancelSubscriptionNow(sub.id);
      }
      await store().delete(DEMO_CUSTOMERS, customerId);
    },

    async applyDiscount(subscriptionId, discount) {
      return updateSubscription(subscriptionId, (sub) => {
        if (sub.status === "canceled") throw new PaymentError("invalid_request", "subscription is canceled");
        return { ...sub, discount: discountSummary(discount, sub.currentPeriodEnd) };
      });
    },

    async removeDiscounts(subscriptionId) {
      return updateSubscription(subscriptionId, (sub) => ({ ...sub, discount: null }));
    },

    async applyCardUpdate() {
      // The demo set the default card when the card was saved on its page.
    },

    async refundPayment({ sessionId }) {
      if (!isDemoId(sessionId)) throw new PaymentError("not_found", "no such session");
      // Keyed by the charge, not only by the caller's key: a session is refunded once, whatever the key.
      return store().transaction(async (tx) => {
        const charge = await tx.get(DEMO_CHARGES, sessionId, ChargeSchema);
        if (!charge || charge.subscriptionId !== null) throw new PaymentError("not_found", "no one-time charge for this session");
        if (charge.refundId) return { refundId: charge.refundId, amount: charge.amount };
        const refundId = newId("re");
        tx.create(DEMO_REFUNDS, refundId, {
          id: refundId,
          sessionId,
          amount: charge.amount,
          currency: charge.currency,
          created: nowSeconds(),
        });
        tx.update(DEMO_CHARGES, sessionId, { refundId });
        return { refundId, amount: charge.amount };
      });
    },

    async listEventsSince(sinceSeconds) {
      const { docs } = await store().query(DEMO_EVENTS, DemoEventSchema, { where: [{ field: "created", op: ">=", value: sinceSeconds }] });
      return docs
        .map((doc) => readEvent(JSON.parse(doc.data.payload)))
        .filter((event): event is ProviderEvent => event !== null)
        .sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
    },

    parseWebhook(rawBody, signatureHeader) {
      return verifyStripeSignedEvent(rawBody, signatureHeader, options.webhookSecret);
    },

    async getPaymentStanding(objectId) {
      if (!isDemoId(objectId)) return null;
      const found = await findCharge(objectId.startsWith("dp_") ? "disputeId" : "id", objectId);
      if (!found) return null;
      const charge = found.data;
      const session = charge.sessionId ? await provider.getDemoSession(charge.sessionId) : null;
      const standing: PaymentStanding = {
        chargeId: charge.id ?? objectId,
        customerId: charge.customerId ?? session?.customerId ?? null,
        amount: charge.amount,
        amountRefunded: charge.amountRefunded,
        currency: charge.currency,
        refunded: charge.refunded,
        // As Stripe: a charge read directly does not say how its dispute ended; the dispute does.
        dispute: objectId.startsWith("dp_") ? charge.disputeStatus : null,
        metadata: session?.mode === "payment" ? { ...session.metadata } : {},
      };
      return standing;
    },

    /** The charge id of a paid checkout session, or of a subscription's latest charge: what the demo refunds or disputes. */
    async chargeOf(ref) {
      const [field, value] =
        "sessionId" in ref ? (["sessionId", ref.sessionId] as const) : (["subscriptionId", ref.subscriptionId] as const);
      const { docs } = await store().query(DEMO_CHARGES, ChargeSchema, { where: [{ field, op: "==", value }] });
      return docs.map((doc) => doc.data).sort((a, b) => b.created - a.created)[0]?.id ?? null;
    },

    /**
     * The demo's refund, as an operator would give one on Stripe's dashboard: the whole charge, once,
     * with Stripe's `charge.refunded` event; `cancelSubscription` also ends the plan at once (the
     * dashboard's "refund and cancel"), with `customer.subscription.deleted`.
     */
    async refundCharge(chargeId, refundOptions = {}) {
      const found = isDemoId(chargeId) ? await findCharge("id", chargeId) : null;
      if (!found) return { ok: false } as const;
      const now = nowSeconds();
      return store().transaction(async (tx) => {
        const charge = await tx.get(DEMO_CHARGES, found.id, ChargeSchema);
        const sub =
          charge?.subscriptionId && refundOptions.cancelSubscription
            ? await tx.get(DEMO_SUBSCRIPTIONS, charge.subscriptionId, SubscriptionSchema)
            : null;
        if (!charge) return { ok: false } as const;
        const deliveries: SignedDelivery[] = [];
        if (!charge.refunded) {
          const refunded: DemoCharge = { ...charge, amountRefunded: charge.amount, refunded: true };
          tx.set(DEMO_CHARGES, found.id, refunded);
          deliveries.push(sign("charge.refunded", chargeObject(refunded, now)));
        }
        if (sub && sub.status !== "canceled") {
          const ended: ProviderSubscription = { ...sub, status: "canceled", cancelAtPeriodEnd: false, endedAt: now };
          tx.set(DEMO_SUBSCRIPTIONS, sub.id, { ...ended });
          deliveries.push(sign("customer.subscription.deleted", subscriptionObject(ended)));
        }
        keepEvents(tx, deliveries, now);
        return { ok: true, deliveries } as const;
      });
    },

    /** The demo's card holder disputing a charge ("open"), and the bank deciding it ("won" for us, or "lost"). */
    async disputeCharge(chargeId, step) {
      const found = isDemoId(chargeId) ? await findCharge("id", chargeId) : null;
      if (!found) return { ok: false } as const;
      const now = nowSeconds();
      return store().transaction(async (tx) => {
        const charge = await tx.get(DEMO_CHARGES, found.id, ChargeSchema);
        if (!charge) return { ok: false } as const;
        if (step === "open" ? charge.disputeId !== null : charge.disputeStatus !== "open") return { ok: true, deliveries: [] } as const;
        const disputed: DemoCharge = { ...charge, disputeId: charge.disputeId ?? newId("dp"), disputeStatus: step };
        tx.set(DEMO_CHARGES, found.id, disputed);
        const deliveries = [sign(step === "open" ? "charge.dispute.created" : "charge.dispute.closed", disputeObject(disputed, now))];
        keepEvents(tx, deliveries, now);
        return { ok: true, deliveries } as const;
      });
    },

    async getDemoSession(id) {
      if (!isDemoId(id)) return null;
      return store().get(DEMO_SESSIONS, id, SessionSchema);
    },

    async countCharges(sessionId) {
      const { docs } = await store().query(DEMO_CHARGES, z.object({ sessionId: z.string() }), {
        where: [{ field: "sessionId", op: "==", value: sessionId }],
      });
      return docs.length;
    },

    /** Pays (or, in setup mode, saves the card for) an open session, once, whatever the replays. */
    async pay(sessionId, input) {
      const number = input.number.replace(/\D/g, "");
      const card: Card = { brand: "visa", last4: number.slice(-4), expMonth: input.expMonth, expYear: input.expYear };
      if (number === DEMO_CARDS.declined) {
        const session = await provider.getDemoSession(sessionId);
        if (!session) return { ok: false, reason: "not_found" };
        return session.status === "complete" ? alreadyDone(session) : { ok: false, reason: "card_declined" };
      }
      if (number === DEMO_CARDS.authentication) {
        return store().transaction(async (tx) => {
          const session = await tx.get(DEMO_SESSIONS, sessionId, SessionSchema);
          if (!session) return { ok: false, reason: "not_found" } as const;
          if (session.status === "complete") return alreadyDone(session);
          if (session.status !== "open") return { ok: false, reason: "closed" } as const;
          tx.update(DEMO_SESSIONS, sessionId, { pendingCard: card });
          return { ok: false, reason: "authentication_required" } as const;
        });
      }
      if (number !== DEMO_CARDS.success) return { ok: false, reason: "card_declined" };
      return complete(sessionId, card);
    },

    /**
     * The demo's clock: takes the subscription's next payment now, as if its date had come (a trial
     * ends, a period renews), once per period, with the events Stripe would send.
     */
    async chargeNextPeriod(subscriptionId: string): Promise<{ ok: true; deliveries: SignedDelivery[] } | { ok: false }> {
      if (!isDemoId(subscriptionId)) return { ok: false };
      const now = nowSeconds();
      return store().transaction(async (tx) => {
        const sub = await tx.get(DEMO_SUBSCRIPTIONS, subscriptionId, SubscriptionSchema);
        if (!sub || sub.status === "canceled" || sub.cancelAtPeriodEnd) return { ok: false } as const;
        const chargeId = `${sub.id}:${sub.currentPeriodEnd}`;
        if (await tx.get(DEMO_CHARGES, chargeId, z.object({}).passthrough())) return { ok: true, deliveries: [] } as const;
        // The discount the subscription carries, while it lasts: as Stripe bills a coupon. One that
        // applies once comes off with this payment.
        const lasting =
          sub.discount !== null && (sub.discount.endsAt === null || sub.discount.endsAt > sub.currentPeriodEnd) ? sub.discount : null;
        const amount = lasting ? amountAfter(sub.amount, lasting) : sub.amount;
        const discount = lasting && lasting.duration !== "once" ? lasting : null;
        const next: ProviderSubscription = {
          ...sub,
          status: "active",
          trialEnd: null,
          discount,
          currentPeriodEnd: addInterval(Math.max(now, sub.currentPeriodEnd), sub.interval),
        };
        tx.set(DEMO_SUBSCRIPTIONS, sub.id, { ...next });
        tx.create(DEMO_CHARGES, chargeId, {
          id: newId("ch"),
          sessionId: null,
          subscriptionId: sub.id,
          customerId: sub.customerId,
          amount,
          currency: sub.currency,
          created: now,
        });
        const deliveries = [
          sign("invoice.paid", {
            id: newId("in"),
            object: "invoice",
            customer: sub.customerId,
            subscription: sub.id,
            amount_paid: amount,
            currency: sub.currency,
          }),
          sign("customer.subscription.updated", subscriptionObject(next)),
        ];
        keepEvents(tx, deliveries, now);
        return { ok: true, deliveries } as const;
      });
    },

    /** The extra confirmation step: approve pays with the card that asked for it; fail clears it. */
    async authenticate(sessionId, approve) {
      const session = await provider.getDemoSession(sessionId);
      if (!session) return { ok: false, reason: "not_found" };
      if (session.status === "complete") return alreadyDone(session);
      if (!session.pendingCard) return { ok: false, reason: "closed" };
      if (!approve) {
        await store().update(DEMO_SESSIONS, sessionId, { pendingCard: null });
        return { ok: false, reason: "authentication_failed" };
      }
      return complete(sessionId, session.pendingCard);
    },
  };

  function alreadyDone(session: DemoSession): DemoPayResult {
    return { ok: true, redirectTo: successRedirect(session), deliveries: [], charged: false };
  }

  async function complete(sessionId: string, card: Card): Promise<DemoPayResult> {
    const now = nowSeconds();
    return store().transaction(async (tx): Promise<DemoPayResult> => {
      const session = await tx.get(DEMO_SESSIONS, sessionId, SessionSchema);
      if (!session) return { ok: false, reason: "not_found" };
      if (session.status === "complete") return alreadyDone(session);
      if (session.status !== "open") return { ok: false, reason: "closed" };
      // A customer deleted since the page opened (an account deleted meanwhile) can no longer pay.
      if (session.customerId && !(await tx.get(DEMO_CUSTOMERS, session.customerId, CustomerSchema))) return { ok: false, reason: "closed" };
      const deliveries: SignedDelivery[] = [];
      if (session.mode === "setup") {
        const sub = session.subscriptionId ? await tx.get(DEMO_SUBSCRIPTIONS, session.subscriptionId, SubscriptionSchema) : null;
        if (!sub) return { ok: false, reason: "not_found" };
        const updated = { ...sub, defaultCard: card };
        tx.set(DEMO_SUBSCRIPTIONS, sub.id, updated);
        const done: DemoSession = { ...session, status: "complete", pendingCard: null };
        tx.set(DEMO_SESSIONS, sessionId, done);
        deliveries.push(
          sign("checkout.session.completed", sessionObject(done)),
          sign("customer.subscription.updated", subscriptionObject(updated)),
        );
        keepEvents(tx, deliveries, now);
        return { ok: true, redirectTo: successRedirect(done), deliveries, charged: false };
      }
      if (session.mode === "payment") {
        const item = session.item;
        if (!item || !session.customerId) return { ok: false, reason: "closed" };
        // Keyed by the session: paying the same session twice cannot charge twice.
        tx.create(DEMO_CHARGES, sessionId, {
          id: newId("ch"),
          sessionId,
          subscriptionId: null,
          customerId: session.customerId,
          amount: item.amount,
          currency: item.currency,
          created: now,
        });
        const done: DemoSession = { ...session, status: "complete", paymentStatus: "paid", pendingCard: null };
        tx.set(DEMO_SESSIONS, sessionId, done);
        deliveries.push(sign("checkout.session.completed", sessionObject(done)));
        keepEvents(tx, deliveries, now);
        return { ok: true, redirectTo: successRedirect(done), deliveries, charged: true };
      }
      const plan = session.plan;
      if (!plan || !session.customerId) return { ok: false, reason: "closed" };
      const discount = (session.discount as AppliedDiscount | null) ?? null;
      const extraTrial = discount?.benefit.kind === "trial" ? discount.benefit.extraTrialDays : 0;
      // The trial the session was opened with; a session from before it was carried, worked out as then.
      const trialDays = session.trialDays ?? plan.trialDays + extraTrial;
      const periodEnd = trialDays > 0 ? now + trialDays * DAY : addInterval(now, plan.interval);
      const subscription: ProviderSubscription = {
        id: newId("sub"),
        customerId: session.customerId,
        status: trialDays > 0 ? "trialing" : "active",
        planId: plan.id,
        amount: plan.amount,
        currency: plan.currency,
        interval: plan.interval,
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false,
        trialEnd: trialDays > 0 ? periodEnd : null,
        defaultCard: card,
        // A discount for one payment is used up by a payment taken today, as Stripe's "once" coupon is.
        discount:
          discount && !(trialDays === 0 && discount.benefit.kind !== "trial" && discount.benefit.duration.kind === "once")
            ? discountSummary(discount, now)
            : null,
        metadata: session.metadata,
        created: now,
        endedAt: null,
      };
      const paid = trialDays > 0 ? 0 : discountedAmount(plan.amount, discount);
      tx.create(DEMO_SUBSCRIPTIONS, subscription.id, { ...subscription });
      // Keyed by the session: a second payment of the same session cannot make a second charge.
      tx.create(DEMO_CHARGES, sessionId, {
        id: newId("ch"),
        sessionId,
        subscriptionId: subscription.id,
        customerId: session.customerId,
        amount: paid,
        currency: plan.currency,
        created: now,
      });
      const done: DemoSession = {
        ...session,
        status: "complete",
        paymentStatus: trialDays > 0 ? "no_payment_required" : "paid",
        subscriptionId: subscription.id,
        pendingCard: null,
      };
      tx.set(DEMO_SESSIONS, sessionId, done);
      deliveries.push(
        sign("checkout.session.completed", sessionObject(done)),
        sign("customer.subscription.created", subscriptionObject(subscription)),
        sign("invoice.paid", {
          id: newId("in"),
          object: "invoice",
          customer: session.customerId,
          subscription: subscription.id,
          amount_paid: paid,
          currency: plan.currency,
        }),
      );
      keepEvents(tx, deliveries, now);
      return { ok: true, redirectTo: successRedirect(done), deliveries, charged: true };
    });
  }

  async function findCharge(field: "id" | "disputeId", value: string): Promise<{ id: string; data: DemoCharge } | null> {
    const { docs } = await store().query(DEMO_CHARGES, ChargeSchema, { where: [{ field, op: "==", value }] });
    return docs[0] ?? null;
  }

  function keepEvents(tx: TransactionContext, deliveries: readonly SignedDelivery[], created: number) {
    for (const delivery of deliveries)
      tx.create(DEMO_EVENTS, delivery.eventId, { type: delivery.type, payload: delivery.payload, created });
  }

  async function updateSubscription(
    id: string,
    change: (sub: ProviderSubscription) => ProviderSubscription,
  ): Promise<ProviderSubscription> {
    if (!isDemoId(id)) throw new PaymentError("not_found", "no such subscription");
    return store().transaction(async (tx) => {
      const sub = await tx.get(DEMO_SUBSCRIPTIONS, id, SubscriptionSchema);
      if (!sub) throw new PaymentError("not_found", "no such subscription");
      const next = change(sub);
      tx.set(DEMO_SUBSCRIPTIONS, id, { ...next });
      return next;
    });
  }

  return provider;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;

function isDemoId(id: string) {
  return /^[a-z]{2,4}_demo_[0-9a-f]{24}$/.test(id);
}

function assertSuccessUrl(url: string) {
  if (!url.includes(CHECKOUT_SESSION_PLACEHOLDER)) throw new PaymentError("invalid_request", "success URL lacks the session placeholder");
}

function successRedirect(session: DemoSession) {
  return session.successUrl.replace(CHECKOUT_SESSION_PLACEHOLDER, session.id);
}

function planSnapshot(plan: Plan) {
  const { id, name, interval, amount, currency, trialDays } = plan;
  return { id, name, interval, amount, currency, trialDays };
}

export function addInterval(fromSeconds: number, interval: "month" | "year"): number {
  const date = new Date(fromSeconds * 1000);
  if (interval === "month") date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** A plan's price with a discount as a subscription carries it (percent or amount off), never negative. */
function amountAfter(amount: number, discount: DiscountSummary): number {
  if (discount.percentOff !== null) return amount - Math.round((amount * discount.percentOff) / 100);
  if (discount.amountOff !== null) return Math.max(0, amount - discount.amountOff);
  return amount;
}

function discountedAmount(amount: number, discount: AppliedDiscount | null): number {
  if (!discount) return amount;
  const benefit = discount.benefit;
  if (benefit.kind === "percent") return amount - Math.round((amount * benefit.percentOff) / 100);
  if (benefit.kind === "amount") return Math.max(0, amount - benefit.amountOff);
  return amount;
}

/** Summarises a discount as a subscription carries it; `from` starts a repeating duration. */
export function discountSummary(discount: AppliedDiscount, from: number): DiscountSummary {
  const benefit = discount.benefit;
  const duration = benefit.kind === "trial" ? null : benefit.duration;
  let endsAt: number | null = null;
  if (duration?.kind === "repeating") {
    const date = new Date(from * 1000);
    date.setUTCMonth(date.getUTCMonth() + duration.months);
    endsAt = Math.floor(date.getTime() / 1000);
  }
  return {
    promotionCodeId: discount.promotionCodeId,
    code: discount.code,
    percentOff: benefit.kind === "percent" ? benefit.percentOff : null,
    amountOff: benefit.kind === "amount" ? benefit.amountOff : null,
    endsAt,
    duration: duration?.kind ?? null,
  };
}

function sessionObject(session: DemoSession) {
  return {
    id: session.id,
    object: "checkout.session",
    customer: session.customerId,
    mode: session.mode,
    status: session.status,
    payment_status: session.paymentStatus,
    subscription: session.subscriptionId,
    metadata: session.metadata,
    amount_total: session.item?.amount ?? null,
    currency: session.item?.currency ?? null,
  };
}

/** A charge in Stripe's shape (the fields the port reads, and a few a reader expects). */
function chargeObject(charge: DemoCharge, now: number) {
  return {
    id: charge.id,
    object: "charge",
    amount: charge.amount,
    amount_captured: charge.amount,
    amount_refunded: charge.amountRefunded,
    captured: true,
    created: charge.created || now,
    currency: charge.currency,
    customer: charge.customerId,
    disputed: charge.disputeId !== null,
    metadata: {},
    paid: true,
    refunded: charge.refunded,
    status: "succeeded",
  };
}

/** A dispute in Stripe's shape; like Stripe's, it names the charge but not the customer. */
function disputeObject(charge: DemoCharge, now: number) {
  const status = charge.disputeStatus === "open" ? "needs_response" : charge.disputeStatus;
  return {
    id: charge.disputeId,
    object: "dispute",
    amount: charge.amount,
    charge: charge.id,
    created: now,
    currency: charge.currency,
    reason: "fraudulent",
    status,
  };
}

function subscriptionObject(sub: ProviderSubscription) {
  return { id: sub.id, object: "subscription", customer: sub.customerId, status: sub.status, metadata: sub.metadata };
}
