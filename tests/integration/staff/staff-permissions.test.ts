import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { staffSession } from "../../support/staff-session";
import { answerOf, routeArgs, type RouteArgs } from "../../support/route-call";

/**
 * Issue 26, item 5: the permission matrix. Every staff page (loader) and every staff form (action),
 * requested with real Requests as a visitor, a member and each of the five roles: the status is the
 * one the matrix below says, written out by hand rather than derived from the code it checks. A
 * visitor is sent to sign in; a refused role gets 403 and changes nothing.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidatePrefix } = await import("../../../app/lib/cache.server");
const { getClass } = await import("../../../app/models/classes/class-schedule.server");
const routes = {
  home: await import("~/routes/staff._index/route"),
  classes: await import("~/routes/staff.classes/route"),
  studio: await import("~/routes/staff.studio/route"),
  people: await import("~/routes/staff.people/route"),
  codes: await import("~/routes/staff.codes/route"),
  code: await import("~/routes/staff.codes_.$code/route"),
  audit: await import("~/routes/staff.audit/route"),
  articles: await import("~/routes/staff.articles/route"),
  article: await import("~/routes/staff.articles_.$id/route"),
  preview: await import("~/routes/staff.articles_.$id_.preview/route"),
  cohost: await import("~/routes/staff.cohost/route"),
  teachers: await import("~/routes/staff.teachers/route"),
  teacher: await import("~/routes/staff.teachers_.$id/route"),
  profile: await import("~/routes/staff.profile/route"),
  templates: await import("~/routes/staff.templates/route"),
  template: await import("~/routes/staff.templates_.$id/route"),
  catalogue: await import("~/routes/staff.catalogue/route"),
  site: await import("~/routes/staff.site/route"),
  dashboard: await import("~/routes/staff.dashboard/route"),
  dashboardCsv: await import("~/routes/staff.dashboard[.csv]/route"),
  surveys: await import("~/routes/staff.surveys/route"),
  survey: await import("~/routes/staff.surveys_.$id/route"),
  surveyCsv: await import("~/routes/staff.surveys_.$id_.answers[.csv]/route"),
  press: await import("~/routes/staff.press/route"),
  pressItem: await import("~/routes/staff.press_.$id/route"),
  pressPreview: await import("~/routes/staff.press_.$id_.preview/route"),
  learn: await import("~/routes/staff.learn/route"),
  learnSeries: await import("~/routes/staff.learn_.$id/route"),
  learnPreview: await import("~/routes/staff.learn_.$id_.preview/route"),
  cover: await import("~/routes/staff.article-cover/route"),
};

const SITE = "http://localhost:3000";
const PERSONAS = ["visitor", "member", "admin", "blogEditor", "cohost", "facilitator", "studioStaff"] as const;
type Persona = (typeof PERSONAS)[number];
const CLAIMS: Record<Exclude<Persona, "visitor">, Record<string, boolean | string>> = {
  member: {},
  admin: { admin: true },
  blogEditor: { blogEditor: true },
  cohost: { cohost: true },
  facilitator: { facilitator: true, teacherId: "teacher-amara" },
  studioStaff: { studioStaff: true },
};

/** Pages: who gets 200. Everyone else with a session gets 403; a visitor is sent to sign in. */
const PAGES: Array<{ path: string; route: keyof typeof routes; params?: Record<string, string>; open: Persona[] }> = [
  { path: "/staff", route: "home", open: ["admin", "blogEditor", "cohost", "facilitator", "studioStaff"] },
  { path: "/staff/classes", route: "classes", open: ["admin", "facilitator"] },
  { path: "/staff/studio", route: "studio", open: ["admin", "studioStaff"] },
  { path: "/staff/people", route: "people", open: ["admin"] },
  { path: "/staff/people?q=Orla", route: "people", open: ["admin"] },
  { path: "/staff/codes", route: "codes", open: ["admin"] },
  { path: "/staff/codes/MATRIX-PAUSED", route: "code", params: { code: "MATRIX-PAUSED" }, open: ["admin"] },
  { path: "/staff/audit", route: "audit", open: ["admin"] },
  { path: "/staff/audit?area=codes&from=2026-01-01", route: "audit", open: ["admin"] },
  { path: "/staff/articles", route: "articles", open: ["admin", "blogEditor"] },
  { path: "/staff/cohost", route: "cohost", open: ["cohost"] },
  {
    path: "/staff/articles/why-the-long-exhale-calms-you-down",
    route: "article",
    params: { id: "why-the-long-exhale-calms-you-down" },
    open: ["admin", "blogEditor"],
  },
  {
    path: "/staff/articles/why-the-long-exhale-calms-you-down/preview",
    route: "preview",
    params: { id: "why-the-long-exhale-calms-you-down" },
    open: ["admin", "blogEditor"],
  },
  { path: "/staff/teachers", route: "teachers", open: ["admin"] },
  { path: "/staff/teachers/teacher-jonah", route: "teacher", params: { id: "teacher-jonah" }, open: ["admin"] },
  { path: "/staff/profile", route: "profile", open: ["facilitator"] },
  { path: "/staff/templates", route: "templates", open: ["admin"] },
  { path: "/staff/templates/breath", route: "template", params: { id: "breath" }, open: ["admin"] },
  { path: "/staff/catalogue", route: "catalogue", open: ["admin"] },
  { path: "/staff/site", route: "site", open: ["admin"] },
  { path: "/staff/dashboard", route: "dashboard", open: ["admin"] },
  { path: "/staff/dashboard.csv", route: "dashboardCsv", open: ["admin"] },
  { path: "/staff/surveys", route: "surveys", open: ["admin"] },
  { path: "/staff/surveys/demo-practice-rhythm", route: "survey", params: { id: "demo-practice-rhythm" }, open: ["admin"] },
  { path: "/staff/surveys/demo-practice-rhythm/answers.csv", route: "surveyCsv", params: { id: "demo-practice-rhythm" }, open: ["admin"] },
  { path: "/staff/press", route: "press", open: ["admin", "blogEditor"] },
  {
    path: "/staff/press/press-daily-pause-sleep",
    route: "pressItem",
    params: { id: "press-daily-pause-sleep" },
    open: ["admin", "blogEditor"],
  },
  {
    path: "/staff/press/press-daily-pause-sleep/preview",
    route: "pressPreview",
    params: { id: "press-daily-pause-sleep" },
    open: ["admin", "blogEditor"],
  },
  { path: "/staff/learn", route: "learn", open: ["admin", "blogEditor"] },
  {
    path: "/staff/learn/learn-meditation-basics",
    route: "learnSeries",
    params: { id: "learn-meditation-basics" },
    open: ["admin", "blogEditor"],
  },
  {
    path: "/staff/learn/learn-meditation-basics/preview",
    route: "learnPreview",
    params: { id: "learn-meditation-basics" },
    open: ["admin", "blogEditor"],
  },
];

