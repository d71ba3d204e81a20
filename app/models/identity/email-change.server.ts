import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { getEnv } from "~/lib/env.server";
import { problemAfter, problemOf, type Problem } from "~/lib/errors";
import { sendOnce } from "~/platform/mail.server";
import { createRateLimit } from "~/platform/rate-limit.server";
import { PRIVATE_USERS, getPrivateUser, savePrivateUser } from "./user.server";

/**
 * A new profile e-mail is used only once it is confirmed (issue 23): receipts with gift codes, ticket
 * codes and class changes all go to `privateUsers.email`, so that field changes only when the person
 * follows a link sent to the new address. Until then the change waits here, one document per person
 * (keyed by uid, so a newer change replaces an older one and its link stops working), holding the
 * address and the SHA-256 of the link's token (the token itself is only in the mail).
 */

export const EMAIL_CONFIRMATIONS = "emailConfirmations";

/** How long a confirmation link works. */
export const EMAIL_LINK_HOURS = 72;

/**
 * Each link is a mail to an address the person has not yet shown is theirs (issue 35, item 3), so
 * they are counted in the store (ADR 035): at most three an hour per account and three per address,
 * whoever asks. Only a link that would be sent counts; saving the form again with the address already
 * waiting sends nothing and counts nothing.
 */
export const EMAIL_CHANGE_PER_ACCOUNT = createRateLimit({ name: "email-change-account", limit: 3, windowMs: 3_600_000, per: "account" });
export const EMAIL_CHANGE_PER_ADDRESS = createRateLimit({ name: "email-change-address", limit: 3, windowMs: 3_600_000, per: "email" });

const ConfirmationSchema = z.object({
  uid: z.string(),
  email: z.string(),
  tokenHash: z.string(),
  sentAt: z.number(),
  expiresAt: z.number(),
});
type Confirmation = z.infer<typeof ConfirmationSchema>;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const sameAddress = (a: string | null | undefined, b: string | null | undefined) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/** The address waiting to be confirmed, or null. */
export async function getPendingEmail(uid: string, now = Date.now()): Promise<string | null> {
  const pending = await getStore().get(EMAIL_CONFIRMATIONS, uid, ConfirmationSchema);
  return pending && pending.expiresAt > now ? pending.email : null;
}

export type EmailChange = "unchanged" | "removed" | "waiting" | "sent" | { limited: Problem<"too_many_email_links"> };

/**
 * What the profile form's e-mail field asks for. The confirmed address again (or an empty field, which
 * removes the address) takes effect at once and cancels a waiting change; the address already waiting
 * changes nothing and sends nothing (a re-saved form, a retried post); any other address waits for its
 * link, which is sent once, within the e-mail change limits (past them nothing is sent or kept waiting).
 */
export async function requestEmailChange(input: {
  uid: string;
  email: string | null;
  firstName?: string;
  now?: number;
}): Promise<EmailChange> {
  const now = input.now ?? Date.now();
  const store = getStore();
  const person = await getPrivateUser(input.uid);
  if (input.email === null || sameAddress(input.email, person?.email)) {
    await store.delete(EMAIL_CONFIRMATIONS, input.uid);
    if (input.email === null && person?.email) {
      await savePrivateUser(input.uid, { email: null });
      return "removed";
    }
    return "unchanged";
  }
  const email = input.email;
  const isWaiting = (waiting: Confirmation | null) => Boolean(waiting && waiting.expiresAt > now && sameAddress(waiting.email, email));
  if (isWaiting(await store.get(EMAIL_CONFIRMATIONS, input.uid, ConfirmationSchema))) return "waiting";
  const limited = await countLink(input.uid, email, now);
  if (limited) return { limited };
  const token = randomBytes(32).toString("base64url");
  const claimed = await store.transaction(async (tx) => {
    if (isWaiting(await tx.get(EMAIL_CONFIRMATIONS, input.uid, ConfirmationSchema))) return null;
    const next: Confirmation = {
      uid: input.uid,
      email,
      tokenHash: hashOf(token),
      sentAt: now,
      expiresAt: now + EMAIL_LINK_HOURS * 3_600_000,
    };
    tx.set(EMAIL_CONFIRMATIONS, input.uid, next);
    return next;
  });
  if (!claimed) {
    // Another post asked for the same address a moment earlier and sent its link: this one sent none.
    await Promise.all([EMAIL_CHANGE_PER_ACCOUNT.forgive(input.uid, now), EMAIL_CHANGE_PER_ADDRESS.forgive(addressKey(email), now)]);
    return "waiting";
  }
  const link = new URL(`/settings/confirm-email?token=${token}`, getEnv().PUBLIC_SITE_URL).toString();
  await sendOnce(
    {
      to: email,
      subject: "Confirm your e-mail address for Stillhour",
      text: `Hello ${input.firstName ?? person?.firstName ?? "there"},\n\nPlease confirm that this is your e-mail address by following this link (it works for ${EMAIL_LINK_HOURS / 24} days):\n${link}\n\nUntil you do, we keep writing to ${person?.email ? "the address we had before" : "no e-mail address"}.\n\nIf you didn't ask for this, you can ignore this message; nothing changes.\n\nStillhour`,
      idempotencyKey: `email-confirm:${claimed.tokenHash}`,
    },
    { uid: input.uid },
  );
  return "sent";
}

