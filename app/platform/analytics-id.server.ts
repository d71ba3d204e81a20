import { createHmac } from "node:crypto";
import { getEnv } from "~/lib/env.server";

/**
 * Who analytics knows a person by (issue 23, item 10): a pseudonym, the HMAC of their uid under a
 * server secret, so an event names nobody, a provider cannot join it to our accounts, and nobody can
 * write events under another member's id (the collector accepts only the session's own). The same uid
 * always gives the same pseudonym, so a person's events can be found (and deleted with the account).
 * Contact details (§7 full name, e-mail, phone) reach analytics only when the operator turns on
 * ANALYTICS_CONTACT_DETAILS.
 */

const PREFIX = "p_";

let key: Buffer | null = null;
let keyFrom: string | null = null;

function secret(): Buffer {
  const env = getEnv();
  const source = env.ANALYTICS_ID_SECRET ?? env.SESSION_SECRET;
  if (!key || keyFrom !== source) {
    // Derived under a label of its own, so the pseudonym never doubles as a session signature.
    key = env.ANALYTICS_ID_SECRET ? Buffer.from(source) : createHmac("sha256", source).update("stillhour analytics pseudonym").digest();
    keyFrom = source;
  }
  return key;
}

/**
 * The pseudonym analytics knows this uid by. Every page a member opens names it, so the last few
 * thousand are kept (under the key that made them): an HMAC per view was 0.6 % of a member view's
 * CPU (issue 38).
 */
export function analyticsIdFor(uid: string): string {
  const key = secret();
  if (madeWith !== key) {
    made.clear();
    madeWith = key;
  }
  const known = made.get(uid);
  if (known !== undefined) return known;
  const id = PREFIX + createHmac("sha256", key).update(uid).digest("base64url").slice(0, 32);
  if (made.size >= MAX_KEPT) made.delete(made.keys().next().value as string);
  made.set(uid, id);
  return id;
}

const MAX_KEPT = 5_000;
const made = new Map<string, string>();
let madeWith: Buffer | null = null;

/** The §7 contact details, when the operator has turned them on. */
export interface AnalyticsContact {
  fullName: string | null;
  email: string | null;
  phone: string | null;
}

/** What the page's analytics script is told about the person looking at it. */
export interface AnalyticsPersonConfig {
  /** The member's pseudonym, or null for a visitor. */
  userId: string | null;
  /** Null unless ANALYTICS_CONTACT_DETAILS is on (and there is a member). */
  contact: AnalyticsContact | null;
}

interface MemberLike {
  uid: string;
  record: { firstName?: string | null; lastName?: string | null; email?: string | null; phoneNumber?: string | null };
}

/** The person part of the page's analytics configuration: a pseudonym, and contact details only if turned on. */
export function analyticsConfigFor(member: MemberLike | null, options: { contactDetails?: boolean } = {}): AnalyticsPersonConfig {
  if (!member) return { userId: null, contact: null };
  const contactDetails = options.contactDetails ?? getEnv().ANALYTICS_CONTACT_DETAILS;
  const { record } = member;
  return {
    userId: analyticsIdFor(member.uid),
    contact: contactDetails
      ? {
          fullName: [record.firstName, record.lastName].filter(Boolean).join(" ") || null,
          email: record.email ?? null,
          phone: record.phoneNumber ?? null,
        }
      : null,
  };
}

/** The user-property names that are contact details: kept out of stored events unless turned on. */
export const CONTACT_PROPERTIES: readonly string[] = ["fullName", "email", "phone"];
