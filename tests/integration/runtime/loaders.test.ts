import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { routeArgs, settle, thrownResponse } from "../../support/route-call";

// Each test file gets its own in-memory SQLite store, seeded with the demo content.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const { seedDemoContent } = await import("../../../app/demo/seed.server");
const { invalidate } = await import("../../../app/lib/cache.server");
const root = await import("~/root");
const teachersIndex = await import("~/routes/teachers._index/route");
const teacherPage = await import("~/routes/teachers.$teacherSlug/route");
const lander = await import("~/routes/_lander/route");
const partner = await import("~/routes/_partner/route");
const token = await import("~/routes/$token/route");
const splat = await import("~/routes/$/route");
const portraits = await import("~/routes/images.teachers.$file/route");
const args = (path: string, params: Record<string, string> = {}, init?: RequestInit) =>
  routeArgs(new Request(`http://localhost:3000${path}`, init), params);

beforeAll(async () => {
  await seedDemoContent(getStore());
});

afterAll(() => invalidate());

describe("root loader", () => {
  it("gives a new visitor the __session cookie and their variants", async () => {
    const result = (await root.loader(args("/"))) as unknown as { data: { variants: Record<string, string> }; init: ResponseInit };
    const headers = new Headers(result.init?.headers);
    expect(headers.get("Set-Cookie")).toMatch(/^__session=/);
    expect(result.data.variants.nsr25HeroExperiment).toBe("copy");
    expect(result.data.variants.choosePlanTimelineTest).toBe("program-covers");
  });
});

describe("teachers", () => {
  it("lists only visible pages joined to active profiles", async () => {
    const { teachers } = await teachersIndex.loader();
    const names = teachers.map((t: { fullName?: string; firstName?: string }) => t.fullName ?? t.firstName);
    expect(teachers.length).toBeGreaterThanOrEqual(8);
    expect(names.join(" ")).not.toMatch(/Wren Calloway/);
    expect(names.join(" ")).not.toMatch(/Ruth Abernethy/);
  });

  it("shows one teacher and answers 404 for unknown, hidden and inactive slugs", async () => {
    const { teachers } = await teachersIndex.loader();
    const slug = (teachers[0] as { urlParam: string }).urlParam;
    const data = await teacherPage.loader(args(`/teachers/${slug}`, { teacherSlug: slug }));
    expect(data.teacher.urlParam).toBe(slug);
    for (const bad of ["nobody", "wren-calloway", "ruth-abernethy", "../etc", "a".repeat(500)]) {
      expect((await thrownResponse(() => teacherPage.loader(args(`/teachers/x`, { teacherSlug: bad })))).status).toBe(404);
    }
  });

  it("costs the store a handful of reads for a burst of views", async () => {
    invalidate();
    const before = getStore().readCount();
    await Promise.all(Array.from({ length: 200 }, () => teachersIndex.loader()));
    const reads = getStore().readCount() - before;
    // Two cached lists (teacherPages, profiles): one load each, however many concurrent views.
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(30);
  });
});

describe("landers and partner pages", () => {
  it("loads a lander and a partner page from the store by path", async () => {
    const oura = await lander.loader(args("/oura"));
    expect(oura.page.slug).toBe("oura");
    const flyfi = await lander.loader(args("/jetblue/flyfi"));
    expect(flyfi.page.slug).toBe("jetblue/flyfi");
    const canopy = await partner.loader(args("/canopy"));
    expect(canopy.page.kind).toBe("partner");
    expect(canopy.page.offer.promotionCode).toMatch(/^[A-Z0-9-]+$/);
  });

  it("answers 404 when the page is missing from the store", async () => {
    expect((await thrownResponse(() => lander.loader(args("/not-a-lander")))).status).toBe(404);
  });
});

describe("short links and unknown paths", () => {
  it("answers 404 for an unknown token and for anything the splat catches", async () => {
    expect((await thrownResponse(() => token.loader(args("/zz-unknown", { token: "zz-unknown" })))).status).toBe(404);
    expect((await thrownResponse(() => token.loader(args("/%3Cscript%3E", { token: "<script>" })))).status).toBe(404);
    expect((await thrownResponse(() => splat.loader())).status).toBe(404);
  });

  it("redirects a live short link to its same-site target, and ignores an expired one", async () => {
    await getStore().set("shortLinks", "gift-abc123", { token: "gift-abc123", kind: "gift", target: "/teachers", expiresAt: null });
    await getStore().set("shortLinks", "old-abc123", { token: "old-abc123", kind: "gift", target: "/teachers", expiresAt: 1 });
    await getStore().set("shortLinks", "evil-abc123", { token: "evil-abc123", kind: "gift", target: "//evil.example", expiresAt: null });
    const redirect = await settle(token.loader(args("/gift-abc123", { token: "gift-abc123" })));
    expect((redirect as Response).status).toBe(302);
    expect((redirect as Response).headers.get("Location")).toBe("/teachers");
    expect((await thrownResponse(() => token.loader(args("/old-abc123", { token: "old-abc123" })))).status).toBe(404);
    // A stored target that leaves the site fails its schema, is logged, and is treated as missing.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await thrownResponse(() => token.loader(args("/evil-abc123", { token: "evil-abc123" })))).status).toBe(404);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("evil-abc123"));
    warn.mockRestore();
  });
});

describe("generated portraits", () => {
  it("serves a listed teacher's portrait and palette, and 404s for anyone else", async () => {
    const svg = await portraits.loader(args("/images/teachers/amara_breathes.svg", { file: "amara_breathes.svg" }));
    expect(svg.headers.get("Content-Type")).toMatch(/image\/svg\+xml/);
    // An illustrated head and shoulders (design brief), titled with the teacher's name; no initials.
    expect(await svg.text()).toMatch(/^<svg[^>]*role="img"[\s\S]*<title id="t">Portrait of Amara Eze-Holloway<\/title>[\s\S]*<ellipse/);
    const palette = await portraits.loader(
      args("/images/teachers/amara_breathes.svg?palette=json&colors=1", { file: "amara_breathes.svg" }),
    );
    expect((await palette.json()).dominant_colors.muted.hex).toMatch(/^#[0-9a-f]{6}$/i);
    expect((await thrownResponse(() => portraits.loader(args("/images/teachers/x.svg", { file: "nobody.svg" })))).status).toBe(404);
    expect((await thrownResponse(() => portraits.loader(args("/images/teachers/x", { file: "../../etc/passwd" })))).status).toBe(404);
  });
});
