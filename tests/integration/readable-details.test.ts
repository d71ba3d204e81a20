import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../support/payments";
import { haveEmulator } from "../support/auth-emulator";
import { staffGet, staffPost, staffSession } from "../support/staff-session";
import { answerOf, type RouteArgs, routeArgs } from "../support/route-call";

/**
 * Issue 34, item 8: the smaller things a careful person notices, through the real loaders and actions
 * on SQLite: phone numbers as people write them, one address per class, the audit log in words, an
 * address made from a title, previews that say what they show, and a front desk that keeps a refused
 * code as typed.
 */

const { seedDemoContent } = await import("../../app/demo/seed.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { generateClasses, listUpcomingClasses } = await import("../../app/models/classes/class-schedule.server");
const { recordChange } = await import("../../app/models/staff/audit.server");
const settings = await import("~/routes/settings/route");
const people = await import("~/routes/staff.people/route");
const classRoute = await import("~/routes/classes.$classId/route");
const auditRoute = await import("~/routes/staff.audit/route");
const articles = await import("~/routes/staff.articles/route");
const articlePreview = await import("~/routes/staff.articles_.$id_.preview/route");
const learnList = await import("~/routes/staff.learn/route");
const learnPreview = await import("~/routes/staff.learn_.$id_.preview/route");
const studioDesk = await import("~/routes/staff.studio/route");

const SITE = "http://localhost:3000";

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
  await generateClasses({ weeks: 1 });
});

const load = (route: { loader: (args: RouteArgs) => unknown }, path: string, cookie: string | null, params: Record<string, string> = {}) =>
  answerOf(async () => route.loader(routeArgs(new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), params)));

describe.skipIf(!haveEmulator)("readable details", () => {
  it("shows a phone number as people write it on settings and the staff people page", async () => {
    const member = await staffSession({}, SITE, "Nell");
    await savePrivateUser(member.uid, { phoneNumber: member.phone });
    const digits = member.phone.slice(2);
    const readable = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
    const own = (await load(settings, "/settings", member.cookie)).data as { phoneNumber: string };
    expect(own.phoneNumber).toBe(readable);

    const admin = await staffSession({ admin: true }, SITE, "Ada");
    const found = (await load(people, `/staff/people?q=${encodeURIComponent(member.phone)}`, admin.cookie)).data as {
      results: Array<{ contact: string }>;
    };
    expect(found.results[0]?.contact).toContain(readable);
    expect(found.results[0]?.contact).not.toContain(member.phone);
  });

  it("gives a class one address: its id answers with a 301 to its slug's", async () => {
    const [liveClass] = (await listUpcomingClasses({ from: new Date(), to: new Date(Date.now() + 7 * 86_400_000) })).filter(
      (c) => !c.studioId && c.slug && c.slug !== c.id,
    );
    expect(liveClass, "a seeded online class whose slug differs from its id").toBeTruthy();
    const byId = await load(classRoute, `/classes/${liveClass.id}?from=home`, null, { classId: liveClass.id });
    expect(byId.status).toBe(301);
    expect(byId.location).toBe(`/classes/${liveClass.slug}?from=home`);
    expect((await load(classRoute, `/classes/${liveClass.slug}`, null, { classId: liveClass.slug! })).status).toBe(200);
  });

  it("names the audit log's fields in words, and its Classes filter finds class changes", async () => {
    const admin = await staffSession({ admin: true }, SITE, "Ada");
    const target = `audit-words-${Date.now()}`;
    await getStore().transaction(async (tx) => {
      recordChange(tx, {
        actor: { uid: admin.uid, name: "Ada Person", role: "admin" },
        area: "classes",
        action: "changed the class",
        target: { collection: "classes", id: target, label: target },
        before: { durationMinutes: 30, teacherId: "teacher-amara" },
        after: { durationMinutes: 45, teacherId: "teacher-priya" },
        at: new Date(),
      });
    });
    const page = (await load(auditRoute, "/staff/audit?area=classes", admin.cookie)).data as {
      entries: Array<{ target: string; changes: Array<{ field: string }> }>;
    };
    const entry = page.entries.find((e) => e.target === target);
    expect(entry?.changes.map((c) => c.field)).toEqual(["Length (minutes)", "Teacher"]);
  });

  it("makes an article's and a series' address from the title when it is left empty, and the preview says it is a draft", async () => {
    const editor = await staffSession({ blogEditor: true }, SITE, "Eve");
    const title = `A Quiet Walk, ${Date.now()}`;
    const created = await staffPost(articles, "/staff/articles", editor.cookie, {
      intent: "save",
      title,
      titleSlug: "",
      excerpt: "Slow steps.",
      category: "Mindfulness",
      authorTeacherId: "teacher-amara",
      heroColor: "#4f6d8f",
      bodyHtml: "<p>Step.</p>",
      publishAt: "",
    });
    expect(created.status).toBe(302);
    const id = /\/staff\/articles\/([^?]+)/.exec(created.location ?? "")![1];
    const preview = (await staffGet(articlePreview, `/staff/articles/${id}/preview`, editor.cookie, { id })).data as {
      notice: string;
      article: { titleSlug: string };
    };
    expect(preview.article.titleSlug).toBe(`a-quiet-walk-${title.split(", ")[1]}`);
    expect(preview.notice).toMatch(/^Draft: only staff can see this preview/);

    const seriesTitle = `Walking Basics ${Date.now()}`;
    const series = await staffPost(learnList, "/staff/learn", editor.cookie, [
      ["intent", "save"],
      ["title", seriesTitle],
      ["slug", ""],
      ["summary", "Walking as practice."],
      ["color", "#4f6d8f"],
      ["order", "5"],
      ["publishAt", ""],
      ["lessonTitle", "The first step"],
      ["lessonMinutes", "4"],
      ["lessonSummary", "Feel the ground."],
      ["lessonBody", "<p>Lift, move, place.</p>"],
    ]);
    expect(series.status).toBe(302);
    const seriesId = /\/staff\/learn\/([^?]+)/.exec(series.location ?? "")![1];
    const seen = (await staffGet(learnPreview, `/staff/learn/${seriesId}/preview`, editor.cookie, { id: seriesId })).data as {
      notice: string;
      series: { slug: string };
    };
    expect(seen.series.slug).toBe(seriesTitle.toLowerCase().replaceAll(" ", "-"));
    expect(seen.notice).toMatch(/^Draft:/);
  });

  it("keeps a refused code as typed at the front desk", async () => {
    const desk = await staffSession({ admin: true }, SITE, "Desk");
    const answer = await staffPost(studioDesk, "/staff/studio", desk.cookie, {
      intent: "check-in-code",
      studio: "lantern-yard",
      code: "NOTAT1CKET",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ errors: { code: expect.any(String) }, values: { code: "NOTAT1CKET" } });
  });
});
