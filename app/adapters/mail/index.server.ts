import { getEnv } from "~/lib/env.server";
import { createOutboxMailer } from "./outbox.server";
import type { Mailer } from "./port";
import { createSmtpMailer } from "./smtp.server";

/** The one place that picks how mail goes: MAIL_TRANSPORT=outbox (the demo; refused in production) or smtp. */
let mailer: Mailer | undefined;
let outbox: ReturnType<typeof createOutboxMailer> | undefined;

export function getMailer(): Mailer {
  if (mailer) return mailer;
  const env = getEnv();
  mailer = getOutbox() ?? createSmtpMailer({ url: env.SMTP_URL!, from: env.MAIL_FROM });
  return mailer;
}

/** The outbox, for the demo page; null unless MAIL_TRANSPORT=outbox. */
export function getOutbox(): ReturnType<typeof createOutboxMailer> | null {
  const env = getEnv();
  if (env.MAIL_TRANSPORT !== "outbox") return null;
  outbox ??= createOutboxMailer({ dir: env.MAIL_OUTBOX_DIR, from: env.MAIL_FROM });
  return outbox;
}

export function setMailerForTests(next: Mailer | undefined) {
  mailer = next;
}
