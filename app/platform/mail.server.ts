import { createHash } from "node:crypto";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { getStore } from "~/adapters/store/index.server";
import { documentsWhere } from "~/adapters/store/documents-where.server";
import { getMailer } from "~/adapters/mail/index.server";
import type { MailMessage } from "~/adapters/mail/port";

/** One record per message ever sent, keyed by its idempotency key: the claim is made before sending. */
export const SENT_MAIL = "sentMail";

/**
 * Sends a message at most once per idempotency key, across retries, restarts and servers: the claim
 * is created in the store first (only one caller wins it), then the mail goes. A failed send gives
 * the claim back, so a later attempt can try again. Never throws: mail must not break a page.
 */
export async function sendOnce(
  message: MailMessage,
  /** `uid`: the member the message is to or about, so their account's deletion can find the record. */
  about: { uid?: string | null } = {},
): Promise<"sent" | "already_sent" | "failed"> {
  const id = createHash("sha256").update(message.idempotencyKey).digest("hex").slice(0, 40);
  const store = getStore();
  const record = { key: message.idempotencyKey, to: message.to, subject: message.subject, uid: about.uid ?? null, status: "sending", at: Date.now() };
  if (!(await store.createIfAbsent(SENT_MAIL, id, record)) && !(await takeOverStaleClaim(id, record))) return "already_sent";
  try {
    await getMailer().send(message);
    await store.update(SENT_MAIL, id, { status: "sent" });
    return "sent";
  } catch (error) {
    await store.delete(SENT_MAIL, id).catch(() => undefined);
    console.warn(JSON.stringify({ level: "warn", msg: "mail not sent", subject: message.subject, cause: error instanceof Error ? error.name : "unknown" }));
    return "failed";
  }
}

const ClaimSchema = z.object({ status: z.string(), at: z.number() });

/**
 * A claim still "sending" past JOB_LEASE_SECONDS belongs to a process that died between claiming and
 * sending (a send that fails gives its claim back at once): it is taken over in a transaction, so of
 * two instances finding it only one sends.
 */
async function takeOverStaleClaim(id: string, record: Record<string, unknown> & { at: number }): Promise<boolean> {
  const staleBefore = record.at - getEnv().JOB_LEASE_SECONDS * 1000;
  return getStore()
    .transaction(async (tx) => {
      const claim = await tx.get(SENT_MAIL, id, ClaimSchema);
      if (!claim || claim.status !== "sending" || claim.at > staleBefore) return false;
      tx.set(SENT_MAIL, id, record);
      return true;
    })
    .catch(() => false);
}

/**
 * The send-once records of a leaving member's mail (to them, or about them, as a gift names its
 * buyer) stay, so nothing is sent twice, but lose the address, the subject and the key, which name
 * them; `emails` also finds records kept before they carried a member's id.
 */
export async function anonymiseSentMail(uid: string, emails: readonly string[], pseudonym: string): Promise<void> {
  const store = getStore();
  const found = [...(await documentsWhere(SENT_MAIL, "uid", uid)), ...(await Promise.all(emails.map((email) => documentsWhere(SENT_MAIL, "to", email)))).flat()];
  for (const id of new Set(found.map((doc) => doc.id))) {
    await store.update(SENT_MAIL, id, { uid: pseudonym, to: null, subject: null, key: null }).catch(() => undefined);
  }
}
