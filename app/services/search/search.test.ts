import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { algoliaFilters, createAlgoliaSearch } from "./algolia.server";
import { createMemorySearch } from "./memory.server";
import { SearchError, normalizeQuery, type SearchDocument, type SearchPort, type SearchQuery } from "./port";

const TEACHERS = {
  jonah: { teacherId: "teacher-jonah", teacherName: "Jonah Reyes" },
  mira: { teacherId: "teacher-mira", teacherName: "Mira Okafor" },
  lena: { teacherId: "teacher-lena", teacherName: "Lena Vogt" },
};
const TAG_LABELS: Record<string, string> = {
  sleep: "Sleep",
  anxiety: "Anxiety",
  morning: "Morning",
  focus: "Focus",
  "body-scan": "Body scan",
};

function doc(
  id: string,
  title: string,
  teacher: keyof typeof TEACHERS,
  modality: string,
  level: string,
  durationSeconds: number,
  tags: string[],
  description: string,
  publishedAt: number,
): SearchDocument {
  return {
    id,
    title,
    ...TEACHERS[teacher],
    modality,
    level,
    durationSeconds,
    tags,
    tagLabels: tags.map((tag) => TAG_LABELS[tag]),
    description,
    publishedAt,
  };
}

const CATALOGUE: SearchDocument[] = [
  doc(
    "box-breathing",
    "Box breathing for focus",
    "jonah",
    "breathwork",
    "Beginner",
    300,
    ["focus"],
    "Four counts in, hold, four counts out.",
    1_000,
  ),
  doc(
    "long-exhale",
    "The long exhale",
    "mira",
    "breathwork",
    "All levels",
    600,
    ["sleep", "anxiety"],
    "Slow the breath and lengthen each exhale to settle the nervous system.",
    2_000,
  ),
  doc(
    "morning-meditation",
    "Morning meditation",
    "lena",
    "meditation",
    "Beginner",
    900,
    ["morning"],
    "Begin the day with ten quiet minutes.",
    3_000,
  ),
  doc(
    "body-scan",
    "Body scan for sleep",
    "mira",
    "sleep",
    "All levels",
    1_800,
    ["sleep", "body-scan"],
    "A slow scan from feet to crown to let the day go.",
    4_000,
  ),
  doc(
    "quiet-sitting",
    "Quiet sitting",
    "jonah",
    "mindfulness",
    "Intermediate",
    1_200,
    ["focus"],
    "A meditation without guidance, mostly silence.",
    5_000,
  ),
  doc(
    "loving-kindness",
    "Loving-kindness meditation",
    "lena",
    "meditation",
    "Intermediate",
    1_200,
    ["anxiety"],
    "Wish yourself and others well.",
    6_000,
  ),
  doc("walking", "Walking practice", "jonah", "mindfulness", "All levels", 120, ["morning", "focus"], "Attention on each step.", 7_000),
  doc(
    "alternate-nostril",
    "Alternate nostril breathing",
    "mira",
    "breathwork",
    "Advanced",
    1_500,
    ["focus", "anxiety"],
    "Balance the breath between both sides.",
    8_000,
  ),
  doc("drifting-off", "Drifting off", "lena", "sleep", "Beginner", 2_700, ["sleep"], "A story to fall asleep to.", 9_000),
  doc("midday-reset", "Midday reset", "lena", "mindfulness", "Beginner", 600, ["focus"], "Five minutes to notice and breathe.", 9_500),
];
const NEWEST_FIRST = [...CATALOGUE].sort((a, b) => b.publishedAt - a.publishedAt).map((d) => d.id);
const byId = new Map(CATALOGUE.map((d) => [d.id, d]));

const q = (text: string, rest: Partial<SearchQuery> = {}): SearchQuery => ({ text, page: 1, perPage: 50, ...rest });

