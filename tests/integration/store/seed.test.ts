import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ArticleSchema } from "../../../app/models/content/content";
import { LiveClassSchema } from "../../../app/models/classes/live-class";
import { LANDER_SLUGS, LandingPageSchema, PARTNER_SLUGS, landingPageId } from "../../../app/models/content/landing-page";
import { TeacherPageSchema, TeacherProfileSchema, joinTeachers } from "../../../app/models/content/teacher";
import { demoLandingPages } from "../../../app/demo/landing-pages";
import { demoArticles, upcomingClasses } from "../../../app/demo/site-content";
import { LISTED_TEACHER_IDS } from "../../../app/demo/teachers";
import { seedDemoContent } from "../../../app/demo/seed.server";
import { createSqliteStore } from "../../../app/services/store/sqlite.server";
import type { DocumentStore } from "../../../app/services/store/port.server";

const NOW = new Date("2026-11-23T06:00:00.000Z");
const ALL_SLUGS = [...LANDER_SLUGS, ...PARTNER_SLUGS];

describe("seedDemoContent", () => {
  let store: DocumentStore;

  beforeEach(() => {
    store = createSqliteStore(":memory:");
  });
  afterEach(async () => {
    await store.close();
  });

  it("creates every document, then nothing on a second run", async () => {
    const first = await seedDemoContent(store, NOW);
    expect(first.existing).toBe(0);
    expect(first.created).toBeGreaterThan(100);

    const second = await seedDemoContent(store, NOW);
    expect(second).toEqual({ created: 0, existing: first.created });
  });

  it("never overwrites a document edited after seeding", async () => {
    await seedDemoContent(store, NOW);
    const page = await store.get("landingPages", "sleep", LandingPageSchema);
    await store.set("landingPages", "sleep", { ...page!, headline: "Edited by staff" });
    await seedDemoContent(store, NOW);
    const after = await store.get("landingPages", "sleep", LandingPageSchema);
    expect(after?.headline).toBe("Edited by staff");
  });

  it("stores all 33 landing pages at their ids, each valid", async () => {
    await seedDemoContent(store, NOW);
    expect(ALL_SLUGS).toHaveLength(33);
    for (const slug of ALL_SLUGS) {
      const page = await store.get("landingPages", landingPageId(slug), LandingPageSchema);
      expect(page, slug).not.toBeNull();
      expect(page!.slug).toBe(slug);
      expect(page!.kind).toBe((PARTNER_SLUGS as readonly string[]).includes(slug) ? "partner" : "lander");
    }
    const flyfi = await store.get("landingPages", "jetblue__flyfi", LandingPageSchema);
    expect(flyfi?.partnerName).toBe("JetBlue Fly-Fi");
    const { docs } = await store.query("landingPages", LandingPageSchema);
    expect(docs).toHaveLength(33);
  });

  it("seeds teachers: one hidden, one inactive, the rest listed", async () => {
    await seedDemoContent(store, NOW);
    const profiles = (await store.query("profiles", TeacherProfileSchema)).docs.map((d) => d.data);
    const pages = (await store.query("teacherPages", TeacherPageSchema)).docs.map((d) => d.data);
    expect(profiles.length).toBeGreaterThanOrEqual(8);
    expect(pages).toHaveLength(profiles.length);
    expect(pages.filter((p) => p.hidden)).toHaveLength(1);
    expect(profiles.filter((p) => !p.isActiveFacilitator)).toHaveLength(1);
    const hiddenId = pages.find((p) => p.hidden)!.id;
    const inactiveId = profiles.find((p) => !p.isActiveFacilitator)!.id;
    expect(hiddenId).not.toBe(inactiveId);

    const listed = joinTeachers(pages, profiles);
    expect(listed).toHaveLength(profiles.length - 2);
    expect(listed.map((t) => t.id).sort()).toEqual([...LISTED_TEACHER_IDS].sort());
    for (const page of pages) expect(page.urlParam).toMatch(/^[a-z0-9-]+$/);
  });

  it("refers only to listed teachers from pages, articles and classes", async () => {
    const listed = new Set(LISTED_TEACHER_IDS);
    for (const page of demoLandingPages) {
      expect(page.teacherIds.length, page.slug).toBeGreaterThanOrEqual(2);
      for (const id of page.teacherIds) expect(listed.has(id), `${page.slug}: ${id}`).toBe(true);
    }
    for (const article of demoArticles) expect(listed.has(article.authorTeacherId!)).toBe(true);
    for (const c of upcomingClasses(NOW)) expect(listed.has(c.teacherId)).toBe(true);
  });

  it("gives all 33 pages distinct headlines, bodies and offers", () => {
    expect(demoLandingPages).toHaveLength(33);
    const distinct = (values: string[]) => new Set(values).size;
    expect(distinct(demoLandingPages.map((p) => p.headline))).toBe(33);
    expect(distinct(demoLandingPages.map((p) => p.body.join("\n")))).toBe(33);
    expect(distinct(demoLandingPages.map((p) => p.offer.title))).toBe(33);
    expect(distinct(demoLandingPages.map((p) => p.offer.description))).toBe(33);
    for (const page of demoLandingPages) {
      expect(page.steps).toHaveLength(3);
      expect(page.testimonials).toHaveLength(2);
      expect(page.faq).toHaveLength(3);
      expect(page.cta.href).toBe("/subscribe");
      if (page.kind === "partner") expect(page.offer.promotionCode).toMatch(/^[A-Z0-9-]+$/);
    }
  });

  it("seeds blog articles and content collections", async () => {
    await seedDemoContent(store, NOW);
    const articles = (await store.query("articles", ArticleSchema)).docs.map((d) => d.data);
    expect(articles.length).toBeGreaterThanOrEqual(9);
    expect(new Set(articles.map((a) => a.category)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(articles.map((a) => a.publishedAt)).size).toBe(articles.length);
    for (const a of articles) {
      expect(a.bodyHtml).toContain("<h2>");
      expect(a.bodyHtml).toContain("<blockquote>");
      expect(a.bodyHtml).toContain("<li>");
      expect(a.bodyHtml).toMatch(/<a href="\/[^"]*">/);
    }
    for (const [collection, min] of [
      ["faqEntries", 12],
      ["pressArticles", 5],
      ["jobOpenings", 4],
      ["quotes", 5],
      ["learningPages", 3],
      ["promotionCodes", 30],
    ] as const) {
      const { docs } = await store.query(collection, (await import("zod")).z.any());
      expect(docs.length, collection).toBeGreaterThanOrEqual(min);
    }
  });

  it("schedules about two classes a day for the next three weeks, from templates in their own zones", async () => {
    await seedDemoContent(store, NOW);
    const all = (await store.query("classes", LiveClassSchema, { orderBy: [{ field: "startsAt" }] })).docs;
    // Online classes; the studios' in-person classes (issue 12) have a studio and a room.
    const classes = all.filter((c) => c.data.studioId === null);
    const inPerson = all.filter((c) => c.data.studioId !== null);
    expect(new Set(inPerson.map((c) => c.data.studioId))).toEqual(new Set(["lantern-yard", "wren-canal"]));
    expect(inPerson.every((c) => c.data.roomId)).toBe(true);
    expect(classes.length).toBeGreaterThanOrEqual(40);
    expect(classes.length).toBeLessThanOrEqual(48);
    for (const { id, data } of classes) {
      expect(id).toMatch(/^[a-z]+-\d{4}-\d{2}-\d{2}$/);
      expect(data.slug).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}$/);
      const t = Date.parse(data.startsAt);
      expect(t).toBeGreaterThan(NOW.getTime());
      expect(t).toBeLessThanOrEqual(NOW.getTime() + 21 * 86_400_000);
    }
    // Twelve online templates and four in-person ones at the two studios.
    expect((await store.query("classTemplates", (await import("zod")).z.any())).docs.length).toBe(16);
    expect(upcomingClasses(NOW).map((c) => c.id)).toEqual(upcomingClasses(NOW).map((c) => c.id));
    expect(new Set(classes.map((c) => c.data.modality))).toEqual(new Set(["meditation", "mindfulness", "breathwork"]));
  });
});
