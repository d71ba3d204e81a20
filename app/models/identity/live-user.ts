import type { FirebaseWebConfig, LiveUserOptions } from "~/services/identity/config";
import type { PrivateUser } from "./user";

export type { FirebaseWebConfig, LiveUserOptions };

/**
 * The live view of a member's private record (docs/decisions/012-live-user-record.md): only what
 * the page shows. Both transports send this shape, so Stripe ids, tracking and location never
 * leave the server over the event stream, and the browser maps a Firestore snapshot the same way.
 * Pure and browser-safe.
 */

export const LIVE_USER_FIELDS = [
  "firstName",
  "lastName",
  "username",
  "email",
  "photoUrl",
  "photoColor",
  "phoneNumber",
  "birthday",
  "subscriptionStatus",
  "subscriptionExpirationDate",
  "defaultCard",
] as const;

export type LiveUserField = (typeof LIVE_USER_FIELDS)[number];
export type LiveUserRecord = Pick<PrivateUser, LiveUserField>;

const STRING_FIELDS = [
  "firstName",
  "lastName",
  "username",
  "email",
  "photoUrl",
  "photoColor",
  "phoneNumber",
  "birthday",
  "subscriptionStatus",
] as const satisfies readonly LiveUserField[];

/**
 * The projection of a stored record. Lenient like PrivateUserSchema: a field of the wrong type is
 * null rather than an error, because the browser's copy comes straight from Firestore unchecked.
 */
export function toLiveUserRecord(raw: Readonly<Partial<Record<LiveUserField, unknown>>>): LiveUserRecord {
  const record = {} as LiveUserRecord;
  for (const field of STRING_FIELDS) {
    const value = raw[field];
    record[field] = typeof value === "string" ? value : null;
  }
  const expires = raw.subscriptionExpirationDate;
  record.subscriptionExpirationDate = typeof expires === "number" && Number.isFinite(expires) ? expires : null;
  record.defaultCard = cardOf(raw.defaultCard);
  return record;
}

/** Reads one event's data (JSON: a record or null); anything else is null. */
export function parseLiveUserEvent(data: string): { ok: true; record: LiveUserRecord | null } | { ok: false } {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { ok: false };
  }
  if (value === null) return { ok: true, record: null };
  if (typeof value !== "object" || Array.isArray(value)) return { ok: false };
  return { ok: true, record: toLiveUserRecord(value as Record<string, unknown>) };
}

// Only the card's display fields: whatever else a payment adapter stores beside them stays private.
function cardOf(value: unknown): LiveUserRecord["defaultCard"] {
  if (!value || typeof value !== "object") return null;
  const card = value as Record<string, unknown>;
  if (typeof card.brand !== "string" || typeof card.last4 !== "string") return null;
  const projected: NonNullable<LiveUserRecord["defaultCard"]> = { brand: card.brand, last4: card.last4 };
  if (typeof card.expMonth === "number") projected.expMonth = card.expMonth;
  if (typeof card.expYear === "number") projected.expYear = card.expYear;
  return projected;
}

/** How the browser's listener turns what a transport delivers into the record (live-user.client.ts). */
export const liveUserReader = { fromEvent: parseLiveUserEvent, fromDocument: toLiveUserRecord };