describe("the in-process index", () => {
  let search: SearchPort;
  beforeAll(async () => {
    search = createMemorySearch();
    await search.replaceAll(CATALOGUE);
  });
  const ids = async (query: SearchQuery) => (await search.search(query)).ids;

  describe("ranking", () => {
    it("puts a title match above a class that only mentions the word in its description", async () => {
      const found = await ids(q("meditation"));
      expect(found).toContain("quiet-sitting");
      expect(found.indexOf("morning-meditation")).toBeLessThan(found.indexOf("quiet-sitting"));
      expect(found.indexOf("loving-kindness")).toBeLessThan(found.indexOf("quiet-sitting"));
      // "quiet" is in one title and in another class's description.
      expect(await ids(q("quiet"))).toEqual(["quiet-sitting", "morning-meditation"]);
    });

    it("finds a teacher's classes by their name, and only theirs", async () => {
      expect(new Set(await ids(q("Mira Okafor")))).toEqual(new Set(["long-exhale", "body-scan", "alternate-nostril"]));
      expect(new Set(await ids(q("okafor")))).toEqual(new Set(["long-exhale", "body-scan", "alternate-nostril"]));
    });

    it("tolerates typos", async () => {
      const medtation = await ids(q("medtation"));
      expect(medtation.slice(0, 2).sort()).toEqual(["loving-kindness", "morning-meditation"]);
      expect((await ids(q("exale")))[0]).toBe("long-exhale");
      expect(await ids(q("breth"))).toEqual(expect.arrayContaining(["long-exhale", "alternate-nostril"]));
    });

    it("reads two typed words as the one word they may be: 'breth work' finds breathwork", async () => {
      const found = await ids(q("breth work"));
      expect(new Set(found)).toEqual(new Set(["box-breathing", "long-exhale", "alternate-nostril"]));
    });

    it("completes the last word as it is typed", async () => {
      expect((await ids(q("exh")))[0]).toBe("long-exhale");
      expect(await ids(q("loving kin"))).toEqual(["loving-kindness"]);
    });

    it("requires every word when some class has them all, and falls back to any word otherwise", async () => {
      expect(await ids(q("body scan sleep"))).toEqual(["body-scan"]);
      const any = await ids(q("walking zzzqqq"));
      expect(any).toEqual(["walking"]);
    });

    it("ignores case and accents", async () => {
      expect((await ids(q("MÉDITATION")))[0]).toMatch(/meditation|loving-kindness/);
    });

    it("breaks ties by the newest class first, then by id", async () => {
      const twins = createMemorySearch();
      const base = CATALOGUE[1];
      await twins.replaceAll([
        { ...base, id: "b-old", publishedAt: 1 },
        { ...base, id: "b-new", publishedAt: 3 },
        { ...base, id: "a-new", publishedAt: 3 },
        { ...base, id: "c-mid", publishedAt: 2 },
      ]);
      expect((await twins.search(q("exhale"))).ids).toEqual(["a-new", "b-new", "c-mid", "b-old"]);
      // Across a page's edge too, where equal scores straddle it.
      expect((await twins.search(q("exhale", { perPage: 1, page: 2 }))).ids).toEqual(["b-new"]);
      expect((await twins.search(q("exhale", { perPage: 3, page: 2 }))).ids).toEqual(["b-old"]);
    });
  });

  describe("filters", () => {
    const filtered = async (rest: Partial<SearchQuery>, text = "") => ids(q(text, rest));
    const expected = (keep: (d: SearchDocument) => boolean) => NEWEST_FIRST.filter((id) => keep(byId.get(id)!));

    it("lists everything newest first when there is no text", async () => {
      const result = await search.search(q(""));
      expect(result).toEqual({ ids: NEWEST_FIRST, total: 10, page: 1, pageCount: 1 });
      expect(await ids(q("   "))).toEqual(NEWEST_FIRST);
    });

    it("filters by each of modality, teacher, level and tag on its own", async () => {
      expect(await filtered({ modality: "breathwork" })).toEqual(expected((d) => d.modality === "breathwork"));
      expect(await filtered({ teacherId: "teacher-lena" })).toEqual(expected((d) => d.teacherId === "teacher-lena"));
      expect(await filtered({ level: "Beginner" })).toEqual(expected((d) => d.level === "Beginner"));
      expect(await filtered({ tags: ["sleep"] })).toEqual(expected((d) => d.tags.includes("sleep")));
    });

    it("treats blank filters as no filter", async () => {
      expect(await filtered({ modality: "", teacherId: null, level: undefined, tags: [""] })).toEqual(NEWEST_FIRST);
    });

    it("requires every tag asked for", async () => {
      expect(await filtered({ tags: ["sleep", "anxiety"] })).toEqual(["long-exhale"]);
      expect(await filtered({ tags: ["focus", "anxiety"] })).toEqual(["alternate-nostril"]);
      expect(await filtered({ tags: ["sleep", "focus"] })).toEqual([]);
    });

    it("keeps both ends of a duration range", async () => {
      expect(await filtered({ minSeconds: 600, maxSeconds: 1_200 })).toEqual(
        expected((d) => d.durationSeconds >= 600 && d.durationSeconds <= 1_200),
      );
      expect(await filtered({ minSeconds: 600, maxSeconds: 1_200 })).toEqual(
        expect.arrayContaining(["long-exhale", "midday-reset", "quiet-sitting", "loving-kindness"]),
      );
      expect(await filtered({ minSeconds: 1_800 })).toEqual(["drifting-off", "body-scan"]);
      expect(await filtered({ maxSeconds: 300 })).toEqual(["walking", "box-breathing"]);
      expect(await filtered({ minSeconds: 301, maxSeconds: 599 })).toEqual([]);
      expect(await filtered({ minSeconds: 1_000, maxSeconds: 100 })).toEqual([]);
    });

    it("combines filters with AND, with and without text", async () => {
      expect(await filtered({ modality: "breathwork", teacherId: "teacher-mira" })).toEqual(["alternate-nostril", "long-exhale"]);
      expect(
        await filtered({ modality: "breathwork", teacherId: "teacher-mira", level: "Advanced", tags: ["anxiety"], maxSeconds: 1_500 }),
      ).toEqual(["alternate-nostril"]);
      expect(await filtered({ modality: "breathwork", teacherId: "teacher-mira", maxSeconds: 1_499 })).toEqual(["long-exhale"]);
      expect(await filtered({ teacherId: "teacher-lena" }, "meditation")).toEqual(
        expect.arrayContaining(["morning-meditation", "loving-kindness"]),
      );
      expect(await filtered({ teacherId: "teacher-lena" }, "meditation")).not.toContain("quiet-sitting");
      expect(await filtered({ modality: "sleep" }, "breath")).toEqual([]);
    });
  });

  describe("paging", () => {
    it("answers the page asked for, with the total and the page count", async () => {
      const first = await search.search(q("", { perPage: 4 }));
      const second = await search.search(q("", { perPage: 4, page: 2 }));
      const third = await search.search(q("", { perPage: 4, page: 3 }));
      expect(first).toEqual({ ids: NEWEST_FIRST.slice(0, 4), total: 10, page: 1, pageCount: 3 });
      expect(second).toEqual({ ids: NEWEST_FIRST.slice(4, 8), total: 10, page: 2, pageCount: 3 });
      expect(third).toEqual({ ids: NEWEST_FIRST.slice(8), total: 10, page: 3, pageCount: 3 });
    });

    it("pages ranked results the same way", async () => {
      const all = await ids(q("focus"));
      expect(all.length).toBeGreaterThan(4);
      const page2 = await search.search(q("focus", { perPage: 2, page: 2 }));
      expect(page2.ids).toEqual(all.slice(2, 4));
      expect(page2.total).toBe(all.length);
    });

    it("answers no ids but the right counts past the end", async () => {
      expect(await search.search(q("", { perPage: 4, page: 9 }))).toEqual({ ids: [], total: 10, page: 9, pageCount: 3 });
      expect(await search.search(q("zzzqqqxxx"))).toEqual({ ids: [], total: 0, page: 1, pageCount: 0 });
    });

    it("mends nonsense page numbers instead of failing", async () => {
      expect((await search.search(q("", { page: 0, perPage: 3 }))).page).toBe(1);
      expect((await search.search(q("", { page: Number.NaN, perPage: 3 }))).ids).toHaveLength(3);
      expect((await search.search(q("", { page: 1, perPage: 10_000 }))).ids).toHaveLength(10);
      expect((await search.search(q("", { page: 1, perPage: -5 }))).ids).toHaveLength(1);
    });
  });

  describe("hostile input", () => {
    const HOSTILE = [
      "x".repeat(10_240),
      "meditation ".repeat(1_000),
      "__proto__",
      "constructor",
      "prototype toString hasOwnProperty",
      '"\\',
      '"meditation\\" OR 1=1 --',
      ".*+?^${}()|[]\\/",
      "(?:a+)+$",
      "🧘‍♀️ breath 🌙",
      "🧘",
      "\u0000\u202e\ud800",
      "  ",
    ];

    it.each(HOSTILE.map((text) => [text.length > 40 ? `${text.slice(0, 20)}… (${text.length} chars)` : text, text]))(
      "answers %j without throwing",
      async (_label, text) => {
        const started = performance.now();
        const result = await search.search(q(text, { modality: text, teacherId: text, tags: [text, "__proto__"] }));
        expect(result.ids).toEqual([]);
        const unfiltered = await search.search(q(text));
        expect(Array.isArray(unfiltered.ids)).toBe(true);
        expect(performance.now() - started).toBeLessThan(200);
      },
    );

    it("still finds a word among emoji", async () => {
      expect(await ids(q("🧘 exhale 🌙"))).toEqual(["long-exhale"]);
    });

    it("indexes documents with odd text and repeated ids without throwing", async () => {
      const odd = createMemorySearch();
      const weird = { ...CATALOGUE[0], id: "__proto__", title: '__proto__ constructor 🧘 \\" (?:x)', description: "toString valueOf" };
      await odd.replaceAll([weird, { ...CATALOGUE[1], id: "constructor" }, { ...CATALOGUE[2], id: "constructor", title: "Replaced" }]);
      expect((await odd.search(q("__proto__"))).ids).toEqual(["__proto__"]);
      expect((await odd.search(q("replaced"))).ids).toEqual(["constructor"]);
      expect((await odd.search(q(""))).total).toBe(2);
    });
  });

  it("replaces the whole index: classes left out are gone", async () => {
    const own = createMemorySearch();
    expect(await own.search(q(""))).toEqual({ ids: [], total: 0, page: 1, pageCount: 0 });
    await own.replaceAll(CATALOGUE);
    await own.replaceAll(CATALOGUE.filter((d) => d.id !== "long-exhale"));
    expect((await own.search(q("exhale"))).ids).toEqual([]);
    expect((await own.search(q(""))).total).toBe(9);
  });
});