const addressKey = (email: string) => email.trim().toLowerCase();

/** Counts one link against the account and the address; the refusal to show when either is used up. */
async function countLink(uid: string, email: string, now: number): Promise<Problem<"too_many_email_links"> | null> {
  const account = await EMAIL_CHANGE_PER_ACCOUNT.attempt(uid, now);
  if (!account.ok) return problemAfter("too_many_email_links", account.retryAfterMs);
  const address = await EMAIL_CHANGE_PER_ADDRESS.attempt(addressKey(email), now);
  if (address.ok) return null;
  // Nothing went out, so the account's count is given back: only the address is used up.
  await EMAIL_CHANGE_PER_ACCOUNT.forgive(uid, now);
  return problemAfter("too_many_email_links", address.retryAfterMs);
}

/** The address a confirmation link would confirm, or the catalogue's refusal; reads only. */
export async function checkEmailToken(
  token: string,
  now = Date.now(),
): Promise<{ ok: true; email: string } | { ok: false; problem: Problem }> {
  const pending = await pendingFor(token, now);
  return pending ? { ok: true, email: pending.email } : { ok: false, problem: problemOf("email_link_invalid") };
}

/** Follows a confirmation link: the address becomes the one mail goes to, once. */
export async function confirmEmailChange(
  token: string,
  now = Date.now(),
): Promise<{ ok: true; email: string } | { ok: false; problem: Problem }> {
  const pending = await pendingFor(token, now);
  if (!pending) return { ok: false, problem: problemOf("email_link_invalid") };
  const confirmed = await getStore().transaction(async (tx) => {
    const current = await tx.get(EMAIL_CONFIRMATIONS, pending.uid, ConfirmationSchema);
    if (!current || current.tokenHash !== pending.tokenHash || current.expiresAt <= now) return false;
    if (!(await tx.get(PRIVATE_USERS, pending.uid, z.object({}).passthrough()))) return false;
    tx.update(PRIVATE_USERS, pending.uid, { email: current.email, updatedAt: now });
    tx.delete(EMAIL_CONFIRMATIONS, pending.uid);
    return true;
  });
  return confirmed ? { ok: true, email: pending.email } : { ok: false, problem: problemOf("email_link_invalid") };
}

async function pendingFor(token: string, now: number): Promise<Confirmation | null> {
  if (!TOKEN.test(token)) return null;
  const { docs } = await getStore().query(EMAIL_CONFIRMATIONS, ConfirmationSchema, {
    where: [{ field: "tokenHash", op: "==", value: hashOf(token) }],
    limit: 1,
  });
  const pending = docs[0]?.data ?? null;
  return pending && pending.expiresAt > now ? pending : null;
}

/** Deletes a member's waiting e-mail change (the address and its link), for account deletion. */
export async function forgetEmailChange(uid: string): Promise<void> {
  await getStore().delete(EMAIL_CONFIRMATIONS, uid);
}
