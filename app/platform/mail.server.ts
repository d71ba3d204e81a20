import { createHash } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { getMailer } from "~/services/mail/index.server";
import type { MailMessage } from "~/services/mail/port";
import { getEnv } from "~/lib/env.server";
import { countMail } from "~/lib/metrics.server";

/**
 * One record per message, keyed by a hash of its idempotency key (docs/decisions/017-mailer.md):
 * "sending" while a process holds it, "pending" when the mail server did not take it (the message
 * kept, to be tried again at nextAttemptAt), "sent" (the body dropped), "failed" after the last
 * attempt, "withdrawn" when its member's account was deleted before it went.
 */
export const SENT_MAIL = "sentMail";

/** A process that claimed a message and vanished (a crash, a deploy) gives it up after this long. */
export const SENDING_TIMEOUT_MS = 10 * 60_000;
/** Tries in all, the first included: with the default first delay of a minute, about sixteen hours. */
export const MAX_MAIL_ATTEMPTS = 12;
const MAX_DELAY_MS = 6 * 60 * 60_000;

const attachment = z.object({ filename: z.string(), content: z.string(), contentType: z.string() });
const mailRecord = z
  .object({
    key: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
    subject: z.string().nullable().optional(),
    status: z.string(),
    attempts: z.number().optional(),
    nextAttemptAt: z.number().nullable().optional(),
    text: z.string().nullable().optional(),
    attachments: z.array(attachment).nullable().optional(),
  })
  .passthrough();

const recordId = (idempotencyKey: string) => createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 40);
const DROPPED = { nextAttemptAt: null, text: null, attachments: null };

/** The wait before the next try after `attempts` failed ones: MAIL_RETRY_SECONDS, doubling, at most six hours. */
export function mailRetryDelay(attempts: number): number {
  return Math.min(getEnv().MAIL_RETRY_SECONDS * 1000 * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/**
 * Sends a message at most once per idempotency key, across retries, restarts and servers: the claim
 * (with the message) is created in the store first, only one caller wins it, then the mail goes. When
 * the mail server does not take it, the record stays "pending" and `retryPendingMail` sends it later
 * (or this, called again with the same key); "failed" means "not sent yet", never "lost". Never
 * throws: mail must not break a page.
 */
export async function sendOnce(
  message: MailMessage,
  /** `uid`: the member the message is to or about, so their account's deletion can find the record. */
  about: { uid?: string | null } = {},
): Promise<"sent" | "already_sent" | "failed"> {
  const id = recordId(message.idempotencyKey);
  const now = Date.now();
  const record = {
    key: message.idempotencyKey,
    to: message.to,
    subject: message.subject,
    uid: about.uid ?? null,
    status: "sending",
    at: now,
    attempts: 1,
    nextAttemptAt: now + SENDING_TIMEOUT_MS,
    text: message.text,
    attachments: message.attachments ?? null,
  };
  if (await getStore().createIfAbsent(SENT_MAIL, id, record)) return (await deliver(id, message, 1)) ? "sent" : "failed";
  // Its caller trying again: a message still pending goes now rather than at its next try.
  const claimed = await claim(id, now, true).catch(() => null);
  if (!claimed) return "already_sent";
  return (await deliver(id, claimed.message, claimed.attempts)) ? "sent" : "failed";
}

/** One attempt at a claimed message; the record says what came of it. */
async function deliver(id: string, message: MailMessage, attempts: number): Promise<boolean> {
  const store = getStore();
  try {
    await getMailer().send(message);
  } catch (error) {
    const last = attempts >= MAX_MAIL_ATTEMPTS;
    const patch = last ? { status: "failed", ...DROPPED } : { status: "pending", nextAttemptAt: Date.now() + mailRetryDelay(attempts) };
    await store.update(SENT_MAIL, id, patch).catch(() => undefined);
    const cause = error instanceof Error ? error.name : "unknown";
    countMail(last ? "given_up" : "refused");
    console.warn(
      JSON.stringify({ level: last ? "error" : "warn", msg: last ? "mail given up" : "mail not sent, kept to retry", attempts, cause }),
    );
    return false;
  }
  // Sent: a failure to record it leaves the claim to time out and go again, the one way it could go twice.
  countMail("sent");
  await store.update(SENT_MAIL, id, { status: "sent", ...DROPPED }).catch(() => undefined);
  return true;
}

/**
 * The retry job (a timer on every server, and `node scripts/class-jobs.js retry-mail`): every message
 * whose next try is due, "pending" or left "sending" by a process that did not finish, is claimed in
 * a transaction (so two servers never both send it) and tried again.
 */
export async function retryPendingMail(now = Date.now()): Promise<{ due: number; sent: number }> {
  const store = getStore();
  const { docs } = await store.query(SENT_MAIL, mailRecord, { where: [{ field: "nextAttemptAt", op: "<=", value: now }], limit: 50 });
  let sent = 0;
  for (const doc of docs) {
    const claimed = await claim(doc.id, now, false);
    if (claimed && (await deliver(doc.id, claimed.message, claimed.attempts))) sent += 1;
  }
  return { due: docs.length, sent };
}

/**
 * Takes a kept message for one more attempt, in a transaction so only one process gets it: a pending
 * one whose time has come (or any pending one when its caller tries again itself), or one left
 * "sending" past the timeout. A message with no recipient left (its account deleted) is withdrawn.
 */
async function claim(id: string, now: number, callerRetry: boolean): Promise<{ message: MailMessage; attempts: number } | null> {
  return getStore().transaction(async (tx) => {
    const record = await tx.get(SENT_MAIL, id, mailRecord);
    if (!record || (record.status !== "pending" && record.status !== "sending") || record.nextAttemptAt == null) return null;
    if (record.nextAttemptAt > now && !(callerRetry && record.status === "pending")) return null;
    if (!record.to || !record.key || record.text == null) {
      tx.update(SENT_MAIL, id, { status: "withdrawn", ...DROPPED });
      return null;
    }
    const attempts = (record.attempts ?? 1) + 1;
    tx.update(SENT_MAIL, id, { status: "sending", attempts, nextAttemptAt: now + SENDING_TIMEOUT_MS });
    const message: MailMessage = { to: record.to, subject: record.subject ?? "", text: record.text, idempotencyKey: record.key };
    if (record.attachments) message.attachments = record.attachments;
    return { message, attempts };
  });
}

/**
 * The send-once records of a leaving member's mail (to them, or about them, as a gift names its
 * buyer) stay, so nothing is sent twice, but lose the address, the subject, the key and any kept
 * body, which name them; a message not sent yet is withdrawn, never sent. `emails` also finds
 * records kept before they carried a member's id.
 */
export async function anonymiseSentMail(uid: string, emails: readonly string[], pseudonym: string): Promise<void> {
  const store = getStore();
  const found = [
    ...(await documentsWhere(SENT_MAIL, "uid", uid)),
    ...(await Promise.all(emails.map((email) => documentsWhere(SENT_MAIL, "to", email)))).flat(),
  ];
  for (const id of new Set(found.map((doc) => doc.id))) {
    await store
      .transaction(async (tx) => {
        const record = await tx.get(SENT_MAIL, id, mailRecord);
        if (!record) return;
        const unsent = record.status === "pending" || record.status === "sending";
        tx.update(SENT_MAIL, id, {
          uid: pseudonym,
          to: null,
          subject: null,
          key: null,
          ...DROPPED,
          ...(unsent ? { status: "withdrawn" } : {}),
        });
      })
      .catch(() => undefined);
  }
}
