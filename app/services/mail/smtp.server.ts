import nodemailer, { type Transporter } from "nodemailer";
import { MailError, type Mailer } from "./port";

/**
 * SMTP through nodemailer (ADR 017): `SMTP_URL` names the server and credentials. The idempotency key
 * travels as a header so a provider's logs can tie a retry to its first attempt; the store record the
 * caller made first is what keeps a message from going twice. The server's words never reach a page.
 */
export function createSmtpMailer(options: { from: string } & ({ url: string } | { transport: Transporter })): Mailer {
  const transport =
    "transport" in options
      ? options.transport
      : nodemailer.createTransport(options.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    name: "smtp",
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          headers: { "X-Idempotency-Key": message.idempotencyKey },
          attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        });
        return { id: String(info.messageId ?? message.idempotencyKey), duplicate: false };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        throw new MailError(code && code >= 500 && code < 600 ? "refused" : "unavailable", "the mail server did not take the message");
      }
    },
  };
}
