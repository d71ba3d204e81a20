import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";

/**
 * Issue 24, several instances (docs/decisions/041), against the production build (`npx remix build`
 * first; `npm test` builds before the suites): two `node server.js` processes on one SQLite file (WAL),
 * both running every background job every second. What the jobs do is counted where it arrives: mail at
 * a local SMTP receiver (by the X-Idempotency-Key each message carries), analytics at a local receiver
 * standing in for the provider, classes in the store. Each must arrive exactly once. The work is put in
 * the shared store by this process once both servers run, as an instance would write it.
 */

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const PORTS = { a: BASE_PORT + 10, b: BASE_PORT + 11, analytics: BASE_PORT + 12, smtp: BASE_PORT + 13 };
const FILES = `./data/e2e-${PORTS.a}-instances`;
const SECRET = randomBytes(32).toString("base64url");
const ANALYTICS_KEY = "instances-forward-key-01";

// This process reads and writes the servers' store; its own mail (none expected) goes to a folder of its own.
process.env.SQLITE_PATH = resolve(`${FILES}.sqlite`);
process.env.SESSION_SECRET = SECRET;
process.env.MAIL_OUTBOX_DIR = join(mkdtempSync(join(tmpdir(), "instances-")), "outbox");

const { getStore } = await import("../../../app/services/store/index.server");
const { savePrivateUser } = await import("../../../app/models/identity/user.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const { grantCreditPack } = await import("../../../app/models/wallet/credits.server");
const { recordEvent } = await import("../../../app/platform/analytics-event.server");
const { occurrences, ClassTemplateSchema } = await import("../../../app/models/classes/class-schedule");
const { GIFTS } = await import("../../../app/models/wallet/gifts.server");
const { getTeachers } = await import("../../../app/models/content/teacher.server");

const mailKeys: string[] = [];
/** Keys the SMTP receiver refuses once (451, "try later"), as a mail server that is down for a moment. */
const refuseOnce = new Set<string>();
const refused: string[] = [];
const analyticsIds: string[] = [];
const servers: BuiltServer[] = [];
let smtp: SMTPServer;
let analytics: Server;
const output = () => servers.flatMap((s) => s.output.map((line) => `${new URL(s.base).port}: ${line}`)).join("\n");

function serverEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    // The demo's content and drivers, but mail over SMTP and analytics to a receiver: what is counted here
    // does not depend on the mode, and the demo needs no vendor account.
    APP_ENV: "demo",
    SESSION_SECRET: SECRET,
    JOB_INTERVAL_SECONDS: "1",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    ANALYTICS_KEY,
    ANALYTICS_FORWARD_URL: `http://127.0.0.1:${PORTS.analytics}/2/httpapi`,
    CLASS_REMINDER_MINUTES: "60",
    PAGE_CACHE_SECONDS: "2",
    CONTENT_CACHE_SECONDS: "2",
  };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      let raw = "";
      stream.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const key = /^X-Idempotency-Key:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? "(none)";
        if (refuseOnce.delete(key)) {
          refused.push(key);
          return done(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        mailKeys.push(key);
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(PORTS.smtp, "127.0.0.1", ok));
  analytics = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const events = JSON.parse(new URLSearchParams(raw).get("e") ?? "[]") as Array<{ insert_id: string; event_type: string }>;
      for (const event of events) if (event.event_type.endsWith("Instances_Test")) analyticsIds.push(event.insert_id);
      // A provider taking its time: the other instance ticks while the batch is still unanswered, and
      // would send it again if nothing kept it out.
      setTimeout(() => res.writeHead(200).end("{}"), 1_500);
    });
  });
  await new Promise<void>((ok) => analytics.listen(PORTS.analytics, "127.0.0.1", ok));
  // One after the other: the second finds the demo content already seeded.
  servers.push(await startBuiltServer(PORTS.a, "instances", serverEnv(), { cleanEnv: true }));
  servers.push(await startBuiltServer(PORTS.b, "instances", serverEnv(), { cleanEnv: true, sharedFiles: servers[0].files }));
}, 120_000);

afterAll(async () => {
  await getStore().close();
  for (const server of [...servers].reverse()) await server.stop();
  await new Promise((ok) => smtp?.close(() => ok(undefined)));
  await new Promise((ok) => analytics?.close(() => ok(undefined)));
}, 30_000);

const waitFor = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((ok) => setTimeout(ok, 250));
};

