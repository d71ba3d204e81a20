import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getEnv } from "~/lib/env.server";
import { siteUrl } from "~/lib/site-address.server";
import { getPaymentProvider } from "~/services/payments/index.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { PaymentError, type PaymentErrorCode, type ProviderSubscription } from "~/services/payments/port";
import type { TransactionContext } from "~/services/store/port.server";
import { promotionRedemptionEvent } from "~/models/billing/analytics-events";
import { recordEvent } from "~/platform/analytics-event.server";
import type { AppliedDiscount } from "~/services/payments/billing";
import { WINBACK_OFFER, chooseSubscription, expirationFor, isIntentId, isLiveStatus, isProviderId, type Membership } from "./membership";
import { GIFTED_MEMBERSHIPS, GiftedTimeSchema, withGiftedTime } from "./gifted-time.server";
import { getPlan } from "./plan.server";
import { offerFor } from "./offer";
import { isReturnPath } from "./subscribe-link";
import type { RedemptionFailure } from "./promotion-code";
import { redeemPromotionCode, type RedemptionResult } from "./promotion-code.server";
import { DEFAULT_PRIVATE_USER } from "~/models/identity/user";
import { PRIVATE_USERS, PrivateUserSchema, getPrivateUser } from "~/models/identity/user.server";

/**
 * Memberships (issue 8; docs/decisions/014-payments-port-and-webhooks.md). One sync function,
 * `syncCustomer`, re-reads a customer's subscriptions from the provider and writes the §3 fields of
 * `privateUsers` and `memberships/{uid}` in one transaction; the webhook, the welcome page and every
 * settings action end in it, so whichever arrives first and however often, the record ends the same.
 */

export const MEMBERSHIPS = "memberships";
/** Provider customer id → member, written with the customer id itself. */
export const PAYMENT_CUSTOMERS = "paymentCustomers";
/** Webhook event ids, each recorded once in the same transaction as its effects. */
export const PAYMENT_EVENTS = "paymentEvents";
export const CHECKOUT_INTENTS = "checkoutIntents";
/** One per subscription: the purchase was fulfilled (and any promotion code counted). */
export const MEMBERSHIP_FULFILMENTS = "membershipFulfilments";
export const WINBACK_OFFERS = "winbackOffers";
/**
 * One per subscription the member (or the provider) set to end, written by the sync that first sees
 * it (`cancelledAt`, unix ms): the morning figures count cancellations from it (issue 26; ADR 052).
 * A later resume does not remove it: it counts the decision, as the cancellation mail does.
 */
export const MEMBERSHIP_CANCELLATIONS = "membershipCancellations";

const PaymentCustomerSchema = z.object({ uid: z.string(), provider: z.enum(["demo", "stripe"]) });
const IntentSchema = z.object({ uid: z.string(), intentId: z.string(), planId: z.string(), sessionId: z.string().nullable() });
const WinbackSchema = z.object({ uid: z.string(), status: z.enum(["claimed", "applied"]) });

const DiscountSchema = z
  .object({
    promotionCodeId: z.string().nullable(),
    code: z.string().nullable(),
    percentOff: z.number().nullable(),
    amountOff: z.number().nullable(),
    endsAt: z.number().nullable(),
    duration: z.enum(["once", "repeating", "forever"]).nullable().optional(),
  })
  .nullable();

export const MembershipSchema = z.object({
  uid: z.string(),
  provider: z.enum(["demo", "stripe"]),
  customerId: z.string(),
  subscriptionId: z.string().nullable(),
  planId: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  interval: z.enum(["month", "year"]).nullable(),
  status: z.enum(["trialing", "active", "past_due", "canceled", "unpaid", "incomplete", "incomplete_expired", "paused"]).nullable(),
  currentPeriodEnd: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.number().nullable(),
  discount: DiscountSchema,
  syncedAt: z.number(),
}) satisfies z.ZodType<Membership>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

function logPayments(level: "info" | "warn", msg: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === "warn") console.warn(line);
  else console.log(line);
}

function codeOf(error: unknown): PaymentErrorCode {
  if (error instanceof PaymentError) return error.code;
  logPayments("warn", "payment provider failed", { cause: error instanceof Error ? error.name : "unknown" });
  return "unavailable";
}

/** The member's membership as last synced, or null. */
export function getMembership(uid: string): Promise<Membership | null> {
  return getStore().get(MEMBERSHIPS, uid, MembershipSchema);
}

