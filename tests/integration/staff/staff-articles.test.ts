import { beforeAll, describe, expect, it } from "vitest";
import { getStore } from "../../support/payments";
import { haveEmulator } from "../../support/auth-emulator";
import { auditEntriesFor, staffGet, staffPost, staffSession } from "../../support/staff-session";
import { answerOf, routeArgs } from "../../support/route-call";

/**
 * Issue 26, blogEditor: articles from the staff page with real Requests on SQLite: draft, preview,
 * scheduled, published (by two racing job runs, once), unpublished; a renamed published article's old
 * address answers 301; one audit entry per change and none for a save that changes nothing; stored
 * HTML sanitized; the guard (blogEditor and admin yes, other roles 403, a visitor to sign in).
 */

const { seedDemoContent } = await import("../../../app/demo/seed.server");
const listRoute = await import("~/routes/staff.articles/route");
const editRoute = await import("~/routes/staff.articles_.$id/route");
const previewRoute = await import("~/routes/staff.articles_.$id_.preview/route");
const blogRoute = await import("~/routes/blog._index/route");
const articleRoute = await import("~/routes/blog.$titleSlug/route");
const { publishDueArticles, getArticleForStaff } = await import("../../../app/models/staff/articles.server");

beforeAll(async () => {
  await seedDemoContent(getStore(), new Date());
});

const form = (fields: Record<string, string>) => ({
  intent: "save",
  title: "Breathing at your desk",
  titleSlug: "",
  excerpt: "A small practice.",
  category: "Breathwork",
  authorTeacherId: "teacher-amara",
  heroColor: "#4f6d8f",
  bodyHtml: "<p>Breathe in.</p>",
  publishAt: "",
  ...fields,
});
const publicArticle = (slug: string) =>
  answerOf(async () => articleRoute.loader(routeArgs(new Request(`http://localhost:3000/blog/${slug}`), { titleSlug: slug })));
const blogSlugs = async () =>
  (
    (await answerOf(async () => blogRoute.loader(routeArgs(new Request("http://localhost:3000/blog"))))).data as {
      articles: Array<{ titleSlug: string }>;
    }
  ).articles.map((a) => a.titleSlug);
const SITE = "http://localhost:3000";
/** The edit page's form, posted as a browser without JavaScript posts it, with the route's id. */
const postEdit = (id: string, cookie: string, fields: Record<string, string> | Array<[string, string]>) =>
  answerOf(async () =>
    editRoute.action(
      routeArgs(
        new Request(`${SITE}/staff/articles/${id}`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(fields).toString(),
        }),
        { id },
      ),
    ),
  );
const idFrom = (location: string | null) => /\/staff\/articles\/([^?]+)/.exec(location ?? "")![1];

