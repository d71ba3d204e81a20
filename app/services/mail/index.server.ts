import { getEnv, isDemo, requiredSetting } from "~/lib/env.server";
import { createOutboxMailer } from "./outbox.server";
import type { Mailer } from "./port";
import { createSmtpMailer } from "./smtp.server";

/** The one place that picks how mail goes: MAIL_TRANSPORT=outbox (APP_ENV=demo only) or smtp. */
let mailer: Mailer | undefined;
let outbox: ReturnType<typeof createOutboxMailer> | undefined;

export function getMailer(): Mailer {
  if (mailer) return mailer;
  const env = getEnv();
  if (env.MAIL_TRANSPORT === "smtp") {
    mailer = createSmtpMailer({ url: requiredSetting(env, "SMTP_URL", "MAIL_TRANSPORT=smtp"), from: env.MAIL_FROM });
    return mailer;
  }
  // Refused at start outside the demo; a process that got through anyway sends nothing rather than keep it.
  const demoOutbox = getOutbox();
  if (!demoOutbox) throw new Error("MAIL_TRANSPORT=outbox runs only with APP_ENV=demo");
  mailer = demoOutbox;
  return mailer;
}

/** The outbox, for the demo page; null unless MAIL_TRANSPORT=outbox in the demo. */
export function getOutbox(): ReturnType<typeof createOutboxMailer> | null {
  const env = getEnv();
  if (env.MAIL_TRANSPORT !== "outbox" || !isDemo(env)) return null;
  outbox ??= createOutboxMailer({ dir: env.MAIL_OUTBOX_DIR, from: env.MAIL_FROM });
  return outbox;
}

export function setMailerForTests(next: Mailer | undefined) {
  mailer = next;
}
