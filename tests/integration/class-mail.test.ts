import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { createOutboxMailer } = await import("../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../app/services/mail/index.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { bookClass } = await import("../../app/models/classes/booking.server");
const { sendReminders } = await import("../../app/models/classes/class-reminders.server");
const { changeClass } = await import("../../app/models/classes/class-changes.server");
const { getClass } = await import("../../app/models/classes/class-schedule.server");
const { clockTime } = await import("../../app/models/identity/clock");

const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "class-mail-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});
const NOW = new Date();

beforeAll(async () => {
  await seedDemoContent(getStore(), NOW);
  setMailerForTests(outbox);
});

let n = 0;
async function classIn(minutes: number) {
  n += 1;
  const id = `mail-test-${n}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: `Mail Test ${n}`,
    teacherId: "teacher-amara",
    modality: "breathwork",
    startsAt: new Date(NOW.getTime() + minutes * 60_000).toISOString(),
    durationMinutes: 20,
    capacity: 5,
    timeZone: "Europe/Berlin",
  });
  return id;
}

async function member(name: string, zone = "Asia/Tokyo") {
  const uid = `mail-${name.toLowerCase()}`;
  await savePrivateUser(uid, { firstName: name, lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: zone });
  return uid;
}

describe("class reminders", () => {
  it("go once to each booked member whose class starts within the lead time, in their own zone", async () => {
    const soon = await classIn(30);
    const later = await classIn(240);
    const uid = await member("Ines");
    for (const id of [soon, later]) await bookClass({ uid, classId: id, now: NOW, isMember: true });
    expect(await sendReminders({ now: NOW, leadMinutes: 60 })).toMatchObject({ sent: 1 });
    expect(await sendReminders({ now: NOW, leadMinutes: 60 })).toMatchObject({ sent: 0 });
    const mails = await outbox.read({ to: `${uid}@example.com` });
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Soon: Mail Test \d+ at \d{1,2}:\d{2} [ap]m$/)]);
    // On the member's own clock, with no zone named beside it (issue 34).
    expect(mails[0].text).toContain(`starts at ${clockTime(new Date(NOW.getTime() + 30 * 60_000), "Asia/Tokyo")}.`);
    expect(mails[0].text).not.toMatch(/UTC|Tokyo/);
  });
});

describe("a class change", () => {
  it("raises the sequence and tells everyone booked or waiting once, with the invite", async () => {
    const id = await classIn(2 * 24 * 60);
    const booked = await member("Juno");
    const waiting = await member("Kai");
    await getStore().update("classes", id, { capacity: 1 });
    await bookClass({ uid: booked, classId: id, now: NOW, isMember: true });
    await bookClass({ uid: waiting, classId: id, now: NOW, isMember: true });

    const changed = await changeClass({ intent: "substitute", classId: id, teacherId: "teacher-jonah" });
    expect(changed).toMatchObject({ ok: true, told: 2 });
    expect((await getClass(id))!).toMatchObject({ substituteTeacherId: "teacher-jonah", sequence: 1 });
    const cancelled = await changeClass({ intent: "cancel", classId: id });
    expect(cancelled).toMatchObject({ ok: true, told: 2 });
    expect(await changeClass({ intent: "cancel", classId: id })).toEqual({ ok: false, message: "That class is already cancelled." });

    const juno = await outbox.read({ to: `${booked}@example.com` });
    expect(juno.map((m) => m.subject).sort()).toEqual(
      [`Cancelled: Mail Test ${id.split("-").at(-1)}`, `New teacher for Mail Test ${id.split("-").at(-1)}`].sort(),
    );
    expect(juno.find((m) => m.subject.startsWith("Cancelled"))!.attachments![0].content).toContain("STATUS:CANCELLED");
    expect(await outbox.read({ to: `${waiting}@example.com` })).toHaveLength(2);
  });

  it("refuses a teacher who is not ours, and a class that does not exist", async () => {
    const id = await classIn(3 * 24 * 60);
    expect(await changeClass({ intent: "substitute", classId: id, teacherId: "teacher-nobody" })).toEqual({
      ok: false,
      message: "Please choose one of our teachers.",
    });
    expect(await changeClass({ intent: "cancel", classId: "no-such-class" })).toEqual({
      ok: false,
      message: "We couldn't find that class.",
    });
  });
});

describe("sendOnce", () => {
  it("keeps the message when the mailer fails, so its caller's next attempt sends it", async () => {
    const { sendOnce } = await import("../../app/platform/mail.server");
    const message = { to: "retry@example.com", subject: "Retry", text: "Hello", idempotencyKey: "retry-test-1" };
    setMailerForTests({ name: "smtp", send: async () => Promise.reject(new Error("down")) });
    const quiet = console.warn;
    console.warn = () => undefined;
    expect(await sendOnce(message)).toBe("failed");
    console.warn = quiet;
    setMailerForTests(outbox);
    expect(await sendOnce(message)).toBe("sent");
    expect(await sendOnce(message)).toBe("already_sent");
  });
});