/** The member a provider customer belongs to, or null for a customer we never made. */
export async function memberForCustomer(customerId: string): Promise<string | null> {
  if (!isProviderId(customerId)) return null;
  const provider = getPaymentProvider();
  const mapping = await getStore().get(PAYMENT_CUSTOMERS, customerId, PaymentCustomerSchema);
  return mapping && mapping.provider === provider.name ? mapping.uid : null;
}

/**
 * The member's provider customer, created once: the idempotency key is the member's id, so two
 * concurrent calls make one customer, and the id is stored (as §3 `stripeCustomerId`) in a transaction.
 */
export async function ensureCustomer(uid: string): Promise<string> {
  const provider = getPaymentProvider();
  const user = await getPrivateUser(uid);
  if (user?.stripeCustomerId && (await memberForCustomer(user.stripeCustomerId)) === uid) return user.stripeCustomerId;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ") || null;
  const { customerId } = await provider.createCustomer({
    uid,
    email: user?.email ?? null,
    name,
    idempotencyKey: `customer-${provider.name}-${uid}`,
  });
  return getStore().transaction(async (tx) => {
    const current = await tx.get(PRIVATE_USERS, uid, PrivateUserSchema);
    const mapped = current?.stripeCustomerId ? await tx.get(PAYMENT_CUSTOMERS, current.stripeCustomerId, PaymentCustomerSchema) : null;
    if (current?.stripeCustomerId && mapped?.uid === uid && mapped.provider === provider.name) return current.stripeCustomerId;
    tx.set(PRIVATE_USERS, uid, { ...(current ?? DEFAULT_PRIVATE_USER), stripeCustomerId: customerId, updatedAt: Date.now() });
    tx.set(PAYMENT_CUSTOMERS, customerId, { uid, provider: provider.name, createdAt: Date.now() });
    return customerId;
  });
}

export type CheckoutStart =
  | { ok: true; sessionId: string; url: string }
  | { ok: false; reason: "unknown_plan" | "already_member" | "invalid_intent" | PaymentErrorCode }
  | { ok: false; reason: "too_many_checkouts"; retryAfterMs: number };

/**
 * Payment pages a member opens (issue 35): each new one is a session at the provider, so at most 20
 * in ten minutes per account, memberships and one-time purchases together. Opening the same intent
 * again (a retry, a double click) is the same page and is not counted.
 */
export const CHECKOUT_LIMIT = createRateLimit({ name: "checkout-start", limit: 20, windowMs: 10 * 60_000, per: "account" });

/**
 * Changes to a running membership a member asks for (cancel, resume, the stay-with-us offer, a new
 * card): each is a call to the provider, so at most 10 in ten minutes per account.
 */
export const MEMBERSHIP_CHANGE_LIMIT = createRateLimit({ name: "membership-change", limit: 10, windowMs: 10 * 60_000, per: "account" });

/**
 * Starts a subscription checkout on the provider's hosted page. The price comes from the catalogue;
 * the intent (`checkoutIntents/{uid}:{intentId}`) is the idempotency key of the create, so two
 * clicks with the same intent id, even at once, get the same session.
 */
export async function startSubscriptionCheckout(input: {
  uid: string;
  planId: string;
  discount: AppliedDiscount | null;
  intentId: string;
  /** A path on this site the welcome page leads back to (a class the member wanted to book). */
  returnTo?: string | null;
  /** The friend's invitation the discount (a longer trial) comes from; it is no promotion code to count. */
  referralCode?: string | null;
}): Promise<CheckoutStart> {
  const { uid, planId, discount, intentId } = input;
  const back = input.returnTo && isReturnPath(input.returnTo) ? `&next=${encodeURIComponent(input.returnTo)}` : "";
  if (!isIntentId(intentId)) return { ok: false, reason: "invalid_intent" };
  const plan = await getPlan(planId);
  if (!plan) return { ok: false, reason: "unknown_plan" };
  const membership = await getMembership(uid);
  if (membership && isLiveStatus(membership.status)) return { ok: false, reason: "already_member" };

  const intentKey = `${uid}:${intentId}`;
  if (!(await getStore().get(CHECKOUT_INTENTS, intentKey, IntentSchema))) {
    const allowed = await CHECKOUT_LIMIT.attempt(uid);
    if (!allowed.ok) return { ok: false, reason: "too_many_checkouts", retryAfterMs: allowed.retryAfterMs };
  }
  await getStore().createIfAbsent(CHECKOUT_INTENTS, intentKey, { uid, intentId, planId, sessionId: null, createdAt: Date.now() });
  const intent = await getStore().get(CHECKOUT_INTENTS, intentKey, IntentSchema);
  // The same intent id with another plan is a different purchase: it needs a fresh intent.
  if (!intent || intent.planId !== planId || intent.uid !== uid) return { ok: false, reason: "invalid_intent" };

  try {
    const customerId = await ensureCustomer(uid);
    const metadata: Record<string, string> = { uid, planId, intentId };
    if (input.referralCode) metadata.referralCode = input.referralCode;
    else if (discount) metadata.promotionCodeId = discount.promotionCodeId;
    // The session is made with the very trial the pages promised (ADR 056): the offer's, not the provider's sum.
    const offer = offerFor({ plan, benefit: discount?.benefit ?? null, now: nowSeconds() });
    const session = await getPaymentProvider().createSubscriptionCheckout({
      intentId: `checkout-${uid}-${intentId}`,
      customerId,
      plan,
      discount,
      trialDays: offer.trialDays,
      successUrl: siteUrl(`/subscribe/welcome?session_id={CHECKOUT_SESSION_ID}${back}`),
      cancelUrl: siteUrl(`/subscribe?plan=${encodeURIComponent(planId)}&canceled=1`),
      metadata,
    });
    await getStore().update(CHECKOUT_INTENTS, intentKey, { sessionId: session.sessionId });
    return { ok: true, ...session };
  } catch (error) {
    return { ok: false, reason: codeOf(error) };
  }
}

