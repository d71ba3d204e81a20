import { getStore } from "~/services/store/index.server";
import { problemOf, type Problem } from "~/lib/errors";
import { NewsBannerSchema, type NewsBanner } from "~/models/content/content";
import { CreditPackSchema, type CreditPack } from "~/models/wallet/credit-pack";
import { CREDIT_PACKS } from "~/models/wallet/credits.server";
import { GIFT_TYPES, GiftTypeSchema, type GiftType } from "~/models/wallet/gifts.server";
import { contentChanged } from "~/lib/cache.server";
import { FEATURE_FLAG_DEFAULTS, FeatureFlagDocumentSchema, type FeatureFlagName } from "~/platform/feature-flags";
import type { AuditActor } from "./audit";
import { recordChange } from "./audit.server";

/**
 * What an admin sells and says (issue 26; ADR 052): gift types and credit packs (price, length, on
 * sale), the news banner and the feature flags. Every change is one transaction with its audit entry;
 * a change that changes nothing writes neither. Prices are read from the store at checkout (the gift
 * and credit forms never use a cached price), so the next checkout charges an edited price on every
 * instance; a purchase already made keeps what it recorded (its amount, and the credits and days or
 * months it was sold with). The banner and flags drop this instance's content and page caches at once
 * and signal the other instances (platform/content-signal.server.ts).
 */

export type CatalogueResult = { ok: true; changed: boolean } | { ok: false; problem: Problem };

const BANNER = { collection: "globals", id: "newsBanner" } as const;
const FEATURE_FLAGS = "featureFlags";

/** Every gift type and pack, on sale or not, in display order. */
export async function listCatalogue(): Promise<{ giftTypes: GiftType[]; creditPacks: CreditPack[] }> {
  const [gifts, packs] = await Promise.all([
    getStore().query(GIFT_TYPES, GiftTypeSchema, { limit: 100 }),
    getStore().query(CREDIT_PACKS, CreditPackSchema, { limit: 100 }),
  ]);
  const byOrder = <T extends { order: number; id: string }>(a: T, b: T) => a.order - b.order || a.id.localeCompare(b.id);
  return { giftTypes: gifts.docs.map((d) => d.data).sort(byOrder), creditPacks: packs.docs.map((d) => d.data).sort(byOrder) };
}

export interface GiftTypeChange {
  id: string;
  price: number;
  months: number;
  onSale: boolean;
}

export interface CreditPackChange {
  id: string;
  price: number;
  credits: number;
  validDays: number;
  onSale: boolean;
}

/** A gift type's price (minor units), months and on-sale switch. */
export async function updateGiftType(actor: AuditActor, change: GiftTypeChange, now = new Date()): Promise<CatalogueResult> {
  const result = await getStore().transaction(async (tx) => {
    const type = await tx.get(GIFT_TYPES, change.id, GiftTypeSchema);
    if (!type) return { ok: false as const, problem: problemOf("staff_item_not_found") };
    const before = { amount: type.amount, months: type.months, active: type.active };
    const after = { amount: change.price, months: change.months, active: change.onSale };
    const changed = recordChange(tx, {
      actor,
      area: "catalogue",
      action: "changed the gift",
      target: { collection: GIFT_TYPES, id: type.id, label: type.name },
      before,
      after,
      at: now,
    });
    if (changed) tx.update(GIFT_TYPES, type.id, after);
    return { ok: true as const, changed };
  });
  if (result.ok && result.changed) contentChanged([GIFT_TYPES]);
  return result;
}