// ---------------------------------------------------------------------------------------------
// Algolia, against a local HTTP server standing in for Algolia's hosts.

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

describe("Algolia behind the search port", () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let answer: (request: Seen) => { status: number; body: unknown };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const entry = {
          method: request.method ?? "",
          path: request.url ?? "",
          headers: request.headers,
          body: text ? JSON.parse(text) : null,
        };
        seen.push(entry);
        const { status, body } = answer(entry);
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(JSON.stringify(body));
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await once(server, "close");
  });
  beforeEach(() => {
    seen.length = 0;
    answer = () => ({ status: 200, body: { hits: [], nbHits: 0, nbPages: 0, page: 0 } });
  });

  const algolia = (extra: Partial<Parameters<typeof createAlgoliaSearch>[0]> = {}) =>
    createAlgoliaSearch({
      appId: "APP123",
      searchKey: "search-key-0000",
      writeKey: "write-key-0000",
      index: "onDemandClasses",
      hosts: { search: `${base}/search-host`, write: `${base}/write-host` },
      taskPollMs: 1,
      ...extra,
    });

  it("queries the index with the search key, 0-based pages and quoted filters", async () => {
    answer = () => ({
      status: 200,
      body: { hits: [{ objectID: "long-exhale" }, { objectID: "body-scan" }], nbHits: 12, nbPages: 6, page: 1, hitsPerPage: 2 },
    });
    const result = await algolia().search({
      text: "  breath  ",
      modality: "breathwork",
      teacherId: "teacher-jonah",
      tags: ["sleep"],
      minSeconds: 120,
      maxSeconds: 600,
      page: 2,
      perPage: 2,
    });
    expect(result).toEqual({ ids: ["long-exhale", "body-scan"], total: 12, page: 2, pageCount: 6 });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/search-host/1/indexes/onDemandClasses/query");
    expect(request.headers["x-algolia-application-id"]).toBe("APP123");
    expect(request.headers["x-algolia-api-key"]).toBe("search-key-0000");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      query: "breath",
      page: 1,
      hitsPerPage: 2,
      filters: 'modality:"breathwork" AND teacherId:"teacher-jonah" AND tags:"sleep" AND durationSeconds:120 TO 600',
      attributesToRetrieve: ["objectID"],
      attributesToHighlight: [],
    });
  });

  it("cuts long text before sending it", async () => {
    await algolia().search(q("y".repeat(10_000)));
    expect((seen[0].body as { query: string }).query).toHaveLength(200);
  });

  it("answers an inverted duration range itself", async () => {
    expect(await algolia().search(q("", { minSeconds: 600, maxSeconds: 60 }))).toEqual({ ids: [], total: 0, page: 1, pageCount: 0 });
    expect(seen).toHaveLength(0);
  });

  it("writes filters that a quote or a backslash cannot break out of", () => {
    const filters = (rest: Partial<SearchQuery>) => algoliaFilters(normalizeQuery(q("", rest)));
    expect(filters({})).toBe("");
    expect(filters({ modality: 'x" OR modality:"y' })).toBe('modality:"x\\" OR modality:\\"y"');
    expect(filters({ teacherId: "back\\slash" })).toBe('teacherId:"back\\\\slash"');
    expect(filters({ level: 'ends\\"' })).toBe('level:"ends\\\\\\""');
    expect(filters({ tags: ["a", "b", "a"] })).toBe('tags:"a" AND tags:"b"');
    expect(filters({ minSeconds: 120 })).toBe("durationSeconds >= 120");
    expect(filters({ maxSeconds: 600.7 })).toBe("durationSeconds <= 600");
    expect(filters({ minSeconds: 1e300 })).toBe("durationSeconds >= 604800");
    expect(filters({ level: "Advanced", minSeconds: 0, maxSeconds: 0 })).toBe('level:"Advanced" AND durationSeconds:0 TO 0');
  });

  it.each([500, 403, 429])("turns an HTTP %i into a SearchError without Algolia's words", async (status) => {
    answer = () => ({ status, body: { message: "Invalid Application-ID or API key: secret detail", status } });
    const error = await algolia()
      .search(q("breath"))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SearchError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`search service answered ${status}`);
    expect((error as Error).message).not.toContain("secret");
    expect((error as SearchError).code).toBe(status === 403 ? "refused" : "unavailable");
  });

  it("turns a broken answer or an unreachable host into a SearchError", async () => {
    answer = () => ({ status: 200, body: { message: "not search results" } });
    await expect(algolia().search(q("breath"))).rejects.toBeInstanceOf(SearchError);
    const offline = createAlgoliaSearch({
      appId: "APP123",
      searchKey: "k",
      hosts: { search: "http://127.0.0.1:9", write: "http://127.0.0.1:9" },
    });
    await expect(offline.search(q("breath"))).rejects.toEqual(new SearchError("unavailable", "the search service did not answer"));
  });

  it("rebuilds with the write key: settings once, batches of 1,000, waits for them, then drops older records", async () => {
    let taskChecks = 0;
    answer = (request) => {
      if (request.path.includes("/task/")) return { status: 200, body: { status: ++taskChecks === 1 ? "notPublished" : "published" } };
      if (request.path.endsWith("/batch"))
        return { status: 200, body: { taskID: 100 + seen.filter((s) => s.path.endsWith("/batch")).length, objectIDs: [] } };
      return { status: 200, body: { taskID: 1, updatedAt: "2026-01-01T00:00:00Z" } };
    };
    const docs = Array.from({ length: 2_345 }, (_, i) => ({ ...CATALOGUE[i % CATALOGUE.length], id: `class-${i}` }));
    const port = algolia({ now: () => 1_700_000_000_000 });
    await port.replaceAll(docs);

    const paths = seen.map((s) => `${s.method} ${s.path}`);
    expect(paths).toEqual([
      "PUT /write-host/1/indexes/onDemandClasses/settings",
      "POST /write-host/1/indexes/onDemandClasses/batch",
      "POST /write-host/1/indexes/onDemandClasses/batch",
      "POST /write-host/1/indexes/onDemandClasses/batch",
      "GET /write-host/1/indexes/onDemandClasses/task/101",
      "GET /write-host/1/indexes/onDemandClasses/task/101",
      "GET /write-host/1/indexes/onDemandClasses/task/102",
      "GET /write-host/1/indexes/onDemandClasses/task/103",
      "POST /write-host/1/indexes/onDemandClasses/deleteByQuery",
    ]);
    expect(
      seen.every((s) => s.headers["x-algolia-api-key"] === "write-key-0000" && s.headers["x-algolia-application-id"] === "APP123"),
    ).toBe(true);
    expect(seen[0].body).toMatchObject({
      customRanking: ["desc(publishedAt)"],
      attributesForFaceting: expect.arrayContaining(["filterOnly(tags)", "filterOnly(teacherId)"]),
    });
    const batches = seen
      .filter((s) => s.path.endsWith("/batch"))
      .map((s) => (s.body as { requests: { action: string; body: Record<string, unknown> }[] }).requests);
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000, 345]);
    expect(batches[0][0]).toEqual({ action: "addObject", body: { ...docs[0], objectID: "class-0", indexVersion: 1_700_000_000_000 } });
    expect(batches[2][344].body.objectID).toBe("class-2344");
    expect(seen.at(-1)!.body).toEqual({ filters: "indexVersion < 1700000000000" });

    // The settings go once per process.
    seen.length = 0;
    await port.replaceAll(docs.slice(0, 1));
    expect(seen.map((s) => s.path.split("/").at(-1))).toEqual(["batch", "101", "deleteByQuery"]);
  });

  it("stops a rebuild on an error, before anything is deleted", async () => {
    answer = (request) =>
      request.path.endsWith("/batch") ? { status: 500, body: { message: "boom" } } : { status: 200, body: { taskID: 1 } };
    await expect(algolia().replaceAll(CATALOGUE)).rejects.toEqual(new SearchError("unavailable", "search service answered 500"));
    expect(seen.some((s) => s.path.endsWith("/deleteByQuery"))).toBe(false);
  });

  it("leaves the index alone without a write key", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const port = algolia({ writeKey: undefined });
    await port.replaceAll(CATALOGUE);
    await port.replaceAll(CATALOGUE);
    expect(seen).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