export type SyncOutcome =
  { status: "synced"; uid: string; membership: Membership } | { status: "duplicate" } | { status: "unknown_customer" };

/**
 * The one sync function: re-reads the customer's subscriptions from the provider and writes
 * privateUsers (status, expiration in unix seconds, source, default card) and `memberships/{uid}`
 * together. With an event, its id is recorded in the same transaction; a replay changes nothing.
 */
export async function syncCustomer(customerId: string, event?: { id: string; type: string }): Promise<SyncOutcome> {
  const provider = getPaymentProvider();
  const uid = await memberForCustomer(customerId);
  if (!uid) {
    if (event) await recordEventOnly(event, "unknown_customer", customerId);
    logPayments("warn", "payment sync for an unknown customer", { customerId, eventId: event?.id, type: event?.type });
    return { status: "unknown_customer" };
  }
  const subscriptions = await provider.listSubscriptions(customerId);
  const sub = chooseSubscription(subscriptions);
  let redemption: Redemption | null = null;
  const outcome = await getStore().transaction(async (tx): Promise<SyncOutcome> => {
    redemption = null;
    // Every read first (the store's transactions read before they write), then every write.
    if (event && (await tx.get(PAYMENT_EVENTS, event.id, z.object({}).passthrough()))) return { status: "duplicate" };
    const current = (await tx.get(PRIVATE_USERS, uid, PrivateUserSchema)) ?? DEFAULT_PRIVATE_USER;
    const gifted = await tx.get(GIFTED_MEMBERSHIPS, uid, GiftedTimeSchema);
    const fulfil = sub && isLiveStatus(sub.status) && !(await tx.get(MEMBERSHIP_FULFILMENTS, sub.id, z.object({}).passthrough()));
    const ending = sub && (sub.cancelAtPeriodEnd || sub.status === "canceled") ? sub : null;
    const firstSeenEnding = ending !== null && !(await tx.get(MEMBERSHIP_CANCELLATIONS, ending.id, z.object({}).passthrough()));
    // Fulfilment goes first among the writes, so the promotion-code redemption may still read.
    if (sub && fulfil) redemption = await fulfilPurchase(tx, uid, sub);

    if (event) tx.create(PAYMENT_EVENTS, event.id, { type: event.type, customerId, uid, outcome: "synced", receivedAt: Date.now() });
    if (ending && firstSeenEnding)
      tx.create(MEMBERSHIP_CANCELLATIONS, ending.id, { uid, subscriptionId: ending.id, planId: ending.planId, cancelledAt: Date.now() });
    const now = nowSeconds();
    // Time a gift paid for counts too: whichever of the plan and the gift ends later.
    const fromPlan = {
      subscriptionStatus: sub?.status ?? null,
      subscriptionExpirationDate: sub ? expirationFor(sub, now, current.subscriptionExpirationDate) : null,
      subscriptionSource: sub ? provider.name : current.subscriptionSource,
    };
    tx.set(PRIVATE_USERS, uid, {
      ...current,
      stripeCustomerId: customerId,
      ...withGiftedTime(fromPlan, gifted, now),
      defaultCard: sub?.defaultCard ?? current.defaultCard,
      updatedAt: Date.now(),
    });
    const membership: Membership = {
      uid,
      provider: provider.name,
      customerId,
      subscriptionId: sub?.id ?? null,
      planId: sub?.planId ?? null,
      amount: sub?.amount ?? null,
      currency: sub?.currency ?? null,
      interval: sub?.interval ?? null,
      status: sub?.status ?? null,
      currentPeriodEnd: sub?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
      trialEnd: sub?.trialEnd ?? null,
      discount: sub?.discount ?? null,
      syncedAt: Date.now(),
    };
    tx.set(MEMBERSHIPS, uid, { ...membership });
    return { status: "synced", uid, membership };
  });
  // After the commit, never inside it: the event reports what was written, once.
  const counted = redemption as Redemption | null;
  if (counted) {
    await recordEvent(promotionRedemptionEvent(counted.promotionCodeId, counted.planId, counted.purchaseId, counted.result), {
      uid: counted.uid,
    });
    if (!counted.result.ok) {
      logPayments("warn", "promotion code not counted for a purchase", { ...counted, result: counted.result.reason });
      // The provider gave the discount at checkout; a code that could not be counted is not given.
      try {
        await provider.removeDiscounts(counted.purchaseId, `uncounted-${counted.purchaseId}`);
        return await syncCustomer(customerId);
      } catch (error) {
        logPayments("warn", "discount of an uncounted promotion code not removed", { purchaseId: counted.purchaseId, code: codeOf(error) });
      }
    }
  }
  return outcome;
}

