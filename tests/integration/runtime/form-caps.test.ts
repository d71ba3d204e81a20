import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 35, probe 4: a form the schema accepts is never refused by its body cap, and a refusal keeps
 * what was typed. The learn-series schema takes 20 lessons of 4,000 characters, but its pages had a
 * plain form's 16 KB: five lessons of 3,000 characters came back 413 with an empty form. Articles
 * (10,000 characters in another script, or heavy with links) and class notes (1,000 characters of
 * Cyrillic against 4 KB) the same.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const learnList = await import("~/routes/staff.learn/route");
const articleList = await import("~/routes/staff.articles/route");
const staffClasses = await import("~/routes/staff.classes/route");

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const SITE = "http://localhost:3000";
const lesson = (title: string, body: string): Array<[string, string]> => [
  ["lessonTitle", title],
  ["lessonMinutes", "6"],
  ["lessonSummary", "A short practice."],
  ["lessonBody", body],
];
const series = (slug: string, lessons: Array<[string, string]>): Array<[string, string]> => [
  ["intent", "save"],
  ["title", "Long evenings"],
  ["slug", slug],
  ["summary", "Lessons for the long evenings."],
  ["color", "#3f8f83"],
  ["order", "41"],
  ...lessons,
  ...lesson("", "").map(([k]) => [k, ""] as [string, string]),
];
const article = (slug: string, bodyHtml: string) => ({
  intent: "save",
  title: "Слушая тишину",
  titleSlug: slug,
  excerpt: "",
  category: "Sleep",
  authorTeacherId: "teacher-amara",
  heroColor: "#4f6d8f",
  bodyHtml,
  publishAt: "",
});
/** `n` characters of Cyrillic prose in paragraphs: two bytes each in UTF-8, six once percent-encoded. */
const cyrillic = (n: number) => `<p>${"тишина и дыхание ".repeat(Math.ceil(n / 17))}`.slice(0, n - 4) + "</p>";

describe.skipIf(!haveEmulator)("a staff form the schema accepts", () => {
  it("saves a learn series of five lessons of 3,000 characters", async () => {
    const editor = await staffSession({ blogEditor: true });
    const lessons = Array.from({ length: 5 }, (_, i) =>
      lesson(`Evening ${i + 1}`, "<p>Breathe out, slowly.</p>".repeat(120).slice(0, 3000)),
    ).flat();
    const saved = await staffPost(learnList, "/staff/learn", editor.cookie, series(`long-evenings-${Date.now()}`, lessons));
    expect(saved.status).toBe(302);
  });

  it("saves twenty lessons of 4,000 characters in a script that takes three bytes a character", async () => {
    const editor = await staffSession({ blogEditor: true });
    const body = `<p>${"静かな呼吸。".repeat(700)}`.slice(0, 3996) + "</p>";
    const lessons = Array.from({ length: 20 }, (_, i) => lesson(`夜 ${i + 1}`, body)).flat();
    const saved = await staffPost(learnList, "/staff/learn", editor.cookie, series(`quiet-nights-${Date.now()}`, lessons));
    expect(saved.status).toBe(302);
  });

  it("saves a 10,000-character article in Cyrillic, and one heavy with links", async () => {
    const editor = await staffSession({ blogEditor: true });
    const inCyrillic = await staffPost(articleList, "/staff/articles", editor.cookie, article(`tishina-${Date.now()}`, cyrillic(10_000)));
    expect(inCyrillic.status).toBe(302);
    const link = `<a href="https://example.com/read?topic=breath&amp;page=2">a note</a> `;
    const links = `<p>${link.repeat(Math.floor(9_990 / link.length))}</p>`;
    const linked = await staffPost(articleList, "/staff/articles", editor.cookie, article(`links-${Date.now()}`, links));
    expect(linked.status).toBe(302);
  });

  it("reads a class note of 1,000 Cyrillic characters (it is the class, not the size, that decides)", async () => {
    const admin = await staffSession({ admin: true });
    const note = "Дорогие друзья, занятие начнётся чуть позже. ".repeat(30).slice(0, 1000);
    const answer = await staffPost(staffClasses, "/staff/classes", admin.cookie, { intent: "note", classId: "no-such-class", note });
    expect(answer.status).not.toBe(413);
    expect((answer.data as { errors: { form: string } }).errors.form).not.toMatch(/too large|too long to send|too big/i);
  });
});

describe.skipIf(!haveEmulator)("a refused learn series keeps what was typed", () => {
  it("a lesson over the schema's length: 400, every lesson back as typed", async () => {
    const editor = await staffSession({ blogEditor: true });
    const lessons = [
      ...lesson("Dusk", "<p>One.</p>"),
      ...lesson("Night", `<p>${"x".repeat(4_100)}</p>`),
      ...lesson("Dawn", "<p>Three.</p>"),
    ];
    const refused = await staffPost(learnList, "/staff/learn", editor.cookie, series(`refused-${Date.now()}`, lessons));
    expect(refused.status).toBe(400);
    const values = (refused.data as { values: { title: string; lessons: Array<{ title: string; bodyHtml: string }> } }).values;
    expect(values.title).toBe("Long evenings");
    expect(values.lessons.map((l) => l.title)).toEqual(["Dusk", "Night", "Dawn"]);
    expect(values.lessons[1].bodyHtml).toHaveLength(4_100 + 7);
  });

  it("a body over the cap: 413, and every field that arrived before the cut comes back", async () => {
    const editor = await staffSession({ blogEditor: true });
    const lessons = [...lesson("Dusk", "<p>One.</p>"), ...lesson("Flood", "y".repeat(3_000_000))];
    const body = new URLSearchParams(series(`flood-${Date.now()}`, lessons)).toString();
    const refused = await answerOf(async () =>
      learnList.action(
        routeArgs(
          new Request(`${SITE}/staff/learn`, {
            method: "POST",
            headers: { Cookie: editor.cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
            body,
          }),
        ),
      ),
    );
    expect(refused.status).toBe(413);
    const values = (refused.data as { values: { title: string; slug: string; summary: string; lessons: Array<{ title: string }> } }).values;
    expect(values).toMatchObject({ title: "Long evenings", summary: "Lessons for the long evenings." });
    expect(values.lessons[0]).toMatchObject({ title: "Dusk", bodyHtml: "<p>One.</p>" });
  });
});
