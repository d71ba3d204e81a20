import { createHash } from "node:crypto";
import { getStore } from "~/adapters/store/index.server";
import { getMailer } from "~/adapters/mail/index.server";
import type { MailMessage } from "~/adapters/mail/port";

/** One record per message ever sent, keyed by its idempotency key: the claim is made before sending. */
export const SENT_MAIL = "sentMail";

/**
 * Sends a message at most once per idempotency key, across retries, restarts and servers: the claim
 * is created in the store first (only one caller wins it), then the mail goes. A failed send gives
 * the claim back, so a later attempt can try again. Never throws: mail must not break a page.
 */
export async function sendOnce(message: MailMessage): Promise<"sent" | "already_sent" | "failed"> {
  const id = createHash("sha256").update(message.idempotencyKey).digest("hex").slice(0, 40);
  const store = getStore();
  if (!(await store.createIfAbsent(SENT_MAIL, id, { key: message.idempotencyKey, to: message.to, subject: message.subject, status: "sending", at: Date.now() }))) return "already_sent";
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