interface Redemption {
  promotionCodeId: string;
  planId: string | null;
  uid: string;
  purchaseId: string;
  result: RedemptionResult;
}

/**
 * Fulfilment, once per subscription (the caller checked, in the same transaction, that it has not
 * happened): the webhook and the welcome page may both get here, in any order, any number of times.
 * It runs after syncCustomer's reads and before its writes: the redemption may read, then write.
 */
async function fulfilPurchase(tx: TransactionContext, uid: string, sub: ProviderSubscription): Promise<Redemption | null> {
  const promotionCodeId = sub.metadata.promotionCodeId ?? null;
  // Judged at the moment the checkout was made (the subscription's creation), so a code that expires
  // while the webhook is on its way still counts.
  const result = promotionCodeId ? await redeemPromotionCode(tx, { promotionCodeId, uid, purchaseId: sub.id, now: sub.created }) : null;
  tx.create(MEMBERSHIP_FULFILMENTS, sub.id, {
    uid,
    subscriptionId: sub.id,
    planId: sub.planId,
    promotionCodeId,
    promotionCounted: result ? result.ok : null,
    promotionFailure: result && !result.ok ? result.reason : null,
    fulfilledAt: Date.now(),
  });
  return promotionCodeId && result ? { promotionCodeId, planId: sub.planId, uid, purchaseId: sub.id, result } : null;
}

const FulfilmentSchema = z.object({ uid: z.string(), promotionFailure: z.string().nullable().optional() });

/** Why a purchase's promotion code was not counted (for the welcome page), or null when it was or there was none. */
export async function promotionFailureFor(subscriptionId: string, uid: string): Promise<RedemptionFailure | null> {
  const fulfilment = await getStore().get(MEMBERSHIP_FULFILMENTS, subscriptionId, FulfilmentSchema);
  if (!fulfilment || fulfilment.uid !== uid) return null;
  return (fulfilment.promotionFailure as RedemptionFailure | null | undefined) ?? null;
}

async function recordEventOnly(event: { id: string; type: string }, outcome: string, customerId: string | null) {
  await getStore().createIfAbsent(PAYMENT_EVENTS, event.id, { type: event.type, customerId, uid: null, outcome, receivedAt: Date.now() });
}

export type WelcomeOutcome =
  { ok: true; membership: Membership } | { ok: false; reason: "not_found" | "not_yours" | "not_paid" | "unavailable" };

/**
 * The welcome page's sync: grants access only for a complete, paid (or trial) session whose member is
 * the signed-in one. Safe to reload; another member's session or a made-up id writes nothing.
 */
