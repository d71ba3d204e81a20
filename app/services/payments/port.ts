import type { AppliedDiscount, Card, Plan, PlanInterval, SubscriptionStatus } from "./billing";

/**
 * The payment port (docs/decisions/014-payments-port-and-webhooks.md). Two providers implement it:
 * Stripe through its SDK, and the local demo provider whose hosted page charges no card. Everything
 * above this line speaks these provider-neutral shapes; amounts in minor units, times in unix seconds.
 */

export type PaymentProviderName = "demo" | "stripe";

/** Stable failure codes: what callers branch on and what pages translate into our own sentences. */
export type PaymentErrorCode = "card_declined" | "authentication_required" | "not_found" | "unavailable" | "invalid_request";

export class PaymentError extends Error {
  constructor(
    public readonly code: PaymentErrorCode,
    /** For logs only: never shown to a person. */
    detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "PaymentError";
  }
}

/** Thrown by parseWebhook for a bad signature, a stale timestamp or an unreadable body. */
export class WebhookSignatureError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "WebhookSignatureError";
  }
}

/** The discount a subscription carries, summarised for settings. */
export interface DiscountSummary {
  promotionCodeId: string | null;
  code: string | null;
  percentOff: number | null;
  amountOff: number | null;
  /** When the discount stops applying (unix s), null for "forever" or unknown. */
  endsAt: number | null;
  /** "once" comes off after the next payment; absent when the provider did not say. */
  duration?: "once" | "repeating" | "forever" | null;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  planId: string | null;
  amount: number;
  currency: string;
  interval: PlanInterval;
  /** End of the current period (unix s): the next charge, or the end of a cancelled plan. */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  trialEnd: number | null;
  defaultCard: Card | null;
  discount: DiscountSummary | null;
  metadata: Record<string, string>;
  /** When the provider created it (unix s); used to choose among several. */
  created: number;
  /** When it ended (unix s), for a canceled subscription; null while it runs. */
  endedAt: number | null;
}

export interface ProviderCheckoutSession {
  id: string;
  customerId: string | null;
  mode: "subscription" | "setup" | "payment";
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  subscriptionId: string | null;
  metadata: Record<string, string>;
  url: string | null;
  /** What the session charges in all (minor units), for one-time payments; null when unknown. */
  amountTotal: number | null;
  currency: string | null;
}

/**
 * The app's own names for the provider's events about money going back (ADR 036): a charge refunded
 * (in full or in part), a dispute opened, a dispute closed (won or lost). What to do is decided from
 * the re-read PaymentStanding, never from the event's copy.
 */
export type ProviderEventKind = "payment_refunded" | "dispute_opened" | "dispute_closed";

export interface ProviderEvent {
  id: string;
  type: string;
  /** unix s */
  created: number;
  /** The id of the object the event is about (session, subscription, invoice, charge, dispute). */
  objectId: string | null;
  customerId: string | null;
  /** Set for the events the port maps into the app's own kinds; absent for the rest. */
  kind?: ProviderEventKind;
}

/** Where one payment stands now, re-read from the provider: refunded, disputed, and what it paid for. */
export interface PaymentStanding {
  chargeId: string;
  customerId: string | null;
  /** Minor units. */
  amount: number;
  amountRefunded: number;
  currency: string;
  /** Refunded in full. */
  refunded: boolean;
  /** Known when read through a dispute: open while it runs, then won or lost; null otherwise. */
  dispute: "open" | "won" | "lost" | null;
  /** The one-time checkout's metadata (uid, purchaseId, kind, itemId); empty for a plan's invoice. */
  metadata: Record<string, string>;
}

export interface CreateCustomerInput {
  uid: string;
  email: string | null;
  name: string | null;
  idempotencyKey: string;
}

export interface SubscriptionCheckoutInput {
  /** Server-side intent id: the idempotency key of the create, so two clicks make one session. */
  intentId: string;
  customerId: string;
  plan: Plan;
  discount: AppliedDiscount | null;
  /**
   * The free trial in days, exactly as the offer promised it (ADR 056): the provider creates the
   * subscription with this trial and never works one out for itself.
   */
  trialDays: number;
  /** Must contain "{CHECKOUT_SESSION_ID}", which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

/** A one-time payment (a gift, a credit pack, a studio ticket): one line, its price from our catalogue. */
export interface PaymentCheckoutInput {
  intentId: string;
  customerId: string;
  item: { name: string; amount: number; currency: string };
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface CardUpdateCheckoutInput {
  intentId: string;
  customerId: string;
  subscriptionId: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCustomer(input: CreateCustomerInput): Promise<{ customerId: string }>;
  createSubscriptionCheckout(input: SubscriptionCheckoutInput): Promise<{ sessionId: string; url: string }>;
  createCardUpdateCheckout(input: CardUpdateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  createPaymentCheckout(input: PaymentCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /**
   * Moves a running subscription's next charge out to `toSeconds` without proration (a redeemed gift
   * pays for the time between). Idempotent by key; answers the subscription as it now stands.
   */
  deferNextCharge(subscriptionId: string, toSeconds: number, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Moves a running subscription's next charge back in to `toSeconds` (at once, if that has passed):
   * a refunded gift's deferral taken back (ADR 036). Idempotent by key.
   */
  restoreNextCharge(subscriptionId: string, toSeconds: number, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Null when no such session exists. */
  getCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Null when no such subscription exists. */
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Ends the subscription now (an account being deleted): no further charge, no final invoice, no
   * proration. Idempotent: one already ended is answered as it stands.
   */
  cancelSubscriptionNow(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Deletes the customer at the provider: its name, e-mail and saved cards go, and any subscription
   * still running ends with it. Its past payments stay in the provider's books. Deleting a customer
   * already gone is no error.
   */
  deleteCustomer(customerId: string): Promise<void>;
  /** Applies a discount to the running subscription (the win-back offer). */
  applyDiscount(subscriptionId: string, discount: AppliedDiscount, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Takes every discount off the subscription (a promotion code that could not be counted). */
  removeDiscounts(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
  /**
   * Makes a completed card-update (setup) session's card the subscription's default. Stripe needs
   * this step after its hosted setup page; the demo did it when the card was saved. Idempotent.
   */
  applyCardUpdate(sessionId: string): Promise<void>;
  /**
   * Refunds a paid one-time checkout session in full (a studio class cancelled by the studio). One
   * refund per session however often it is asked: the key makes a retry the same request, and a
   * session already refunded answers its refund.
   */
  refundPayment(input: { sessionId: string; idempotencyKey: string }): Promise<{ refundId: string; amount: number }>;
  /**
   * Re-reads the charge (`ch_…`) or dispute (`dp_…`) a refund or dispute event names; null when the
   * provider knows no such object.
   */
  getPaymentStanding(objectId: string): Promise<PaymentStanding | null>;
  /** Events created at or after `sinceSeconds`, oldest first (the reconcile job replays the ones never recorded). */
  listEventsSince(sinceSeconds: number): Promise<ProviderEvent[]>;
  /** Verifies and reads an event; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: string, signatureHeader: string | null): ProviderEvent;
}

/** The placeholder the provider replaces with the session id in a success URL. */
export const CHECKOUT_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

/** Statuses that mean the member has a plan that is running (or trying to). */
export const LIVE_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(["trialing", "active", "past_due"]);
