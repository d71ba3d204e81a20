import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";
import { answerOf, type RouteArgs, routeArgs, settle } from "../../support/route-call";

/**
 * Issue 26, blogEditor (ADR 053): press items and learn series with real Requests on SQLite: a draft
 * is invisible on the public page and visible in the staff preview; publish shows it at once (the
 * content cache dropped); unpublish takes it down; one audit entry per change with its field diff and
 * none for a save that changes nothing; lesson HTML sanitized; a published series keeps its address;
 * two racing first saves of one address give it to one series.
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const pressList = await import("~/routes/staff.press/route");
const pressEdit = await import("~/routes/staff.press_.$id/route");
const pressPreview = await import("~/routes/staff.press_.$id_.preview/route");
const learnList = await import("~/routes/staff.learn/route");
const learnEdit = await import("~/routes/staff.learn_.$id/route");
const learnPreview = await import("~/routes/staff.learn_.$id_.preview/route");
const pressPage = await import("~/routes/press/route");
const learnIndex = await import("~/routes/learn._index/route");
const learnSeriesPage = await import("~/routes/learn.$seriesSlug/route");
const { getSeriesForStaff, getPressForStaff, publishDueEditorial } = await import("../../../app/models/staff/editorial.server");

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const SITE = "http://localhost:3000";
const publicLoad = (route: { loader: (args: RouteArgs) => unknown }, path: string, params: Record<string, string> = {}) =>
  answerOf(async () => route.loader(routeArgs(new Request(`${SITE}${path}`), params)));
const post = (
  route: { action: (args: RouteArgs) => unknown },
  path: string,
  id: string,
  cookie: string,
  fields: Array<[string, string]> | Record<string, string>,
) =>
  answerOf(async () =>
    route.action(
      routeArgs(
        new Request(`${SITE}${path}`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString(),
        }),
        { id },
      ),
    ),
  );
const idFrom = (location: string | null, area: string) => new RegExp(`/staff/${area}/([^?]+)`).exec(location ?? "")![1];
const pressTitles = async () =>
  ((await publicLoad(pressPage, "/press")).data as { articles: Array<{ title: string }> }).articles.map((a) => a.title);
const learnSlugs = async () =>
  ((await publicLoad(learnIndex, "/learn")).data as { series: Array<{ slug: string }> }).series.map((s) => s.slug);

const press = (fields: Record<string, string> = {}) => ({
  intent: "save",
  outlet: "The Evening Almanac",
  title: `Sitting still in a loud city ${Date.now()}`,
  url: "https://example.com/almanac/still",
  publishedAt: "2026-11-02",
  excerpt: "A visit to a lunchtime class.",
  ...fields,
});
const series = (slug: string, intent = "save", extra: Array<[string, string]> = []): Array<[string, string]> => [
  ["intent", intent],
  ["title", "Walking slowly"],
  ["slug", slug],
  ["summary", "Three lessons on walking as practice."],
  ["color", "#3f8f83"],
  ["order", "40"],
  ["lessonTitle", "The first step"],
  ["lessonMinutes", "4"],
  ["lessonSummary", "Feel the ground."],
  ["lessonBody", `<p>Lift, move, place.</p><script>alert(1)</script><img src=x onerror=alert(1)>`],
  ["lessonTitle", ""],
  ["lessonMinutes", ""],
  ["lessonSummary", ""],
  ["lessonBody", ""],
  ...extra,
];

describe.skipIf(!haveEmulator)("the blog editor's press items and learn series", () => {
  it("takes a press item from draft through preview and publish to unpublished, one audit entry each", async () => {
    const editor = await staffSession({ blogEditor: true });
    const fields = press();
    const refused = await staffPost(pressList, "/staff/press", editor.cookie, {
      ...fields,
      url: "javascript:alert(1)",
      publishedAt: "soon",
    });
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors).toMatchObject({
      url: expect.stringMatching(/https/),
      publishedAt: expect.stringMatching(/day it ran/),
    });

    const created = await staffPost(pressList, "/staff/press", editor.cookie, fields);
    expect(created.status).toBe(302);
    const id = idFrom(created.location, "press");
    expect(await pressTitles()).not.toContain(fields.title);
    expect((await staffGet(pressPreview, `/staff/press/${id}/preview`, editor.cookie, { id })).data).toMatchObject({
      item: { title: fields.title },
    });

    const same = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, fields);
    expect(same.location).toBe(`/staff/press/${id}?done=unchanged`);
    await pressTitles(); // warm the cache: publishing must drop it
    expect((await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "publish" })).location).toBe(
      `/staff/press/${id}?done=publish`,
    );
    expect(await pressTitles()).toContain(fields.title);
    // Issue 34: the first "Unpublish" only asks; a forged post without `confirm` changes nothing.
    const asked = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "unpublish", excerpt: "Changed." });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({
      confirmation: { heading: `Take “${fields.title}” off the press page?`, keepLabel: "Keep it published" },
    });
    expect(await pressTitles()).toContain(fields.title);
    const notAgain = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, {
      ...fields,
      intent: "unpublish",
      excerpt: "Changed.",
      confirm: "yes",
    });
    expect(notAgain.location).toBe(`/staff/press/${id}?done=unpublish`);
    expect(await pressTitles()).not.toContain(fields.title);
    const twice = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "unpublish", confirm: "yes" });
    expect(twice.status).toBe(409);

    const entries = await auditEntriesFor(id);
    expect(entries.map((e) => e.action)).toEqual(["created the press item", "published the press item", "unpublished the press item"]);
    expect(entries.every((e) => e.area === "press" && e.actorRole === "blogEditor")).toBe(true);
    expect(entries[2].changes).toEqual([
      { field: "excerpt", before: JSON.stringify(fields.excerpt), after: JSON.stringify("Changed.") },
      { field: "published", before: "true", after: "false" },
      { field: "state", before: JSON.stringify("published"), after: JSON.stringify("unpublished") },
    ]);
    expect((await staffGet(pressEdit, "/staff/press/no-such-item", editor.cookie, { id: "no-such-item" })).status).toBe(404);
  }, 60_000);

  it("takes a learn series through draft, preview and publish, sanitizes lessons, and keeps a published address", async () => {
    const editor = await staffSession({ blogEditor: true });
    const slug = `walking-${Date.now()}`;
    const created = await staffPost(learnList, "/staff/learn", editor.cookie, series(slug));
    expect(created.status).toBe(302);
    const id = idFrom(created.location, "learn");
    const stored = await getSeriesForStaff(id);
    expect(stored).toMatchObject({ state: "draft", published: false, slug, lessons: [{ slug: "the-first-step", durationMinutes: 4 }] });
    expect(stored!.lessons[0].bodyHtml).toBe("<p>Lift, move, place.</p>");
    expect(await learnSlugs()).not.toContain(slug);
    expect((await publicLoad(learnSeriesPage, `/learn/${slug}`, { seriesSlug: slug })).status).toBe(404);
    expect((await staffGet(learnPreview, `/staff/learn/${id}/preview`, editor.cookie, { id })).data).toMatchObject({
      series: { slug, lessons: [{ title: "The first step" }] },
    });

    const published = await post(learnEdit, `/staff/learn/${id}`, id, editor.cookie, series(slug, "publish"));
    expect(published.location).toBe(`/staff/learn/${id}?done=publish`);
    expect(await learnSlugs()).toContain(slug);
    expect((await publicLoad(learnSeriesPage, `/learn/${slug}`, { seriesSlug: slug })).status).toBe(200);

    const moved = await post(learnEdit, `/staff/learn/${id}`, id, editor.cookie, series(`${slug}-new`));
    expect(moved.status).toBe(409);
    expect((moved.data as { errors: Record<string, string> }).errors.slug).toMatch(/its address stays/);

    const removed = await post(learnEdit, `/staff/learn/${id}`, id, editor.cookie, series(slug, "save", [["lessonRemove", "0"]]));
    expect(removed.status).toBe(400);
    expect((removed.data as { errors: Record<string, string> }).errors.lessons).toBe("Please write at least one lesson.");

    const entries = await auditEntriesFor(id);
    expect(entries.map((e) => e.action)).toEqual(["created the series", "published the series"]);
    expect(entries[1].changes.map((c) => c.field)).toEqual(["firstPublishedAt", "published", "state"]);
  }, 60_000);

  it("schedules a press item and a series: not public until the job runs after their time, then published once each", async () => {
    const editor = await staffSession({ blogEditor: true });
    const inAMinute = new Date(Date.now() + 60_000).toISOString().slice(0, 16);
    const past = new Date(Date.now() - 60_000).toISOString().slice(0, 16);
    const fields = press();
    const id = idFrom((await staffPost(pressList, "/staff/press", editor.cookie, fields)).location, "press");

    // A time gone by (or none) is refused beside the field, the typed values kept.
    const refused = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "schedule", publishAt: past });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { publishAt: "Please choose a time that is still ahead." },
      values: { publishAt: past, title: fields.title },
    });
    const none = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "schedule", publishAt: "" });
    expect((none.data as { errors: Record<string, string> }).errors.publishAt).toMatch(/day and time to publish/);

    expect(
      (await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "schedule", publishAt: inAMinute })).location,
    ).toBe(`/staff/press/${id}?done=schedule`);
    expect(await getPressForStaff(id)).toMatchObject({
      state: "scheduled",
      published: false,
      publishAt: `${inAMinute}:00.000Z`,
      scheduledBy: { role: "blogEditor" },
    });
    // A plain save keeps the schedule.
    expect(
      (await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, excerpt: "Edited while scheduled." })).location,
    ).toBe(`/staff/press/${id}?done=save`);
    expect(await getPressForStaff(id)).toMatchObject({ state: "scheduled", publishAt: `${inAMinute}:00.000Z` });

    const slug = `scheduled-walk-${Date.now()}`;
    const seriesId = idFrom((await staffPost(learnList, "/staff/learn", editor.cookie, series(slug))).location, "learn");
    expect(
      (await post(learnEdit, `/staff/learn/${seriesId}`, seriesId, editor.cookie, series(slug, "schedule", [["publishAt", inAMinute]])))
        .location,
    ).toBe(`/staff/learn/${seriesId}?done=schedule`);

    await pressTitles(); // warm the caches: the job must drop them
    await learnSlugs();
    expect(await publishDueEditorial(new Date())).toBe(0);
    expect(await pressTitles()).not.toContain(fields.title);
    expect(await learnSlugs()).not.toContain(slug);
    expect((await publicLoad(learnSeriesPage, `/learn/${slug}`, { seriesSlug: slug })).status).toBe(404);

    const later = new Date(Date.now() + 120_000);
    const runs = await Promise.all([publishDueEditorial(later), publishDueEditorial(later)]);
    expect(runs[0] + runs[1]).toBe(2);
    expect(await pressTitles()).toContain(fields.title);
    expect(await learnSlugs()).toContain(slug);
    expect(await getSeriesForStaff(seriesId)).toMatchObject({
      state: "published",
      published: true,
      publishAt: null,
      scheduledBy: null,
      firstPublishedAt: `${inAMinute}:00.000Z`,
    });

    const pressEntries = await auditEntriesFor(id);
    expect(pressEntries.map((e) => e.action)).toEqual([
      "created the press item",
      "scheduled the press item",
      "edited the press item",
      "published the press item at its scheduled time",
    ]);
    expect(pressEntries[3]).toMatchObject({ actorRole: "blogEditor", actorUid: editor.uid });
    expect(pressEntries[3].changes.map((c) => c.field)).toEqual([
      "publishAt",
      "published",
      "scheduledBy.name",
      "scheduledBy.role",
      "scheduledBy.uid",
      "state",
    ]);
    expect((await auditEntriesFor(seriesId)).map((e) => e.action)).toEqual([
      "created the series",
      "scheduled the series",
      "published the series at its scheduled time",
    ]);
  }, 60_000);

  it("unschedules a scheduled press item back to draft, and refuses to schedule a published one", async () => {
    const editor = await staffSession({ blogEditor: true });
    const fields = press({ publishAt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16) });
    const id = idFrom((await staffPost(pressList, "/staff/press", editor.cookie, { ...fields, intent: "schedule" })).location, "press");
    expect(await getPressForStaff(id)).toMatchObject({ state: "scheduled" });
    expect((await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "unpublish" })).location).toBe(
      `/staff/press/${id}?done=unschedule`,
    );
    expect(await getPressForStaff(id)).toMatchObject({ state: "draft", published: false, publishAt: null, scheduledBy: null });
    expect(await publishDueEditorial(new Date(Date.now() + 7_200_000))).toBe(0);
    expect(await pressTitles()).not.toContain(fields.title);

    await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "publish" });
    const again = await post(pressEdit, `/staff/press/${id}`, id, editor.cookie, { ...fields, intent: "schedule" });
    expect(again.status).toBe(409);
    expect((again.data as { errors: Record<string, string> }).errors.form).toMatch(/already published/);
    expect((await auditEntriesFor(id)).map((e) => e.action)).toEqual([
      "created the press item",
      "unscheduled the press item",
      "published the press item",
    ]);
  }, 60_000);

  it("gives one address to one series when two first saves race", async () => {
    const editor = await staffSession({ blogEditor: true });
    const slug = `race-${Date.now()}`;
    const answers = await Promise.all([
      staffPost(learnList, "/staff/learn", editor.cookie, series(slug)),
      staffPost(learnList, "/staff/learn", editor.cookie, series(slug)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    const { docs } = await getStore().query(
      "learningPages",
      (await import("zod")).z.object({ slug: (await import("zod")).z.string() }).passthrough(),
      { where: [{ field: "slug", op: "==", value: slug }] },
    );
    expect(docs).toHaveLength(1);
  }, 60_000);
});

describe.skipIf(!haveEmulator)("an article's cover picture", () => {
  it("goes through the photo pipeline, shows on the public page, is recorded once, and can be removed", async () => {
    const sharp = (await import("sharp")).default;
    const coverRoute = await import("~/routes/staff.article-cover/route");
    const articleRoute = await import("~/routes/blog.$titleSlug/route");
    const imageRoute = await import("~/routes/images.members.$file/route");
    const { getArticleForStaff } = await import("../../../app/models/staff/articles.server");
    const editor = await staffSession({ blogEditor: true });
    const id = "why-the-long-exhale-calms-you-down";
    const postCover = (parts: Array<[string, string | File]>) => {
      const form = new FormData();
      for (const [name, value] of parts) form.append(name, value);
      return answerOf(async () =>
        coverRoute.action(
          routeArgs(
            new Request(`${SITE}/staff/article-cover?article=${id}`, {
              method: "POST",
              headers: { Cookie: editor.cookie, Origin: SITE },
              body: form,
            }),
          ),
        ),
      );
    };
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 60, g: 120, b: 140 } } })
      .png()
      .withMetadata({ exif: { IFD0: { Artist: "somebody" } } })
      .toBuffer();

    const notAPicture = await postCover([
      ["intent", "upload-cover"],
      ["photo", new File(["<script>alert(1)</script>"], "x.png", { type: "image/png" })],
    ]);
    expect(notAPicture.location).toBe(`/staff/articles/${id}?cover_error=photo_unsupported`);

    const uploaded = await postCover([
      ["intent", "upload-cover"],
      ["photo", new File([new Uint8Array(png)], "cover.png", { type: "image/png" })],
    ]);
    expect(uploaded.location).toBe(`/staff/articles/${id}?done=cover`);
    const coverUrl = (await getArticleForStaff(id))!.coverUrl!;
    expect(coverUrl).toMatch(/^\/images\/members\/[0-9a-f]{32}\.webp$/);
    const file = coverUrl.split("/").pop()!;
    const image = (await imageRoute.loader(routeArgs(new Request(`${SITE}${coverUrl}`), { file }))) as Response;
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 1140, 480, undefined]);
    const page = await publicLoad(articleRoute, `/blog/${id}`, { titleSlug: id });
    expect((page.data as { article: { coverUrl: string } }).article.coverUrl).toBe(coverUrl);

    const removed = await postCover([
      ["intent", "remove-cover"],
      ["photo", new File([], "")],
    ]);
    expect(removed.location).toBe(`/staff/articles/${id}?done=cover-removed`);
    expect((await getArticleForStaff(id))!.coverUrl).toBeNull();
    expect(((await settle(imageRoute.loader(routeArgs(new Request(`${SITE}${coverUrl}`), { file })))) as Response).status).toBe(404);
    const again = await postCover([
      ["intent", "remove-cover"],
      ["photo", new File([], "")],
    ]);
    expect(again.location).toBe(`/staff/articles/${id}?done=unchanged`);

    const entries = (await auditEntriesFor(id)).filter((e) => e.action.includes("cover"));
    expect(entries.map((e) => e.action)).toEqual(["changed the article's cover", "removed the article's cover"]);
    expect(entries[1].changes).toEqual([{ field: "coverUrl", before: JSON.stringify(coverUrl), after: "null" }]);
  }, 60_000);
});