export async function syncCheckoutSession(sessionId: string, uid: string): Promise<WelcomeOutcome> {
  if (!isProviderId(sessionId)) return { ok: false, reason: "not_found" };
  let session;
  try {
    session = await getPaymentProvider().getCheckoutSession(sessionId);
  } catch (error) {
    const code = codeOf(error);
    return { ok: false, reason: code === "unavailable" ? "unavailable" : "not_found" };
  }
  if (!session || !session.customerId) return { ok: false, reason: "not_found" };
  if (session.metadata.uid !== undefined && session.metadata.uid !== uid) return { ok: false, reason: "not_yours" };
  if ((await memberForCustomer(session.customerId)) !== uid) return { ok: false, reason: "not_yours" };
  if (session.mode === "subscription" && session.metadata.uid !== uid) return { ok: false, reason: "not_yours" };
  if (session.status !== "complete" || session.paymentStatus === "unpaid") return { ok: false, reason: "not_paid" };
  try {
    if (session.mode === "setup") await getPaymentProvider().applyCardUpdate(session.id);
    const outcome = await syncCustomer(session.customerId);
    if (outcome.status !== "synced") return { ok: false, reason: "not_found" };
    return { ok: true, membership: outcome.membership };
  } catch (error) {
    codeOf(error);
    return { ok: false, reason: "unavailable" };
  }
}

export type MembershipChange =
  { ok: true; membership: Membership } | { ok: false; reason: "no_membership" | "not_cancelling" | "already_used" | PaymentErrorCode };

async function liveMembership(uid: string): Promise<(Membership & { subscriptionId: string }) | null> {
  const membership = await getMembership(uid);
  if (!membership?.subscriptionId || !isLiveStatus(membership.status)) return null;
  return membership as Membership & { subscriptionId: string };
}

async function resync(customerId: string): Promise<MembershipChange> {
  const outcome = await syncCustomer(customerId);
  return outcome.status === "synced" ? { ok: true, membership: outcome.membership } : { ok: false, reason: "no_membership" };
}

/** Cancels at the end of the current period; the member keeps their plan until then. */
export async function cancelMembership(uid: string): Promise<MembershipChange> {
  const membership = await liveMembership(uid);
  if (!membership) return { ok: false, reason: "no_membership" };
  try {
    await getPaymentProvider().setCancelAtPeriodEnd(
      membership.subscriptionId,
      true,
      `cancel-${membership.subscriptionId}-${membership.currentPeriodEnd}`,
    );
    return await resync(membership.customerId);
  } catch (error) {
    return { ok: false, reason: codeOf(error) };
  }
}

/** Takes back a cancellation before the period ends. */
export async function resumeMembership(uid: string): Promise<MembershipChange> {
  const membership = await liveMembership(uid);
  if (!membership) return { ok: false, reason: "no_membership" };
  if (!membership.cancelAtPeriodEnd) return { ok: false, reason: "not_cancelling" };
  try {
    await getPaymentProvider().setCancelAtPeriodEnd(
      membership.subscriptionId,
      false,
      `resume-${membership.subscriptionId}-${membership.currentPeriodEnd}`,
    );
    return await resync(membership.customerId);
  } catch (error) {
    return { ok: false, reason: codeOf(error) };
  }
}

/**
 * The one win-back offer (WINBACK_OFFER: half price for the next two months), at most once per
 * member: the claim is recorded in a transaction before the provider is asked. Accepting it keeps
 * the plan, so a pending cancellation is taken back.
 */
export async function applyWinback(uid: string): Promise<MembershipChange> {
  const membership = await liveMembership(uid);
  if (!membership) return { ok: false, reason: "no_membership" };
  const claimed = await getStore().transaction(async (tx) => {
    if (await tx.get(WINBACK_OFFERS, uid, WinbackSchema)) return false;
    tx.create(WINBACK_OFFERS, uid, { uid, status: "claimed", subscriptionId: membership.subscriptionId, claimedAt: Date.now() });
    return true;
  });
  if (!claimed) return { ok: false, reason: "already_used" };
  const provider = getPaymentProvider();
  try {
    const offer: AppliedDiscount = {
      ...WINBACK_OFFER,
      stripeCouponId: provider.name === "stripe" ? (getEnv().STRIPE_WINBACK_COUPON_ID ?? null) : null,
    };
    await provider.applyDiscount(membership.subscriptionId, offer, `winback-${uid}`);
  } catch (error) {
    // Nothing was given: the offer stays available.
    await getStore().delete(WINBACK_OFFERS, uid);
    return { ok: false, reason: codeOf(error) };
  }
  await getStore().update(WINBACK_OFFERS, uid, { status: "applied", appliedAt: Date.now() });
  try {
    if (membership.cancelAtPeriodEnd) await provider.setCancelAtPeriodEnd(membership.subscriptionId, false, `winback-resume-${uid}`);
    return await resync(membership.customerId);
  } catch (error) {
    return { ok: false, reason: codeOf(error) };
  }
}

