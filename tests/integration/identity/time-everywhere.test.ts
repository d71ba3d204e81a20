// The server runs in UTC, as containers do; set before any date is read.
process.env.TZ = "UTC";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomInt } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { GOOD_CARD, ORIGIN, demo, intentId, seedPlans } from "../../support/payments";
import { answerOf, routeArgs, type RouteArgs } from "../../support/route-call";

/**
 * Issue 34, "Time, once": with the server in UTC and a member in Los Angeles or in Kolkata, every
 * page and e-mail that shows a time says it on the member's own clock, in the site's one format, and
 * never says UTC. The member reaches the site as the issue's member did: their browser reports its
 * zone while they are still a visitor, then they sign in (so only the session knew the zone).
 * Expected clocks are worked out here with Intl directly, not with the app's own formatter.
 */

const { haveEmulator, signInWithPhone } = await import("../../support/auth-emulator");
const { staffSession } = await import("../../support/staff-session");
const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { createOutboxMailer } = await import("../../../app/services/mail/outbox.server");
const { setMailerForTests } = await import("../../../app/services/mail/index.server");
const { getPrivateUser, savePrivateUser } = await import("../../../app/models/identity/user.server");
const { bookClass } = await import("../../../app/models/classes/booking.server");
const { sendReminders } = await import("../../../app/models/classes/class-reminders.server");
const { changeClass, tellPromoted } = await import("../../../app/models/classes/class-changes.server");
const { tellCreditsReturned } = await import("../../../app/models/wallet/credits.server");
const { followTeacher, notifyFollowersOfClass } = await import("../../../app/models/engagement/following.server");
const { saveProgress } = await import("../../../app/models/on-demand/watch-history.server");
const { getCatalogue } = await import("../../../app/models/on-demand/on-demand.server");
const { bookInPerson } = await import("../../../app/models/studios/in-person-tickets.server");
const { fulfilStudioPurchase } = await import("../../../app/models/studios/studio-purchases.server");
const { signWaiver } = await import("../../../app/models/studios/waiver.server");
const { sendTicketConfirmation } = await import("../../../app/models/studios/ticket-mail.server");
const membership = await import("../../../app/models/billing/membership.server");
const { deliverSignedEvents } = await import("../../../app/models/checkout/payment-webhook.server");
const { StaffPublishButtons } = await import("../../../app/components/staff/staff-publish-buttons");
const { canonicalTimeZone } = await import("../../../app/models/identity/time-zone");

const routes = {
  timeZone: await import("../../../app/routes/api.time-zone/route"),
  session: await import("../../../app/routes/api.session/route"),
  home: await import("../../../app/routes/_index/route"),
  schedule: await import("../../../app/routes/classes._index/route"),
  classPage: await import("../../../app/routes/classes.$classId/route"),
  myClasses: await import("../../../app/routes/my-classes/route"),
  ticket: await import("../../../app/routes/tickets.$classId/route"),
  settings: await import("../../../app/routes/settings/route"),
  welcome: await import("../../../app/routes/subscribe_.welcome/route"),
  gift: await import("../../../app/routes/gift/route"),
  history: await import("../../../app/routes/on-demand.history/route"),
  practice: await import("../../../app/routes/practice/route"),
  staffClasses: await import("../../../app/routes/staff.classes/route"),
  staffArticles: await import("../../../app/routes/staff.articles/route"),
  staffArticle: await import("../../../app/routes/staff.articles_.$id/route"),
};

const outbox = createOutboxMailer({
  dir: join(mkdtempSync(join(tmpdir(), "time-everywhere-")), "outbox"),
  from: "Stillhour <hello@stillhour.example>",
});
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// ---- The expected clock, worked out independently ---------------------------------------------