describe("two instances running every job each second on one store", () => {
  it("send each reminder, gift (one after the mail server refused it once), credit expiry reminder and analytics event once, and make each class once", async () => {
    const store = getStore();
    const now = Date.now();
    const tag = randomBytes(3).toString("hex");

    // Three members booked into a class half an hour away: a reminder each.
    const classId = `instances-${tag}`;
    await store.set("classes", classId, {
      id: classId,
      title: "Two Instances Sit",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(now + 30 * 60_000).toISOString(),
      durationMinutes: 30,
      description: "",
      capacity: 10,
    });
    const booked = [1, 2, 3].map((i) => `instances-${tag}-member-${i}`);
    for (const uid of booked) {
      await savePrivateUser(uid, { firstName: "Ada", lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: "Europe/Berlin" });
      expect(await bookClass({ uid, classId, now: new Date(now), isMember: true })).toEqual({ ok: true, status: "booked" });
    }

    // Two e-mail gifts paid and due now.
    // A gift's id is its purchase's (pur_ and 24 hex digits). The first one's mail is refused once.
    const gifts = [1, 2].map(() => `pur_${randomBytes(12).toString("hex")}`);
    refuseOnce.add(`gift-delivery:${gifts[0]}`);
    for (const [i, id] of gifts.entries()) {
      await store.set(GIFTS, id, {
        code: `INST${tag.toUpperCase()}${i}`.padEnd(12, "X"),
        buyerUid: booked[0],
        buyerName: "Ada",
        giftTypeId: "three-months",
        typeName: "three months",
        months: 3,
        amount: 4500,
        currency: "usd",
        method: "email",
        recipientName: "Bo",
        recipientEmail: `gift-${tag}-${i}@example.com`,
        message: "",
        deliverAt: null,
        forSelf: false,
        buyerZone: "Europe/Berlin",
        state: "paid",
        createdAt: now,
        paidAt: now,
        sentAt: null,
        redeemedAt: null,
        redeemedBy: null,
        redemption: null,
        applied: false,
        resultAt: null,
      });
    }

    // Two members whose five-class packs (90 days) expire in three days: a reminder each.
    const holders = [1, 2].map((i) => `instances-${tag}-holder-${i}`);
    for (const uid of holders) {
      await savePrivateUser(uid, { firstName: "Cy", lastName: "Test", email: `${uid}@example.com`, mostRecentTimeZone: "UTC" });
      const granted = await grantCreditPack({
        purchaseId: `pur_instances_${uid}`,
        uid,
        kind: "credit_pack",
        itemId: "five-classes",
        amount: 4500,
        currency: "usd",
        metadata: {},
        paidAt: now - 87 * 86_400_000,
      });
      expect(granted.ok, JSON.stringify(granted)).toBe(true);
    }

    // A new weekly slot: its classes for the next three weeks are made.
    const template = ClassTemplateSchema.parse({
      id: `inst-${tag}`,
      title: `Instances Slot ${tag}`,
      teacherId: "teacher-amara",
      modality: "breathwork",
      durationMinutes: 20,
      capacity: 20,
      timeZone: "UTC",
      weekdays: [1, 3, 5],
      localTime: "06:30",
    });
    await store.set("classTemplates", template.id, template);
    const expectedClasses = occurrences(template, new Date(), 3)
      .map((c) => c.id)
      .sort();

    // Twenty server-recorded analytics events.
    const eventIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const id = `inst-${tag}-${i}`;
      await recordEvent({ name: "Instances_Test", properties: { i } }, { uid: null, id });
      eventIds.push(id);
    }

    const expectedMail = [
      ...booked.map((uid) => `reminder:${classId}:${uid}:`),
      ...gifts.map((id) => `gift-delivery:${id}`),
      ...holders.map(() => "credits-expiring:"),
    ];
    const ours = () =>
      mailKeys.filter(
        (key) =>
          key.startsWith(`reminder:${classId}:`) ||
          gifts.some((id) => key === `gift-delivery:${id}`) ||
          holders.some((uid) => key.startsWith("credits-expiring:") && key.includes(uid)),
      );
    await waitFor(
      () => ours().length >= expectedMail.length && analyticsIds.filter((id) => eventIds.includes(id)).length >= eventIds.length,
      20_000,
    );
    // Both servers tick several more times over work already done: nothing may arrive again.
    await new Promise((ok) => setTimeout(ok, 4_000));

    const got = ours();
    expect(got.filter((key) => key.startsWith(`reminder:${classId}:`)).sort(), output()).toEqual(
      booked.map((uid) => expect.stringContaining(`:${uid}:`)),
    );
    expect(got.filter((key) => key.startsWith("gift-delivery:")).sort()).toEqual([...gifts].sort().map((id) => `gift-delivery:${id}`));
    // The refused one was tried again on a later tick, and taken once.
    expect(refused).toEqual([`gift-delivery:${gifts[0]}`]);
    expect(got.filter((key) => key.startsWith("credits-expiring:"))).toHaveLength(holders.length);
    expect(new Set(got).size).toBe(got.length);
    const forwarded = analyticsIds.filter((id) => eventIds.includes(id));
    expect(forwarded.sort()).toEqual([...eventIds].sort());

    const { docs } = await store.query("classes", z.object({ templateId: z.string().optional() }), {
      where: [{ field: "templateId", op: "==", value: template.id }],
    });
    expect(docs.map((doc) => doc.id).sort()).toEqual(expectedClasses);
    const { docs: sentGifts } = await store.query(GIFTS, z.object({ state: z.string() }), {
      where: [{ field: "state", op: "==", value: "sent" }],
    });
    expect(sentGifts.filter((doc) => gifts.includes(doc.id))).toHaveLength(2);
  }, 60_000);

  it("show a content change on both instances' cached pages within CONTENT_CACHE_SECONDS + 2 × PAGE_CACHE_SECONDS", async () => {
    // Both run with 2 s for each (serverEnv): the bound is 6 s; a little more for a busy machine.
    const [teacher] = await getTeachers();
    const page = `/teachers/${teacher.urlParam}`;
    const marker = `Changed through the store ${randomBytes(4).toString("hex")}`;
    const shows = async (base: string) => (await (await fetch(`${base}${page}`)).text()).includes(marker);
    // Each instance has the page cached.
    for (const server of servers) for (let i = 0; i < 2; i++) expect(await shows(server.base)).toBe(false);

    const changed = Date.now();
    await getStore().update("profiles", teacher.id, { bio: `${teacher.bio} ${marker}` });
    const seenAt: Record<string, number> = {};
    while (Object.keys(seenAt).length < servers.length && Date.now() - changed < 15_000) {
      for (const server of servers) if (!seenAt[server.base] && (await shows(server.base))) seenAt[server.base] = Date.now() - changed;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    console.log(JSON.stringify({ figures: "content change seen (ms after the write)", ...seenAt }));
    for (const server of servers) expect(seenAt[server.base], server.base).toBeLessThan(9_000);
  }, 30_000);
});