/** Whether the member has already had the win-back offer. */
export async function winbackUsed(uid: string): Promise<boolean> {
  return (await getStore().get(WINBACK_OFFERS, uid, WinbackSchema)) !== null;
}

/** Starts the provider's hosted card-update step for the member's plan. */
export async function startCardUpdate(uid: string, intentId: string): Promise<CheckoutStart> {
  if (!isIntentId(intentId)) return { ok: false, reason: "invalid_intent" };
  const membership = await getMembership(uid);
  if (!membership?.subscriptionId || membership.status === "canceled") return { ok: false, reason: "unknown_plan" };
  try {
    return {
      ok: true,
      ...(await getPaymentProvider().createCardUpdateCheckout({
        intentId: `card-${uid}-${intentId}`,
        customerId: membership.customerId,
        subscriptionId: membership.subscriptionId,
        successUrl: siteUrl("/settings?card=updated&session_id={CHECKOUT_SESSION_ID}#membership"),
        cancelUrl: siteUrl("/settings#membership"),
      })),
    };
  } catch (error) {
    return { ok: false, reason: codeOf(error) };
  }
}

/** Every provider customer a member has, from every record that names one (the mapping, the private record, the membership). */
export async function customersOf(uid: string): Promise<string[]> {
  const [mapped, user, membership] = await Promise.all([
    documentsWhere(PAYMENT_CUSTOMERS, "uid", uid, PaymentCustomerSchema),
    getPrivateUser(uid),
    getMembership(uid),
  ]);
  const ids = [...mapped.map((doc) => doc.id), user?.stripeCustomerId, membership?.customerId];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && isProviderId(id)))];
}

/**
 * Closes a leaving member's payment accounts (account deletion). Each customer's mapping goes first,
 * so no payment event, replayed or late, can find the member again; then every subscription still
 * running ends now (no further charge) and the customer is deleted at the provider. Safe to repeat;
 * a provider that cannot be reached throws, and the deletion job tries again.
 */
export async function closePaymentAccounts(uid: string, customerIds: readonly string[]): Promise<void> {
  const provider = getPaymentProvider();
  for (const customerId of customerIds) {
    await getStore().transaction(async (tx) => {
      const mapping = await tx.get(PAYMENT_CUSTOMERS, customerId, PaymentCustomerSchema);
      if (mapping?.uid === uid) tx.delete(PAYMENT_CUSTOMERS, customerId);
    });
  }
  for (const customerId of customerIds) {
    try {
      for (const sub of await provider.listSubscriptions(customerId)) {
        if (sub.status !== "canceled" && sub.status !== "incomplete_expired") await provider.cancelSubscriptionNow(sub.id);
      }
      await provider.deleteCustomer(customerId);
    } catch (error) {
      // Already gone, or a customer of another provider (the site moved from the demo to Stripe):
      // nothing of it runs here. Anything else (the provider away, a refusal) is tried again later.
      if (error instanceof PaymentError && error.code === "not_found") {
        logPayments("warn", "a deleted member's customer is unknown to the provider; left as it is", { customerId, code: error.code });
        continue;
      }
      throw error;
    }
  }
}

/**
 * The billing records of a leaving member: the membership as last synced, the win-back claim, open
 * checkout intents and gifted time go; payment event, fulfilment and cancellation records, which say
 * what was paid and counted, stay under `pseudonym`.
 */
export async function anonymiseMembershipRecords(uid: string, pseudonym: string): Promise<void> {
  const store = getStore();
  await store.delete(MEMBERSHIPS, uid);
  await store.delete(WINBACK_OFFERS, uid);
  await store.delete(GIFTED_MEMBERSHIPS, uid);
  for (const { id } of await documentsWhere(CHECKOUT_INTENTS, "uid", uid)) await store.delete(CHECKOUT_INTENTS, id);
  for (const { id } of await documentsWhere(PAYMENT_EVENTS, "uid", uid)) await store.update(PAYMENT_EVENTS, id, { uid: pseudonym });
  for (const { id } of await documentsWhere(MEMBERSHIP_FULFILMENTS, "uid", uid))
    await store.update(MEMBERSHIP_FULFILMENTS, id, { uid: pseudonym });
  for (const { id } of await documentsWhere(MEMBERSHIP_CANCELLATIONS, "uid", uid))
    await store.update(MEMBERSHIP_CANCELLATIONS, id, { uid: pseudonym });
}