function parts(at: number, zone: string) {
  const found = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return {
    hm: `${found.hour}:${found.minute}`,
    period: String(found.dayPeriod).toLowerCase(),
    day: Number(found.day),
    month: found.month as string,
    weekday: found.weekday as string,
  };
}
/** "8:13 pm" on `zone`'s clock. */
const clock = (at: number, zone: string) => `${parts(at, zone).hm} ${parts(at, zone).period}`;
/** "8:13 – 8:53 pm" or "11:30 pm – 12:10 am". */
function range(at: number, minutes: number, zone: string) {
  const a = parts(at, zone);
  const b = parts(at + minutes * 60_000, zone);
  return a.period === b.period ? `${a.hm} – ${b.hm} ${b.period}` : `${a.hm} ${a.period} – ${b.hm} ${b.period}`;
}
/** "19 Nov", the day on `zone`'s calendar. */
const shortDate = (at: number, zone: string) => `${parts(at, zone).day} ${parts(at, zone).month}`;
const isoDay = (at: number, zone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(at));

/** Every string a loader handed to its page, without the machine fields (ISO instants, zone ids). */
function readable(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const item of value) readable(item, out);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      if (
        ![
          "startsAt",
          "endsAt",
          "expiresAt",
          "watchedAt",
          "at",
          "generatedAt",
          "zone",
          "timeZone",
          "jsonLd",
          "qrSvg",
          "values",
          "typed",
        ].includes(key)
      )
        readable(item, out);
  return out;
}

/** A page's words must not fall back to UTC, nor tack a zone's name onto the reader's own times. */
function expectOwnClock(where: string, data: unknown) {
  const words = readable(data).join("\n");
  expect(words, `${where} says UTC`).not.toMatch(/\bUTC\b/);
  expect(words, `${where} names the reader's zone after a time`).not.toMatch(
    /\((America|Asia)\/[A-Za-z_ ]+ time\)|\b(PST|PDT|IST)\b|GMT\+5:30(?! ?\))/,
  );
}

// ---- The world ------------------------------------------------------------------------------

const args = (path: string, cookie: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }), params);
const load = async (route: { loader: (a: RouteArgs) => unknown }, path: string, cookie: string, params: Record<string, string> = {}) => {
  const answer = await answerOf(async () => route.loader(args(path, cookie, params)));
  expect(answer.status, `${path} answered ${answer.status}${answer.location ? ` → ${answer.location}` : ""}`).toBe(200);
  return answer.data as Record<string, unknown>;
};

/** A visitor whose browser reported `zone`, who then signs in: the session knows the zone, the record did not. */
async function memberIn(zone: string, name: string) {
  const reported = (await routes.timeZone.action(
    routeArgs(
      new Request(`${ORIGIN}/api/time-zone`, {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ timeZone: zone, source: "browser" }),
      }),
    ),
  )) as Response;
  const visitorCookie = reported.headers.get("Set-Cookie")!.split(";")[0];
  const { uid, idToken } = await signInWithPhone(`+1555${randomInt(1_000_000, 9_999_999)}`);
  await savePrivateUser(uid, { firstName: name, lastName: "Clock", email: `${uid.toLowerCase()}@example.com` });
  const signedIn = (await routes.session.action(
    routeArgs(
      new Request(`${ORIGIN}/api/session`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${idToken}`,
          Origin: ORIGIN,
          Cookie: visitorCookie,
          "x-client-ip": `10.34.${randomInt(0, 255)}.${randomInt(1, 254)}`,
        },
      }),
    ),
  )) as Response;
  expect(signedIn.status).toBe(200);
  return { uid, cookie: signedIn.headers.get("Set-Cookie")!.split(";")[0], email: `${uid.toLowerCase()}@example.com` };
}

let n = 0;
async function onlineClass(startsAt: number, minutes = 40) {
  n += 1;
  const id = `time-test-${n}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: `Clock Sit ${n}`,
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(startsAt).toISOString(),
    durationMinutes: minutes,
    description: "",
    capacity: 2,
    timeZone: "Europe/London",
  });
  return id;
}

/** The next instant at hh:mm UTC at least `after` ms from now: a time whose local clock and day differ from UTC's in both zones. */
function nextUtc(hour: number, minute: number, after = DAY) {
  const now = Date.now();
  let at = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), hour, minute);
  while (at < now + after) at += DAY;
  return at;
}

beforeAll(async () => {
  await seedPlans();
  await seedDemoContent(getStore(), new Date());
  setMailerForTests(outbox);
});