/** Forms: who may post, and what a permitted post answers (each a real, harmless change or no-op). */
const FORMS: Array<{
  name: string;
  path: string;
  route: keyof typeof routes;
  params?: Record<string, string>;
  open: Persona[];
  allowed: number;
  fields: (p: Persona) => Promise<Record<string, string>>;
}> = [
  {
    name: "cancel a class",
    path: "/staff/classes",
    route: "classes",
    open: ["admin", "facilitator"],
    allowed: 302,
    fields: async () => ({ intent: "cancel", classId: await amarasClass(), confirm: "yes" }),
  },
  {
    name: "name a substitute",
    path: "/staff/classes",
    route: "classes",
    open: ["admin", "facilitator"],
    allowed: 302,
    fields: async () => ({ intent: "substitute", classId: await amarasClass(), teacherId: "teacher-jonah" }),
  },
  {
    name: "check in at the desk",
    path: "/staff/studio",
    route: "studio",
    open: ["admin", "studioStaff"],
    allowed: 400,
    fields: async () => ({ intent: "check-in-code", studio: studioSlug, code: "NOT-A-TICKET" }),
  },
  {
    name: "save roles",
    path: "/staff/people",
    route: "people",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "roles", uid: target }),
  },
  {
    name: "assign front desks",
    path: "/staff/people",
    route: "people",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "studios", uid: target }),
  },
  {
    name: "create a code",
    path: "/staff/codes",
    route: "codes",
    open: ["admin"],
    allowed: 302,
    fields: async (p) => ({
      intent: "create",
      code: `MATRIX-${p.toUpperCase()}-${Date.now() % 100000}`,
      kind: "percent",
      percentOff: "5",
      duration: "once",
      perMember: "once",
    }),
  },
  {
    name: "pause a code",
    path: "/staff/codes",
    route: "codes",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "pause", code: "MATRIX-PAUSED" }),
  },
  {
    name: "write an article",
    path: "/staff/articles",
    route: "articles",
    open: ["admin", "blogEditor"],
    allowed: 302,
    fields: async (p) => ({
      intent: "save",
      title: `Matrix ${p}`,
      titleSlug: `matrix-${p.toLowerCase()}-${Date.now() % 100000}`,
      excerpt: "",
      category: "Sleep",
      authorTeacherId: "teacher-amara",
      heroColor: "#d2a24c",
      bodyHtml: "<p>Hello.</p>",
      publishAt: "",
    }),
  },
  {
    name: "join a class as cohost",
    path: "/staff/cohost",
    route: "cohost",
    open: ["cohost"],
    allowed: 409,
    fields: async () => ({ classId: await amarasClass() }),
  },
  {
    name: "resume a code",
    path: "/staff/codes",
    route: "codes",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "resume", code: "MATRIX-ACTIVE" }),
  },
  {
    name: "add a teacher",
    path: "/staff/teachers",
    route: "teachers",
    open: ["admin"],
    allowed: 302,
    fields: async (p) => ({
      intent: "create",
      firstName: "Matrix",
      lastName: p,
      urlParam: `matrix-${p.toLowerCase()}-${Date.now() % 100000}`,
      hidden: "on",
    }),
  },
  {
    name: "hide a teacher",
    path: "/staff/teachers",
    route: "teachers",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "hide", id: "teacher-ruth" }),
  },
  {
    name: "edit a teacher",
    path: "/staff/teachers/teacher-jonah",
    route: "teacher",
    params: { id: "teacher-jonah" },
    open: ["admin"],
    allowed: 400,
    fields: async () => ({ intent: "profile", firstName: "" }),
  },
  {
    name: "edit my profile",
    path: "/staff/profile",
    route: "profile",
    open: ["facilitator"],
    allowed: 302,
    fields: async () => ({ intent: "profile", bio: "Matrix bio.", instagramUrl: "" }),
  },
  {
    name: "write to a class",
    path: "/staff/classes",
    route: "classes",
    open: ["admin", "facilitator"],
    allowed: 302,
    fields: async () => ({ intent: "note", classId: await amarasClass(), note: "Matrix note." }),
  },
  // Issue 26 (ADR 051): templates and cohosts. Each allowed post is a refusal or a no-op, so the matrix moves no class.
  {
    name: "create a template",
    path: "/staff/templates",
    route: "templates",
    open: ["admin"],
    allowed: 400,
    fields: async () => ({ intent: "create", id: "matrix-template", title: "" }),
  },
  {
    name: "resume a template",
    path: "/staff/templates",
    route: "templates",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "resume", id: "breath" }),
  },
  {
    name: "edit a template",
    path: "/staff/templates/breath",
    route: "template",
    params: { id: "breath" },
    open: ["admin"],
    allowed: 400,
    fields: async () => ({ intent: "save", title: "" }),
  },
  {
    name: "remove a cohost",
    path: "/staff/classes",
    route: "classes",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "remove-cohost", classId: await amarasClass(), uid: "nobody" }),
  },
  {
    name: "price a class pack",
    path: "/staff/catalogue",
    route: "catalogue",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ kind: "pack", id: "ten-classes", price: "80", credits: "10", validDays: "180", onSale: "on" }),
  },
  {
    name: "price a gift",
    path: "/staff/catalogue",
    route: "catalogue",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ kind: "gift", id: "one-month", price: "15", months: "1", onSale: "on" }),
  },
  {
    name: "write the banner",
    path: "/staff/site",
    route: "site",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "banner", text: "Matrix news", linkLabel: "More", href: "/about", active: "on" }),
  },
  {
    name: "toggle a flag",
    path: "/staff/site",
    route: "site",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "flag", flag: "surveys", enabled: "off" }),
  },
  {
    name: "resume a survey",
    path: "/staff/surveys",
    route: "surveys",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "resume", campaignId: "demo-practice-rhythm" }),
  },
  {
    name: "keep the survey weights",
    path: "/staff/surveys",
    route: "surveys",
    open: ["admin"],
    allowed: 302,
    fields: async () => ({ intent: "weights", show: "0", hide: "1" }),
  },
  {
    name: "add a press item",
    path: "/staff/press",
    route: "press",
    open: ["admin", "blogEditor"],
    allowed: 302,
    fields: async (p) => ({
      intent: "save",
      outlet: "Matrix Times",
      title: `Matrix ${p}`,
      url: "https://example.com/matrix",
      publishedAt: "2026-05-01",
      excerpt: "",
    }),
  },
  {
    name: "write a learn series",
    path: "/staff/learn",
    route: "learn",
    open: ["admin", "blogEditor"],
    allowed: 302,
    fields: async (p) => ({
      intent: "save",
      title: `Matrix ${p}`,
      slug: `matrix-${p.toLowerCase()}-${Date.now() % 100000}`,
      summary: "A test.",
      color: "#d2a24c",
      order: "50",
      lessonTitle: "One",
      lessonMinutes: "3",
      lessonSummary: "",
      lessonBody: "<p>Hi.</p>",
    }),
  },
  {
    name: "upload an article cover (no file)",
    path: "/staff/article-cover?article=why-the-long-exhale-calms-you-down",
    route: "cover",
    open: ["admin", "blogEditor"],
    allowed: 302,
    fields: async () => ({ intent: "upload-cover" }),
  },
  {
    name: "schedule a press item",
    path: "/staff/press",
    route: "press",
    open: ["admin", "blogEditor"],
    allowed: 302,
    fields: async (p) => ({
      intent: "schedule",
      outlet: "Matrix Times",
      title: `Matrix later ${p}`,
      url: "https://example.com/matrix",
      publishedAt: "2026-05-01",
      excerpt: "",
      publishAt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16),
    }),
  },
];

