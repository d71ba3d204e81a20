import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { MailError } = await import("../../../app/services/mail/port");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const { changeClass } = await import("../../../app/models/classes/class-changes.server");
const { sendOnce, retryPendingMail, anonymiseSentMail, SENT_MAIL, SENDING_TIMEOUT_MS } = await import("../../../app/platform/mail.server");
import type { MailMessage } from "../../../app/services/mail/port";

/** The mail server at the port boundary: down (refuses to connect) until it is started again. */
const server = { down: false, delivered: [] as MailMessage[], attempts: 0 };
setMailerForTests({
  name: "smtp",
  async send(message) {
    server.attempts += 1;
    // A real SMTP round trip takes a moment, so two runs overlap.
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (server.down) throw new MailError("unavailable", "the mail server did not take the message");
    server.delivered.push(message);
    return { id: message.idempotencyKey, duplicate: false };
  },
});

const anyRecord = z.record(z.unknown());
const records = async () => (await getStore().query(SENT_MAIL, anyRecord)).docs.map((doc) => doc.data);
const HOUR = 60 * 60_000;

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});
beforeEach(() => {
  server.down = false;
  server.delivered = [];
  server.attempts = 0;
});

describe("mail the server did not take", () => {
  it("is kept pending with its attachment, tried again with backoff, and sent once when the server is back", async () => {
    const uid = "retry-juno";
    await savePrivateUser(uid, { firstName: "Juno", lastName: "Test", email: "retry-juno@example.com", mostRecentTimeZone: "UTC" });
    const id = "retry-class";
    await getStore().set("classes", id, {
      id,
      slug: id,
      title: "Retry Sit",
      teacherId: "teacher-amara",
      modality: "breathwork",
      startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      durationMinutes: 20,
      capacity: 5,
      timeZone: "UTC",
    });
    await bookClass({ uid, classId: id, now: new Date(), isMember: true });

    server.down = true;
    expect(await changeClass({ intent: "substitute", classId: id, teacherId: "teacher-jonah" })).toMatchObject({ ok: true });
    const [pending] = (await records()).filter((r) => r.to === "retry-juno@example.com");
    expect(pending).toMatchObject({ status: "pending", attempts: 1, subject: "New teacher for Retry Sit" });
    expect(pending.text).toContain("Juno");
    expect(pending.nextAttemptAt as number).toBeGreaterThan(Date.now());

    // Not due yet: nothing tried. Due while still down: tried, and the wait doubles.
    expect(await retryPendingMail(Date.now())).toEqual({ due: 0, sent: 0 });
    expect(await retryPendingMail(Date.now() + HOUR)).toEqual({ due: 1, sent: 0 });
    const again = (await records()).find((r) => r.key === pending.key)!;
    expect(again).toMatchObject({ status: "pending", attempts: 2 });
    expect((again.nextAttemptAt as number) - Date.now()).toBeGreaterThan(100_000);

    server.down = false;
    expect(await retryPendingMail(Date.now() + 2 * HOUR)).toEqual({ due: 1, sent: 1 });
    expect(server.delivered).toHaveLength(1);
    expect(server.delivered[0]).toMatchObject({ to: "retry-juno@example.com", idempotencyKey: pending.key });
    expect(server.delivered[0].attachments?.[0]).toMatchObject({ filename: "class.ics" });
    // Sent: the body goes; later runs and the caller's own retry send nothing more.
    expect((await records()).find((r) => r.key === pending.key)).toMatchObject({
      status: "sent",
      text: null,
      attachments: null,
      nextAttemptAt: null,
    });
    expect(await retryPendingMail(Date.now() + 3 * HOUR)).toEqual({ due: 0, sent: 0 });
    expect(await sendOnce(server.delivered[0])).toBe("already_sent");
    expect(server.delivered).toHaveLength(1);
  });

  it("two retry runs at once send each message once", async () => {
    server.down = true;
    const keys = ["a", "b", "c"].map((k) => `retry-race:${k}`);
    for (const key of keys)
      expect(await sendOnce({ to: `${key.replace(":", "-")}@example.com`, subject: "Race", text: "Hello", idempotencyKey: key })).toBe(
        "failed",
      );
    server.down = false;
    const later = Date.now() + HOUR;
    const runs = await Promise.all([retryPendingMail(later), retryPendingMail(later)]);
    expect(runs[0].sent + runs[1].sent).toBe(3);
    expect(server.delivered.map((m) => m.idempotencyKey).sort()).toEqual(keys);
  });

  it("a message left sending by a process that stopped is sent after the timeout, not before", async () => {
    const key = "retry-crash:1";
    const { createHash } = await import("node:crypto");
    const now = Date.now();
    await getStore().set(SENT_MAIL, createHash("sha256").update(key).digest("hex").slice(0, 40), {
      key,
      to: "crash@example.com",
      subject: "Crash",
      text: "Hello",
      attachments: null,
      uid: null,
      status: "sending",
      at: now,
      attempts: 1,
      nextAttemptAt: now + SENDING_TIMEOUT_MS,
    });
    expect(await retryPendingMail(now + 60_000)).toMatchObject({ sent: 0 });
    expect(await retryPendingMail(now + SENDING_TIMEOUT_MS + 1)).toMatchObject({ sent: 1 });
    expect(server.delivered.map((m) => m.to)).toEqual(["crash@example.com"]);
  });

  it("a deleted account's pending mail loses its body and recipient and is never sent", async () => {
    server.down = true;
    expect(
      await sendOnce(
        { to: "leaving@example.com", subject: "Your ticket", text: "Hello Leaving", idempotencyKey: "retry-leaving:1" },
        { uid: "retry-leaving" },
      ),
    ).toBe("failed");
    await anonymiseSentMail("retry-leaving", ["leaving@example.com"], "gone-123");
    server.down = false;
    expect(await retryPendingMail(Date.now() + HOUR)).toMatchObject({ sent: 0 });
    expect(server.delivered).toHaveLength(0);
    const record = (await records()).find((r) => r.uid === "gone-123");
    expect(record).toMatchObject({
      status: "withdrawn",
      to: null,
      subject: null,
      key: null,
      text: null,
      attachments: null,
      nextAttemptAt: null,
    });
    expect(JSON.stringify(record)).not.toContain("Leaving");
  });
});