describe.skipIf(!haveEmulator).each(["America/Los_Angeles", "Asia/Kolkata"])("a member in %s, the server in UTC", (zone) => {
  let member: { uid: string; cookie: string; email: string };
  let staff: { uid: string; cookie: string };
  // 04:30 UTC is the evening before in Los Angeles; 20:00 UTC is the small hours of the next day in Kolkata.
  const start = zone === "America/Los_Angeles" ? nextUtc(4, 30) : nextUtc(20, 0);
  let classId: string;

  beforeAll(async () => {
    member = await memberIn(zone, zone === "America/Los_Angeles" ? "Lupe" : "Kavya");
    // The member's record now holds the zone their browser reported, for mail.
    expect((await getPrivateUser(member.uid))?.mostRecentTimeZone).toBe(canonicalTimeZone(zone));
    await savePrivateUser(member.uid, {
      subscriptionStatus: "active",
      subscriptionExpirationDate: Math.floor(Date.now() / 1000) + 30 * 86_400,
    });
    classId = await onlineClass(start);
    expect(await bookClass({ uid: member.uid, classId, now: new Date(), isMember: true })).toMatchObject({ ok: true, status: "booked" });
    // A staff member in the same zone, known the same way (their browser's report in their session).
    const admin = await staffSession({ admin: true, blogEditor: true });
    const report = (await routes.timeZone.action(
      routeArgs(
        new Request(`${ORIGIN}/api/time-zone`, {
          method: "POST",
          headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ timeZone: zone, source: "browser" }),
        }),
      ),
    )) as Response;
    staff = { uid: admin.uid, cookie: report.headers.get("Set-Cookie")!.split(";")[0] };
  }, 60_000);

  it("the schedule, the home page's cards, the class page and my classes share the member's clock", async () => {
    const schedule = await load(routes.schedule, "/classes", member.cookie);
    expectOwnClock("the schedule", schedule);
    const listed = (
      schedule.days as Array<{
        label: string;
        classes: Array<{ id: string; timeRange: string; startsAt: string; durationMinutes: number }>;
      }>
    ).flatMap((d) => d.classes.map((c) => ({ ...c, day: d.label })));
    expect(listed.length).toBeGreaterThan(0);
    for (const c of listed) expect(c.timeRange).toBe(range(Date.parse(c.startsAt), c.durationMinutes, zone));
    const ours = listed.find((c) => c.id === classId)!;
    expect(ours.day).toContain(`${parts(start, zone).day} `);

    const home = await load(routes.home, "/", member.cookie);
    expectOwnClock("the home page", home);
    const cards = home.upcoming as Array<{ when: string; startsAt: string; durationMinutes: number }>;
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards)
      expect(card.when).toBe(
        `${parts(Date.parse(card.startsAt), zone).weekday} ${shortDate(Date.parse(card.startsAt), zone)}, ${range(Date.parse(card.startsAt), card.durationMinutes, zone)}`,
      );

    const page = await load(routes.classPage, `/classes/${classId}`, member.cookie, { classId });
    expectOwnClock("the class page", page);
    expect(JSON.stringify(page)).toContain(range(start, 40, zone));

    const mine = await load(routes.myClasses, "/my-classes", member.cookie);
    expectOwnClock("my classes", mine);
    expect((mine.upcoming as Array<{ id: string; timeRange: string }>).find((c) => c.id === classId)?.timeRange).toContain(
      range(start, 40, zone),
    );
  });

  it("a studio ticket is on the studio's clock, its zone named for a member elsewhere", async () => {
    const studioStart = nextUtc(23, 30, 2 * DAY);
    const id = `time-studio-${zone.length}`;
    await getStore().set("classes", id, {
      id,
      slug: id,
      title: "Lantern Clock Sit",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: new Date(studioStart).toISOString(),
      durationMinutes: 45,
      description: "",
      capacity: 5,
      timeZone: "America/New_York",
      studioId: "lantern-yard",
      roomId: "sun-room",
    });
    const purchaseId = `pur_time${String(zone.length).padStart(20, "0")}`;
    await fulfilStudioPurchase({
      purchaseId,
      uid: member.uid,
      kind: "studio_membership",
      itemId: "lantern-unlimited-monthly",
      amount: 14900,
      currency: "usd",
      metadata: { studioId: "lantern-yard", days: "30" },
      paidAt: Date.now() - 1000,
    });
    await signWaiver({
      uid: member.uid,
      studioId: "lantern-yard",
      version: 1,
      now: new Date(),
      signer: { fullName: "Clock Member", email: member.email, phoneNumber: null, birthday: "1990-01-01", minor: false },
      guardian: null,
    });
    expect(
      await bookInPerson({ uid: member.uid, classId: id, payment: { method: "membership", reference: purchaseId }, now: new Date() }),
    ).toMatchObject({ ok: true });
    const ticket = await load(routes.ticket, `/tickets/${id}`, member.cookie, { classId: id });
    expectOwnClock("the ticket", ticket);
    expect(ticket.when).toBe(
      `${new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", weekday: "long", day: "numeric", month: "long" }).format(new Date(studioStart))}, ${clock(studioStart, "America/New_York")}, New York time`,
    );
    expect((ticket.cancellation as { label: string }).label).toBe("Free cancellation until");
    await sendTicketConfirmation(id, member.uid);
  });

  it("settings, the welcome page, the gift form, watch history and practice use the member's day and clock", async () => {
    const started = await membership.startSubscriptionCheckout({
      uid: member.uid,
      planId: "monthly",
      discount: null,
      intentId: intentId(),
    });
    if (!started.ok) throw new Error(started.reason);
    const paid = await demo().pay(started.sessionId, GOOD_CARD);
    if (!paid.ok) throw new Error(paid.reason);
    await deliverSignedEvents(paid.deliveries);

    const settings = await load(routes.settings, "/settings", member.cookie);
    expectOwnClock("settings", settings);
    expect(settings.membership).not.toBeNull();
    const welcome = await load(routes.welcome, `/subscribe/welcome?session_id=${started.sessionId}`, member.cookie);
    expectOwnClock("the welcome page", welcome);
    expect(welcome.summary).not.toBeNull();

    const gift = await load(routes.gift, "/gift", member.cookie);
    expectOwnClock("the gift form", gift);
    expect((gift.dates as { min: string }).min).toBe(isoDay(Date.now(), zone));

    // A viewing at an hour when the member's calendar and UTC's disagree.
    const watchedAt = zone === "America/Los_Angeles" ? nextUtc(4, 30, 0) - 4 * DAY : nextUtc(20, 0, 0) - 4 * DAY;
    const item = (await getCatalogue()).classes[0];
    expect(
      await saveProgress(
        member.uid,
        item,
        { position: "10", viewing: `viewing-${member.uid.slice(0, 8)}01`, seq: "1", events: "Started" },
        watchedAt,
      ),
    ).toMatchObject({ ok: true });
    const history = await load(routes.history, "/on-demand/history", member.cookie);
    expectOwnClock("watch history", history);
    expect((history.entries as Array<{ watchedOn: string }>)[0].watchedOn).toBe(shortDate(watchedAt, zone));

    const practice = await answerOf(async () => routes.practice.loader(args("/practice", member.cookie)));
    expectOwnClock("practice", practice.data);
  });

  it("staff see online classes and type 'Publish at' on their own clock, and it round-trips", async () => {
    const classes = await load(routes.staffClasses, "/staff/classes", staff.cookie);
    expectOwnClock("staff classes", classes);
    const row = (classes.classes as Array<{ id: string; when: string }>).find((c) => c.id === classId)!;
    expect(row.when).toBe(`${parts(start, zone).weekday} ${shortDate(start, zone)}, ${range(start, 40, zone)}`);

    const articles = await load(routes.staffArticles, "/staff/articles", staff.cookie);
    expectOwnClock("staff articles", articles);
    const field = renderToStaticMarkup(
      createElement(StaffPublishButtons, { state: "draft", busy: false, schedule: { value: "", zone: articles.zone as string } }),
    );
    expect(field).toContain(zone === "America/Los_Angeles" ? "Publish at (Los Angeles time)" : "Publish at (Kolkata time)");
    expect(field).not.toContain("UTC");

    // Typed as 20:15 on the editor's clock a few days ahead, saved, and shown back as typed.
    const day = isoDay(Date.now() + 5 * DAY, zone);
    const typed = `${day}T20:15`;
    const body = new URLSearchParams({
      intent: "schedule",
      title: `Evening note ${zone}`,
      titleSlug: `evening-note-${zone.length}-${n}`,
      excerpt: "A short note.",
      category: "Everyday calm",
      authorTeacherId: "teacher-amara",
      heroColor: "#d2a24c",
      bodyHtml: "<p>Breathe out.</p>",
      publishAt: typed,
    });
    const saved = await answerOf(async () =>
      routes.staffArticles.action(
        routeArgs(
          new Request(`${ORIGIN}/staff/articles`, {
            method: "POST",
            headers: { Cookie: staff.cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }),
        ),
      ),
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const articleId = saved.location!.split("/").pop()!.split("?")[0];
    const stored = (await getStore().get(
      "articles",
      articleId,
      (await import("zod")).z.object({ publishAt: (await import("zod")).z.string() }).passthrough(),
    ))!;
    expect(isoDay(Date.parse(stored.publishAt), zone)).toBe(day);
    expect(clock(Date.parse(stored.publishAt), zone)).toBe("8:15 pm");
    const edit = await load(routes.staffArticle, `/staff/articles/${articleId}`, staff.cookie, { id: articleId });
    expect((edit.values as { publishAt: string }).publishAt).toBe(typed);
    expect(edit.publishesAt).toMatch(/, 8:15 pm$/);
    expectOwnClock("the article's edit page", edit);
  });

  it("every e-mail that carries a time says it on the member's clock, never UTC", async () => {
    // A reminder for a class in half an hour, a new teacher, a seat from the waitlist, credits back, a followed teacher's class.
    const soon = Date.now() + 30 * 60_000;
    const soonId = await onlineClass(soon, 20);
    await bookClass({ uid: member.uid, classId: soonId, now: new Date(), isMember: true });
    await sendReminders({ now: new Date(), leadMinutes: 60 });
    await changeClass({ intent: "substitute", classId, teacherId: "teacher-jonah" });
    await tellPromoted(member.uid, classId);
    await tellCreditsReturned({
      uid: member.uid,
      creditRef: `time-${zone}`,
      returned: 1,
      expired: 0,
      classTitle: "Clock Sit",
      startsAt: new Date(start).toISOString(),
      why: "member",
    });
    await followTeacher(member.uid, "teacher-amara", true);
    await notifyFollowersOfClass(
      { id: classId, title: "Clock Sit", teacherId: "teacher-amara", startsAt: new Date(start).toISOString() },
      "Amara",
    );

    const mails = await outbox.read({ to: member.email });
    const subjects = mails.map((m) => m.subject);
    for (const expected of [/^Soon: /, /^New teacher for /, /^You're in: /, /credit/i, /has a new class/, /^Your ticket: /])
      expect(
        subjects.some((s) => expected.test(s)),
        `${expected} among ${subjects.join(" | ")}`,
      ).toBe(true);
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}`, mail.subject).not.toMatch(/\bUTC\b|\((America|Asia)\/[A-Za-z_ ]+ time\)/);
    }
    const reminder = mails.find((m) => m.subject.startsWith("Soon: "))!;
    expect(reminder.subject).toContain(`at ${clock(soon, zone)}`);
    expect(reminder.text).toContain(`starts at ${clock(soon, zone)}.`);
    for (const subject of [/^New teacher for /, /^You're in: /, /has a new class/]) {
      const text = mails.find((m) => subject.test(m.subject))!.text;
      expect(text, String(subject)).toContain(clock(start, zone));
    }
    // The ticket is on the studio's clock, named as New York's for a member elsewhere.
    expect(mails.find((m) => m.subject.startsWith("Your ticket: "))!.text).toMatch(/When: .+, \d{1,2}:\d{2} [ap]m, New York time/);
  });
});