const cookies = new Map<Persona, string | null>();
let target = "";
let studioSlug = "";
const made: string[] = [];

async function amarasClass() {
  const id = `matrix-${made.length}-${Date.now()}`;
  made.push(id);
  await getStore().set("classes", id, {
    id,
    title: "Matrix Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity: 5,
    timeZone: "UTC",
  });
  invalidatePrefix("schedule:");
  return id;
}

beforeAll(async () => {
  if (!haveEmulator) return;
  await seedDemoContent(getStore(), new Date());
  const code = {
    planIds: null,
    newMembersOnly: false,
    maxRedemptions: null,
    redemptionCount: 0,
    oncePerPerson: false,
    validFrom: null,
    expiresAt: null,
    stripeCouponId: null,
    stripePromotionCodeId: null,
    benefit: { kind: "percent", percentOff: 5, duration: { kind: "once" } },
  };
  await getStore().set("promotionCodes", "MATRIX-PAUSED", { ...code, code: "MATRIX-PAUSED", active: false });
  await getStore().set("promotionCodes", "MATRIX-ACTIVE", { ...code, code: "MATRIX-ACTIVE", active: true });
  const { docs } = await getStore().query(
    "studios",
    z.object({ id: z.string(), slug: z.string(), staffUids: z.array(z.string()).default([]) }),
  );
  studioSlug = docs[0].data.slug;
  cookies.set("visitor", null);
  for (const persona of PERSONAS.filter((p) => p !== "visitor")) {
    const session = await staffSession(CLAIMS[persona as Exclude<Persona, "visitor">]);
    cookies.set(persona, session.cookie);
    if (persona === "member") target = session.uid;
    if (persona === "studioStaff")
      await getStore().update("studios", docs[0].data.id, { staffUids: [...docs[0].data.staffUids, session.uid] });
  }
  invalidatePrefix("studios");
}, 60_000);

