import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import type { TransactionContext } from "~/services/store/port.server";
import { DEFAULT_PRIVATE_USER, type PrivateUser } from "./user";

/**
 * `privateUsers/{uid}` and `usernames/{name}` in the store. Rules live in ./user.ts; this file
 * reads and writes. Usernames are claimed in a transaction against a document keyed by the
 * normalised name, so two people can never hold the same one, whatever the letter case.
 */

export const PRIVATE_USERS = "privateUsers";
export const USERNAMES = "usernames";

const nullableString = z.string().nullable().catch(null);
const record = z.record(z.unknown()).catch({});

/** Lenient on read: a field of the wrong type falls back to its default instead of hiding the person. */
export const PrivateUserSchema = z
  .object({
    defaultCard: z
      .object({ brand: z.string(), last4: z.string(), expMonth: z.number().optional(), expYear: z.number().optional() })
      .nullable()
      .catch(null),
    email: nullableString,
    firstName: nullableString,
    hasTakenBreatheClass: z.boolean().catch(false),
    iOSFirstSignInTimestamp: z.number().nullable().catch(null),
    irlInfo: record,
    lastName: nullableString,
    location: record,
    mostRecentTimeZone: nullableString,
    phoneNumber: nullableString,
    photoUrl: nullableString,
    socialStats: record,
    stripeCustomerId: nullableString,
    subscriptionExpirationDate: z.number().nullable().catch(null),
    subscriptionSource: nullableString,
    subscriptionStatus: nullableString,
    tracking: record,
    username: nullableString,
    birthday: nullableString,
    photoColor: nullableString,
  })
  .partial()
  .transform((raw): PrivateUser => ({ ...DEFAULT_PRIVATE_USER, ...stripUndefined(raw) }));

const UsernameClaimSchema = z.object({ uid: z.string(), username: z.string(), claimedAt: z.number() });

/** The person's private record, or null when they have none yet. */
export function getPrivateUser(uid: string): Promise<PrivateUser | null> {
  return getStore().get(PRIVATE_USERS, uid, PrivateUserSchema);
}

/** Creates the record if missing and merges `fields` into it, in one transaction. */
export async function savePrivateUser(uid: string, fields: Partial<PrivateUser>): Promise<PrivateUser> {
  return getStore().transaction(async (tx) => {
    const current = await tx.get(PRIVATE_USERS, uid, PrivateUserSchema);
    const next: PrivateUser = { ...(current ?? DEFAULT_PRIVATE_USER), ...stripUndefined(fields) };
    tx.set(PRIVATE_USERS, uid, { ...next, updatedAt: Date.now() });
    return next;
  });
}

/** The key a username is unique under: Unicode-normalised and lower-cased. */
export function usernameKey(username: string): string {
  return username.normalize("NFKC").toLowerCase();
}

export type UsernameClaim = { ok: true } | { ok: false; reason: "taken" };

/**
 * Gives `username` to `uid` and releases their previous one, atomically. Claiming the name you
 * already hold (in any case) succeeds and updates its spelling.
 */
export async function claimUsername(uid: string, username: string): Promise<UsernameClaim> {
  const key = usernameKey(username);
  return getStore().transaction(async (tx) => {
    const holder = await tx.get(USERNAMES, key, UsernameClaimSchema);
    if (holder && holder.uid !== uid) return { ok: false, reason: "taken" } as const;
    const current = await tx.get(PRIVATE_USERS, uid, PrivateUserSchema);
    const previous = current?.username ? usernameKey(current.username) : null;
    if (previous && previous !== key) {
      const previousHolder = await tx.get(USERNAMES, previous, UsernameClaimSchema);
      if (previousHolder?.uid === uid) tx.delete(USERNAMES, previous);
    }
    tx.set(USERNAMES, key, { uid, username, claimedAt: Date.now() });
    tx.set(PRIVATE_USERS, uid, { ...(current ?? DEFAULT_PRIVATE_USER), username, updatedAt: Date.now() });
    return { ok: true } as const;
  });
}

/** Removes the person's private record and releases their username, together. */
export function deletePrivateUserRecords(uid: string): Promise<void> {
  return getStore().transaction(async (tx) => {
    await deleteWithin(tx, uid);
  });
}

async function deleteWithin(tx: TransactionContext, uid: string) {
  const current = await tx.get(PRIVATE_USERS, uid, PrivateUserSchema);
  if (current?.username) {
    const key = usernameKey(current.username);
    const holder = await tx.get(USERNAMES, key, UsernameClaimSchema);
    if (holder?.uid === uid) tx.delete(USERNAMES, key);
  }
  if (current) tx.delete(PRIVATE_USERS, uid);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
