import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import type { AppliedDiscount } from "~/services/payments/billing";
import { giftCodeFromBytes } from "./gift";
import { GIFTS, NOT_YET_SENT_OR_REDEEMED, createGiftRecord, redeemGift, type Gift } from "./gifts.server";
import { PRIVATE_USERS, PrivateUserSchema, getPrivateUser } from "~/models/identity/user.server";
import { zoneOrFallback } from "~/models/identity/clock";

/**
 * Referrals (issue 11). Each member has one code; a friend who arrives through `/{code}` is offered a
 * longer free trial on /subscribe. The friend's referral is one document keyed by the friend, so a
 * friend is referred once, by the first referrer. The referrer's reward, a free month, is a gift
 * made by the site and redeemed onto their plan by the gift rules (ADR 021), once, when the friend's
 * first payment succeeds.
 */

export const REFERRAL_CODES = "referralCodes";
export const REFERRAL_OWNERS = "referralOwners";
export const REFERRALS = "referrals";

/** The friend's trial with the offer, in days (the plans' own trial is 7). */
export const REFERRAL_TRIAL_DAYS = 30;
export const REFERRAL_COOKIE = "stillhour_ref";

const CodeSchema = z.object({ uid: z.string() });
const OwnerSchema = z.object({ code: z.string() });
export const ReferralSchema = z.object({
  friendUid: z.string(),
  referrerUid: z.string(),
  /** The friend's first name when they joined, so the referrer's list needs no read per friend. */
  friendName: z.string().default("A friend"),
  code: z.string(),
  state: z.enum(["joined", "rewarded"]),
  createdAt: z.number(),
  rewardedAt: z.number().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/**
 * A referral code: 14 random base32 characters (70 bits) and nothing about the person, since the link
 * is passed around. Codes made before issue 23 (a first name and six characters) keep working.
 */
export const REFERRAL_CODE = /^(?:[0-9a-z]{14}|[a-z]{1,12}-[0-9a-z]{6})$/;
const REFERRAL_CODE_LENGTH = 14;

/** The member's referral code, made once (two calls at once agree on one). */
export async function ensureReferralCode(uid: string): Promise<string> {
  const existing = await getStore().get(REFERRAL_OWNERS, uid, OwnerSchema);
  if (existing) return existing.code;
  const code = giftCodeFromBytes(randomBytes(10)).slice(0, REFERRAL_CODE_LENGTH).toLowerCase();
  return getStore().transaction(async (tx) => {
    const owner = await tx.get(REFERRAL_OWNERS, uid, OwnerSchema);
    if (owner) return owner.code;
    tx.create(REFERRAL_CODES, code, { uid });
    tx.create(REFERRAL_OWNERS, uid, { code });
    return code;
  });
}

/** Who a referral code belongs to, or null. */
export async function referrerOf(code: string): Promise<{ uid: string; firstName: string } | null> {
  if (!REFERRAL_CODE.test(code)) return null;
  const entry = await getStore().get(REFERRAL_CODES, code, CodeSchema);
  if (!entry) return null;
  const person = await getPrivateUser(entry.uid);
  return { uid: entry.uid, firstName: person?.firstName ?? "A friend" };
}

export type OfferCheck =
  | { ok: true; referrerUid: string; firstName: string }
  | { ok: false; reason: "unknown" | "self" | "loop" | "not_new" | "already_referred" };

/**
 * Whether this person may take this code's offer: a real code, not their own, not a loop (their own
 * referrer), and someone who has never had a membership nor been referred by someone else.
 */
export async function checkOffer(code: string, friendUid: string | null): Promise<OfferCheck> {
  const referrer = await referrerOf(code);
  if (!referrer) return { ok: false, reason: "unknown" };
  if (!friendUid) return { ok: true, referrerUid: referrer.uid, firstName: referrer.firstName };
  if (referrer.uid === friendUid) return { ok: false, reason: "self" };
  const [theirs, mine, friend] = await Promise.all([
    getStore().get(REFERRALS, referrer.uid, ReferralSchema),
    getStore().get(REFERRALS, friendUid, ReferralSchema),
    getStore().get(PRIVATE_USERS, friendUid, PrivateUserSchema),
  ]);
  if (theirs?.referrerUid === friendUid) return { ok: false, reason: "loop" };
  if (mine && mine.referrerUid !== referrer.uid) return { ok: false, reason: "already_referred" };
  if (friend?.subscriptionStatus) return { ok: false, reason: "not_new" };
  return { ok: true, referrerUid: referrer.uid, firstName: referrer.firstName };
}

export const OFFER_REFUSALS: Record<Exclude<OfferCheck, { ok: true }>["reason"], string> = {
  unknown: "That invitation link isn't one we know, so the usual trial applies.",
  self: "That's your own invitation link: share it with a friend instead. The usual trial applies.",
  loop: "You invited the person whose link this is, so it can't be used both ways. The usual trial applies.",
  not_new: "Invitations are for people new to Stillhour, so the usual trial applies.",
  already_referred: "You already joined through another friend's invitation; that one stands.",
};

/** The offer as the checkout carries it: extra trial days, never a promotion code. */
export function referralDiscount(code: string, planTrialDays: number): AppliedDiscount {
  return {
    promotionCodeId: `referral:${code}`,
    code: "",
    benefit: { kind: "trial", extraTrialDays: Math.max(0, REFERRAL_TRIAL_DAYS - planTrialDays) },
    stripeCouponId: null,
    stripePromotionCodeId: null,
  } as AppliedDiscount;
}

/** Records that the friend took the offer (the first referrer stands). */
export async function recordReferral(code: string, friendUid: string): Promise<boolean> {
  const check = await checkOffer(code, friendUid);
  if (!check.ok) return false;
  const friend = await getPrivateUser(friendUid);
  await getStore().createIfAbsent(REFERRALS, friendUid, {
    friendUid,
    referrerUid: check.referrerUid,
    friendName: friend?.firstName ?? "A friend",
    code,
    state: "joined",
    createdAt: Date.now(),
    rewardedAt: null,
  } satisfies Referral);
  return true;
}

export function rewardGiftId(friendUid: string): string {
  return `pur_${createHash("sha256").update(`referral-reward:${friendUid}`).digest("hex").slice(0, 24)}`;
}

/**
 * The friend's first payment succeeded: the referrer gets a free month, once, however often the
 * payment's events arrive. The month is a gift from the site, redeemed onto the referrer's plan.
 */
export async function rewardReferrer(friendUid: string): Promise<"rewarded" | "already" | "none"> {
  const referral = await getStore().get(REFERRALS, friendUid, ReferralSchema);
  if (!referral) return "none";
  if (referral.state === "rewarded") return "already";
  const giftId = rewardGiftId(friendUid);
  const code = giftCodeFromBytes(createHash("sha256").update(giftId).digest().subarray(0, 10));
  const [friend, referrer] = await Promise.all([getPrivateUser(friendUid), getPrivateUser(referral.referrerUid)]);
  // The referrer's own zone dates the gift, as it dates the redemption below.
  const zone = zoneOrFallback(referrer?.mostRecentTimeZone);
  const gift: Gift = {
    code,
    buyerUid: "stillhour",
    buyerName: "Stillhour",
    giftTypeId: "referral-month",
    typeName: "A free month",
    months: 1,
    amount: 0,
    currency: "usd",
    method: "link",
    recipientName: "",
    recipientEmail: null,
    message: `Thank you for inviting ${friend?.firstName ?? "a friend"}.`,
    deliverAt: null,
    forSelf: false,
    buyerZone: zone,
    state: "paid",
    createdAt: Date.now(),
    paidAt: Date.now(),
    ...NOT_YET_SENT_OR_REDEEMED,
  };
  await createGiftRecord(giftId, gift);
  const result = await redeemGift({ giftId, uid: referral.referrerUid, zone });
  if (!result.ok && result.reason !== "already_redeemed") return "none";
  const changed = await getStore().transaction(async (tx) => {
    const current = await tx.get(REFERRALS, friendUid, ReferralSchema);
    if (!current || current.state === "rewarded") return false;
    tx.update(REFERRALS, friendUid, { state: "rewarded", rewardedAt: Date.now() });
    return true;
  });
  return changed ? "rewarded" : "already";
}

export interface ReferralSummary {
  code: string;
  /** People this member invited, newest first. */
  invited: Array<{ firstName: string; state: "joined" | "rewarded" }>;
  /** Who invited this member, if anyone. */
  invitedBy: string | null;
}

export async function referralSummary(uid: string): Promise<ReferralSummary> {
  const [code, { docs }, mine] = await Promise.all([
    ensureReferralCode(uid),
    getStore().query(REFERRALS, ReferralSchema, { where: [{ field: "referrerUid", op: "==", value: uid }] }),
    getStore().get(REFERRALS, uid, ReferralSchema),
  ]);
  const invited = docs
    .sort((a, b) => b.data.createdAt - a.data.createdAt)
    .slice(0, 20)
    .map(({ data }) => ({ firstName: data.friendName, state: data.state }));
  const invitedBy = mine ? ((await getPrivateUser(mine.referrerUid))?.firstName ?? "a friend") : null;
  return { code, invited, invitedBy };
}

/** The invitation a visitor carries: `?ref=` on the address, else the cookie /{code} set. */
export function referralCodeFrom(url: URL, cookieHeader: string | null): string | null {
  const fromUrl = url.searchParams.get("ref");
  if (fromUrl && REFERRAL_CODE.test(fromUrl)) return fromUrl;
  const cookie = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REFERRAL_COOKIE}=`));
  const value = cookie?.slice(REFERRAL_COOKIE.length + 1) ?? "";
  return REFERRAL_CODE.test(value) ? value : null;
}

/** The cookie that carries an invitation to /subscribe for 30 days. */
export function referralCookie(code: string, secure: boolean): string {
  return `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${30 * 86_400}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * Forgets a leaving member's part in referrals: their code (it carries their first name), the record
 * of who invited them, the ones of the friends they invited (no reward is owed to someone gone), and
 * their name in the thank-you of a reward their joining earned someone.
 */
export async function forgetReferrals(uid: string): Promise<void> {
  const store = getStore();
  const owner = await store.get(REFERRAL_OWNERS, uid, OwnerSchema);
  const codes = new Set([...(owner ? [owner.code] : []), ...(await documentsWhere(REFERRAL_CODES, "uid", uid)).map((doc) => doc.id)]);
  for (const code of codes) await store.delete(REFERRAL_CODES, code);
  await store.delete(REFERRAL_OWNERS, uid);
  await store.delete(REFERRALS, uid);
  for (const { id } of await documentsWhere(REFERRALS, "referrerUid", uid)) await store.delete(REFERRALS, id);
  const reward = rewardGiftId(uid);
  if (await store.get(GIFTS, reward, z.object({}).passthrough()))
    await store.update(GIFTS, reward, { message: "Thank you for inviting a friend." });
}