describe.skipIf(!haveEmulator)("the blog editor's articles", () => {
  it("takes a draft through preview, schedule, one publish by two racing runs, rename with a 301, and unpublish, one audit entry each", async () => {
    const editor = await staffSession({ blogEditor: true });
    const slug = `desk-${Date.now()}`;
    const xss = `<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`;
    const created = await staffPost(listRoute, "/staff/articles", editor.cookie, form({ titleSlug: slug, bodyHtml: xss }));
    expect(created.status).toBe(302);
    const id = idFrom(created.location);
    const stored = await getArticleForStaff(id);
    expect(stored).toMatchObject({ state: "draft", published: false, titleSlug: slug });
    expect(stored!.bodyHtml).not.toMatch(/script|onerror|javascript|<img/i);
    expect((await publicArticle(slug)).status).toBe(404);
    const preview = await staffGet(previewRoute, `/staff/articles/${id}/preview`, editor.cookie, { id });
    expect(preview.data).toMatchObject({ article: { titleSlug: slug, title: "Breathing at your desk", authorName: expect.any(String) } });

    // A save that changes nothing records nothing.
    const same = await postEdit(id, editor.cookie, form({ titleSlug: slug, bodyHtml: stored!.bodyHtml }));
    expect(same.location).toBe(`/staff/articles/${id}?done=unchanged`);
    expect((await auditEntriesFor(id)).map((e) => e.action)).toEqual(["created the article"]);

    const inAMinute = new Date(Date.now() + 60_000).toISOString().slice(0, 16);
    const past = new Date(Date.now() - 60_000).toISOString().slice(0, 16);
    const refused = await postEdit(id, editor.cookie, form({ intent: "schedule", titleSlug: slug, publishAt: past }));
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors.publishAt).toBe("Please choose a time that is still ahead.");
    const scheduled = await postEdit(
      id,
      editor.cookie,
      form({ intent: "schedule", titleSlug: slug, publishAt: inAMinute, bodyHtml: stored!.bodyHtml }),
    );
    expect(scheduled.location).toBe(`/staff/articles/${id}?done=schedule`);
    expect(await publishDueArticles(new Date())).toBe(0);

    const later = new Date(Date.now() + 120_000);
    const runs = await Promise.all([publishDueArticles(later), publishDueArticles(later)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await publicArticle(slug)).status).toBe(200);
    expect(await blogSlugs()).toContain(slug);

    const renamed = `${slug}-renamed`;
    await postEdit(id, editor.cookie, form({ titleSlug: renamed, bodyHtml: stored!.bodyHtml }));
    const old = await publicArticle(slug);
    expect(old).toMatchObject({ status: 301, location: `/blog/${renamed}` });
    expect((await publicArticle(renamed)).status).toBe(200);

    // Issue 34: "Unpublish" asks once more; the first post changes nothing and carries the form along.
    const unpublish = form({ intent: "unpublish", titleSlug: renamed, bodyHtml: stored!.bodyHtml });
    const asked = await postEdit(id, editor.cookie, unpublish);
    expect(asked.status).toBe(200);
    const confirmation = (asked.data as { confirmation: { heading: string; confirmLabel: string; fields: Array<[string, string]> } })
      .confirmation;
    expect(confirmation).toMatchObject({
      heading: expect.stringMatching(/^Take “.+” down from the blog\?$/),
      confirmLabel: "Yes, take it down",
    });
    expect(Object.fromEntries(confirmation.fields)).toMatchObject({ intent: "unpublish", titleSlug: renamed });
    expect((await publicArticle(renamed)).status).toBe(200);
    const down = await postEdit(id, editor.cookie, [...confirmation.fields, ["confirm", "yes"]]);
    expect(down.location).toBe(`/staff/articles/${id}?done=unpublish`);
    expect((await publicArticle(renamed)).status).toBe(404);
    expect(await blogSlugs()).not.toContain(renamed);

    const entries = await auditEntriesFor(id);
    expect(entries.map((e) => e.action)).toEqual([
      "created the article",
      "scheduled the article",
      "published the article at its scheduled time",
      "edited the article",
      "unpublished the article",
    ]);
    expect(entries.every((e) => e.area === "articles")).toBe(true);
    expect(entries[3].changes).toEqual([{ field: "titleSlug", before: JSON.stringify(slug), after: JSON.stringify(renamed) }]);
  }, 60_000);

  it("refuses an address another article has, beside the field", async () => {
    const admin = await staffSession({ admin: true });
    const taken = await staffPost(listRoute, "/staff/articles", admin.cookie, form({ titleSlug: "why-the-long-exhale-calms-you-down" }));
    expect(taken.status).toBe(409);
    expect((taken.data as { errors: Record<string, string>; values: Record<string, string> }).errors.titleSlug).toMatch(/Another article/);
  });

  it("lets blog editors and admins in, refuses other roles with 403 and sends visitors to sign in", async () => {
    for (const [claims, expected] of [
      [{ blogEditor: true }, 200],
      [{ admin: true }, 200],
      [{ cohost: true }, 403],
      [{ facilitator: true }, 403],
      [{}, 403],
    ] as const) {
      const who = await staffSession(claims);
      expect((await staffGet(listRoute, "/staff/articles", who.cookie)).status).toBe(expected);
    }
    expect(await staffGet(listRoute, "/staff/articles", null)).toMatchObject({
      status: 302,
      location: "/sign-in?next=%2Fstaff%2Farticles",
    });
  }, 60_000);
});
