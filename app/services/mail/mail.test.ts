import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { createOutboxMailer } from "./outbox.server";
import { createSmtpMailer } from "./smtp.server";

const message = { to: "ada@example.com", subject: "Your class moved", text: "Hello", idempotencyKey: "class-changed:abc:ada:1" };

describe("the outbox", () => {
  it("writes one file per idempotency key, even for 20 sends at once, and reads newest first", async () => {
    const outbox = createOutboxMailer({
      dir: join(mkdtempSync(join(tmpdir(), "outbox-")), "mail"),
      from: "Stillhour <hello@stillhour.example>",
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => outbox.send(message)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    await outbox.send({ ...message, subject: "Second", idempotencyKey: "other" });
    const read = await outbox.read();
    expect(read.map((m) => m.subject)).toEqual(["Second", "Your class moved"]);
    expect(await outbox.read({ to: "nobody@example.com" })).toEqual([]);
  });
});

describe("SMTP through nodemailer", () => {
  it("sends the message with its idempotency key as a header", async () => {
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const spy = {
      ...transport,
      sendMail: async (mail: nodemailer.SendMailOptions) => {
        const info = await transport.sendMail(mail);
        sent.push(String(info.message));
        return info;
      },
    } as unknown as nodemailer.Transporter;
    const mailer = createSmtpMailer({ from: "Stillhour <hello@stillhour.example>", transport: spy });
    await mailer.send({ ...message, attachments: [{ filename: "class.ics", content: "BEGIN:VCALENDAR", contentType: "text/calendar" }] });
    const json = JSON.parse(sent[0]);
    expect(json.subject).toBe("Your class moved");
    expect(json.headers["X-Idempotency-Key"]).toBe(message.idempotencyKey);
    expect(json.attachments[0].filename).toBe("class.ics");
  });

  it("turns a server's refusal into the port's code, never its words", async () => {
    const failing = {
      sendMail: async () => {
        throw Object.assign(new Error("550 mailbox on fire"), { responseCode: 550 });
      },
    } as unknown as nodemailer.Transporter;
    await expect(createSmtpMailer({ from: "x <x@example.com>", transport: failing }).send(message)).rejects.toMatchObject({
      code: "refused",
      message: "the mail server did not take the message",
    });
  });
});