function request(path: string, persona: Persona, fields?: Record<string, string>) {
  const cookie = cookies.get(persona);
  const headers: Record<string, string> = { ...(cookie ? { Cookie: cookie } : {}) };
  if (!fields) return new Request(`${SITE}${path}`, { headers });
  return new Request(`${SITE}${path}`, {
    method: "POST",
    headers: { ...headers, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe.skipIf(!haveEmulator)("the staff permission matrix", () => {
  it("answers every page as the matrix says, for each persona", async () => {
    const seen: string[] = [];
    const wrong: string[] = [];
    for (const page of PAGES) {
      for (const persona of PERSONAS) {
        const answer = await answerOf(async () => routes[page.route].loader(routeArgs(request(page.path, persona), page.params ?? {})));
        const expected = persona === "visitor" ? 302 : page.open.includes(persona) ? 200 : 403;
        seen.push(`${page.path} ${persona} ${answer.status}`);
        if (answer.status !== expected) wrong.push(`${page.path} as ${persona}: ${answer.status}, expected ${expected}`);
        if (persona === "visitor") expect(answer.location).toBe(`/sign-in?next=${encodeURIComponent(page.path)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen).toHaveLength(PAGES.length * PERSONAS.length);
  }, 120_000);

  it("answers every form as the matrix says, and a refused post changes nothing", async () => {
    const wrong: string[] = [];
    for (const form of FORMS) {
      for (const persona of PERSONAS) {
        const fields = await form.fields(persona);
        const answer = await answerOf(async () =>
          (routes[form.route] as { action: (args: RouteArgs) => unknown }).action(
            routeArgs(request(form.path, persona, fields), form.params ?? {}),
          ),
        );
        const expected = persona === "visitor" ? 302 : form.open.includes(persona) ? form.allowed : 403;
        if (answer.status !== expected) wrong.push(`${form.name} as ${persona}: ${answer.status}, expected ${expected}`);
        if (persona === "visitor" && answer.location?.startsWith("/sign-in") !== true)
          wrong.push(`${form.name} as visitor went to ${answer.location}`);
        if (fields.classId && !form.open.includes(persona)) {
          const liveClass = await getClass(fields.classId);
          if (liveClass?.status !== "scheduled" || liveClass.substituteTeacherId !== null)
            wrong.push(`${form.name} as ${persona} changed the class`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const codes = await getStore().query("promotionCodes", z.object({ code: z.string() }));
    const created = codes.docs
      .map((d) => d.data.code)
      .filter((c) => c.startsWith("MATRIX-") && c !== "MATRIX-PAUSED" && c !== "MATRIX-ACTIVE");
    expect(created.map((c) => c.split("-")[1])).toEqual(["ADMIN"]);
    const teachers = await getStore().query("profiles", z.object({ id: z.string() }));
    expect(
      teachers.docs
        .map((d) => d.data.id)
        .filter((id) => id.startsWith("teacher-matrix-"))
        .map((id) => id.split("-")[2]),
    ).toEqual(["admin"]);
  }, 120_000);
});
