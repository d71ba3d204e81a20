/**
 * The mailer port (ADR 017): one way to send a message, two adapters. The idempotency key makes a
 * retried send a no-op: the outbox keys its file by it, and callers record it in the store first
 * (app/platform/mail.server.ts).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  idempotencyKey: string;
}

export class MailError extends Error {
  constructor(
    public readonly code: "unavailable" | "refused",
    message: string,
  ) {
    super(message);
    this.name = "MailError";
  }
}

export interface Mailer {
  readonly name: "outbox" | "smtp";
  send(message: MailMessage): Promise<{ id: string; duplicate: boolean }>;
}
