import { describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { saveProgress, listWatchHistory, getWatchRecord, setFavorite, listFavorites, isFavorite, FAVORITED_CONTENT } =
  await import("../../app/models/on-demand/watch-history.server");
const { ANALYTICS_EVENTS } = await import("../../app/platform/analytics-event.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { getCatalogue, captionsVtt, getTranscript } = await import("../../app/models/on-demand/on-demand.server");

const CLASS = { slug: "settle-in", durationSeconds: 138, seriesId: "first-week" };
const anyDoc = z.record(z.unknown());
const report = (position: number | string, seq: number, viewing = "viewing-one-0001", extra: Record<string, string> = {}) => ({
  position: String(position),
  seq: String(seq),
  viewing,
  ...extra,
});

describe("watch history per member", () => {
  it("keeps each member's place apart; one never reads another's", async () => {
    await saveProgress("ada", CLASS, report(40, 1));
    await saveProgress("bea", CLASS, report(90, 1, "viewing-bea-0001"));
    expect((await getWatchRecord("ada", "settle-in"))?.position).toBe(40);
    expect((await getWatchRecord("bea", "settle-in"))?.position).toBe(90);
    expect((await listWatchHistory("ada")).map((r) => [r.uid, r.position])).toEqual([["ada", 40]]);
    expect(await listWatchHistory("nobody")).toEqual([]);
  });

  it("refuses forged positions with a sentence and writes nothing", async () => {
    for (const position of [-1, "abc", 10_000, "", "1e400", "Infinity", "0x10", "12 ", " "]) {
      const outcome = await saveProgress("cy", CLASS, report(position, 1));
      if (position === "12 ") {
        expect(outcome.ok).toBe(true);
        continue;
      }
      expect(outcome.ok, String(position)).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatch(/^The position /);
    }
    expect((await listWatchHistory("cy")).length).toBe(1);
    expect((await saveProgress("cy", CLASS, { ...report(5, 1), viewing: "<script>" })).ok).toBe(false);
    expect((await saveProgress("cy", CLASS, { ...report(5, 1), events: "Started,Hacked" })).ok).toBe(false);
  });

  it("20 reports of one viewing arriving at once, in any order, end at the newest", async () => {
    const reports = Array.from({ length: 20 }, (_, i) => report((i + 1) * 5, i + 1, "viewing-race-0001"));
    reports.sort(() => Math.random() - 0.5);
    await Promise.all(reports.map((r) => saveProgress("dee", CLASS, r)));
    const record = await getWatchRecord("dee", "settle-in");
    expect(record).toMatchObject({ position: 100, seq: 20, views: 1 });
  });

  it("records each §4 event once per viewing, however often the browser repeats it", async () => {
    const repeat = () => saveProgress("eve", CLASS, report(1, 1, "viewing-eve-0001", { events: "Started" }));
    await Promise.all([repeat(), repeat(), repeat()]);
    await saveProgress("eve", CLASS, report(130, 2, "viewing-eve-0001", { events: "Mostly_Completed" }));
    await saveProgress("eve", CLASS, report(138, 3, "viewing-eve-0001", { events: "Completed", ended: "true" }));
    await saveProgress("eve", CLASS, report(0, 1, "viewing-eve-0002", { events: "Started" }));
    const { docs } = await getStore().query(ANALYTICS_EVENTS, anyDoc, { where: [{ field: "uid", op: "==", value: "eve" }] });
    const names = docs.map((doc) => doc.data.name).sort();
    expect(names).toEqual([
      "On_Demand_Video_Completed",
      "On_Demand_Video_Mostly_Completed",
      "On_Demand_Video_Started",
      "On_Demand_Video_Started",
    ]);
    expect(await getWatchRecord("eve", "settle-in")).toMatchObject({ views: 2, completed: false });
  });
});

describe("favourites per member", () => {
  it("favouriting twice keeps one; removing something never favourited is fine; each member has their own", async () => {
    await Promise.all([setFavorite("fay", "class", "settle-in", true, 1), setFavorite("fay", "class", "settle-in", true, 2)]);
    await setFavorite("fay", "series", "first-week", true, 3);
    await setFavorite("gus", "class", "walking-pause", true, 4);
    await setFavorite("fay", "class", "never-saved", false);
    expect((await listFavorites("fay")).map((f) => `${f.kind}:${f.slug}`)).toEqual(["series:first-week", "class:settle-in"]);
    expect((await listFavorites("gus")).map((f) => f.slug)).toEqual(["walking-pause"]);
    expect(await isFavorite("gus", "class", "settle-in")).toBe(false);
    const { docs } = await getStore().query(FAVORITED_CONTENT, anyDoc, { where: [{ field: "uid", op: "==", value: "fay" }] });
    expect(docs).toHaveLength(2);
    await setFavorite("fay", "class", "settle-in", false);
    expect((await listFavorites("fay")).map((f) => f.slug)).toEqual(["first-week"]);
  });
});

describe("the seeded catalogue", () => {
  it("holds the demo recordings with their real lengths, shelves in order, series, and captions from the transcripts", async () => {
    await seedDemoContent(getStore(), new Date("2026-11-23T12:00:00Z"));
    const catalogue = await getCatalogue();
    expect(catalogue.classes.length).toBe(8);
    const settle = catalogue.classes.find((c) => c.slug === "settle-in")!;
    expect(settle.durationSeconds).toBeGreaterThan(120);
    expect(catalogue.shelves.map((s) => s.order)).toEqual([...catalogue.shelves.map((s) => s.order)].sort((a, b) => a - b));
    expect(catalogue.series.find((s) => s.slug === "first-week")?.lessons[0]).toBe("settle-in");
    const cues = await getTranscript("settle-in");
    expect(cues.length).toBeGreaterThan(5);
    const vtt = captionsVtt(cues);
    expect(vtt.startsWith("WEBVTT\n\n1\n00:00:02.000 --> ")).toBe(true);
    expect(captionsVtt([{ start: 1, end: 2, text: "a --> b\n\nc" }])).toBe("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\na → b\nc\n");
  });
});