/** A credit pack's price (minor units), credits, days and on-sale switch. */
export async function updateCreditPack(actor: AuditActor, change: CreditPackChange, now = new Date()): Promise<CatalogueResult> {
  const result = await getStore().transaction(async (tx) => {
    const pack = await tx.get(CREDIT_PACKS, change.id, CreditPackSchema);
    if (!pack) return { ok: false as const, problem: problemOf("staff_item_not_found") };
    const before = { amount: pack.amount, credits: pack.credits, validDays: pack.validDays, active: pack.active };
    const after = { amount: change.price, credits: change.credits, validDays: change.validDays, active: change.onSale };
    const changed = recordChange(tx, {
      actor,
      area: "catalogue",
      action: "changed the class pack",
      target: { collection: CREDIT_PACKS, id: pack.id, label: pack.name },
      before,
      after,
      at: now,
    });
    if (changed) tx.update(CREDIT_PACKS, pack.id, after);
    return { ok: true as const, changed };
  });
  if (result.ok && result.changed) contentChanged([CREDIT_PACKS]);
  return result;
}

/** The banner as stored, shown or not; null when there has never been one. */
export function getStoredBanner(): Promise<NewsBanner | null> {
  return getStore().get(BANNER.collection, BANNER.id, NewsBannerSchema);
}

export interface BannerChange {
  text: string;
  linkLabel: string;
  href: string;
  active: boolean;
}

/** Writes the banner (text, link, on or off) and drops the pages that show it, on this instance at once. */
export async function saveBanner(actor: AuditActor, change: BannerChange, now = new Date()): Promise<CatalogueResult> {
  const result = await getStore().transaction(async (tx) => {
    const stored = await tx.get(BANNER.collection, BANNER.id, NewsBannerSchema);
    const before = stored ? { text: stored.text, linkLabel: stored.linkLabel, href: stored.href, active: stored.active } : null;
    const after = { ...change };
    const changed = recordChange(tx, {
      actor,
      area: "site",
      action: "changed the news banner",
      target: { collection: BANNER.collection, id: BANNER.id, label: "News banner" },
      before,
      after,
      at: now,
    });
    if (changed) tx.set(BANNER.collection, BANNER.id, { id: BANNER.id, ...after });
    return { ok: true as const, changed };
  });
  if (result.changed) contentChanged(["newsBanner"]);
  return result;
}

export interface FlagRow {
  name: FeatureFlagName;
  enabled: boolean;
  /** The value when the store holds nothing for it. */
  byDefault: boolean;
  stored: boolean;
}

/** Every flag the code knows, with its stored value where there is one. */
export async function listFlags(): Promise<FlagRow[]> {
  const { docs } = await getStore().query(FEATURE_FLAGS, FeatureFlagDocumentSchema, { limit: 200 });
  const stored = new Map(docs.map((doc) => [doc.data.id, doc.data.enabled]));
  return (Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagName[]).map((name) => ({
    name,
    enabled: stored.get(name) ?? FEATURE_FLAG_DEFAULTS[name],
    byDefault: FEATURE_FLAG_DEFAULTS[name],
    stored: stored.has(name),
  }));
}

export function isFlagName(name: string): name is FeatureFlagName {
  return Object.hasOwn(FEATURE_FLAG_DEFAULTS, name);
}

/** Turns a flag on or off; the same value again changes nothing. */
export async function setFlag(actor: AuditActor, name: string, enabled: boolean, now = new Date()): Promise<CatalogueResult> {
  if (!isFlagName(name)) return { ok: false, problem: problemOf("staff_item_not_found") };
  const result = await getStore().transaction(async (tx) => {
    const stored = await tx.get(FEATURE_FLAGS, name, FeatureFlagDocumentSchema);
    const was = stored?.enabled ?? FEATURE_FLAG_DEFAULTS[name];
    const changed = recordChange(tx, {
      actor,
      area: "site",
      action: enabled ? "turned the flag on" : "turned the flag off",
      target: { collection: FEATURE_FLAGS, id: name, label: name },
      before: { enabled: was },
      after: { enabled },
      at: now,
    });
    if (changed) tx.set(FEATURE_FLAGS, name, { id: name, enabled });
    return { ok: true as const, changed };
  });
  if (result.ok && result.changed) contentChanged(["featureFlags"]);
  return result;
}
