import { describe, expect, it } from "vitest";
import { z } from "zod";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const { listPractice, recordPractice, PRACTICE_ENTRIES } = await import("../../app/models/engagement/practice.server");
const { recordLiveClassJoined, recordOnDemandCompleted, forgetEngagement } =
  await import("../../app/models/engagement/practice-events.server");
const { listAchievements, USER_ACHIEVEMENTS } = await import("../../app/models/engagement/achievements.server");
const { getCatalogue } = await import("../../app/models/on-demand/on-demand.server");
const { CHECK_IN_INFO } = await import("../../app/models/studios/check-in.server");

await seedDemoContent(getStore());
const anyDoc = z.record(z.unknown());
const countOf = async (collection: string, uid: string) =>
  (await getStore().query(collection, anyDoc, { where: [{ field: "uid", op: "==", value: uid }] })).docs.length;

describe("the practice record", () => {
  it("past its bound keeps the newest practices, so only the oldest days drop out (issue 35)", async () => {
    const day0 = Date.parse("2019-01-01T09:00:00Z");
    // Written oldest first, ids in the same order: a read in either order without a date keeps the oldest.
    for (let i = 0; i <= 2_504; i += 1) {
      await recordPractice({
        uid: "ode",
        source: "live",
        eventId: `z-${String(i).padStart(5, "0")}`,
        classRef: "c",
        title: "Sit",
        at: day0 + i * 86_400_000,
        zone: "UTC",
        minutes: 10,
      });
    }
    const record = await listPractice("ode");
    expect(record).toHaveLength(2_500);
    expect(record[0].at).toBe(day0 + 5 * 86_400_000);
    expect(record.at(-1)!.at).toBe(day0 + 2_504 * 86_400_000);
  }, 60_000);

  it("writes one entry per source event, with the zone and the day there, however often the event repeats", async () => {
    const at = Date.parse("2026-03-02T07:30:00Z"); // Sunday 23:30 in Los Angeles
    const event = {
      uid: "ana",
      source: "live" as const,
      eventId: "class-1",
      classRef: "class-1",
      title: "Dusk Sit",
      at,
      zone: "America/Los_Angeles",
      minutes: 30,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => recordPractice(event)));
    expect(results.filter(Boolean)).toHaveLength(1);
    // The same event reported later from elsewhere is still the first one, unchanged.
    expect(await recordPractice({ ...event, zone: "Asia/Tokyo", at: at + 3_600_000 })).toBeNull();
    const [entry] = await listPractice("ana");
    expect(entry).toMatchObject({ day: "2026-03-01", zone: "America/Los_Angeles", minutes: 30, source: "live" });
    expect(await countOf(PRACTICE_ENTRIES, "ana")).toBe(1);
  });

  it("reads studio check-ins from the desk's own record, dated on the studio's clock, and drops an undone one", async () => {
    const store = getStore();
    const [studio] = (await store.query("studios", z.object({ id: z.string(), timeZone: z.string() }))).docs.map((d) => d.data);
    const classId = "studio-practice-class";
    await store.set("classes", classId, {
      id: classId,
      slug: classId,
      title: "Morning Studio Sit",
      teacherId: "teacher-amara",
      modality: "meditation",
      startsAt: "2026-03-10T08:00:00.000Z",
      durationMinutes: 45,
      description: "",
      capacity: 10,
      timeZone: studio.timeZone,
      studioId: studio.id,
    });
    const checkedInAt = Date.parse("2026-03-10T08:05:00Z");
    await store.set(CHECK_IN_INFO, "ticket-bo-1", {
      ticketId: "ticket-bo-1",
      uid: "bo",
      classId,
      studioId: studio.id,
      checkedIn: true,
      checkedInAt,
      records: 1,
    });
    await store.set(CHECK_IN_INFO, "ticket-bo-2", {
      ticketId: "ticket-bo-2",
      uid: "bo",
      classId,
      studioId: studio.id,
      checkedIn: false,
      checkedInAt: null,
      records: 2,
    });
    const entries = await listPractice("bo");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: "studio", zone: studio.timeZone, minutes: 45, title: "Morning Studio Sit" });
    // The first practice of any kind after it grants the studio mark too.
    const live = await recordLiveClassJoined(
      "bo",
      { id: "live-bo", title: "Noon Pause", durationMinutes: 20 },
      "Europe/London",
      checkedInAt + 86_400_000,
    );
    expect(live.granted.sort()).toEqual(["classes-1", "first-live", "first-studio"]);
  });
});

describe("achievements, granted exactly once", () => {
  it("50 concurrent completions for one member grant each milestone once", async () => {
    const item = { slug: "settle-in", title: "Settle In", durationSeconds: 138, seriesId: null };
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        recordOnDemandCompleted(
          "cai",
          item,
          `viewing-cai-${String(i).padStart(4, "0")}`,
          "Europe/Berlin",
          Date.parse("2026-04-01T10:00:00Z") + i,
        ),
      ),
    );
    const granted = outcomes.flatMap((o) => o.granted).sort();
    expect(granted).toEqual(["classes-1", "classes-10", "classes-25", "classes-50"]);
    const held = await listAchievements("cai");
    expect(held.map((a) => a.achievementId).sort()).toEqual(["classes-1", "classes-10", "classes-25", "classes-50"]);
    expect(await countOf(USER_ACHIEVEMENTS, "cai")).toBe(4);
    // Replaying all fifty events grants nothing more.
    const replays = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        recordOnDemandCompleted("cai", item, `viewing-cai-${String(i).padStart(4, "0")}`, "Europe/Berlin"),
      ),
    );
    expect(replays.flatMap((o) => o.granted)).toEqual([]);
    expect(await countOf(USER_ACHIEVEMENTS, "cai")).toBe(4);
  });

  it("finishing every lesson of a series grants it once", async () => {
    const catalogue = await getCatalogue();
    const series = catalogue.series[0];
    const granted: string[] = [];
    for (const [i, lesson] of series.lessons.entries()) {
      const item = catalogue.classes.find((c) => c.slug === lesson)!;
      granted.push(...(await recordOnDemandCompleted("dia", item, `viewing-dia-${String(i).padStart(4, "0")}`, "UTC")).granted);
    }
    expect(granted.filter((id) => id === `series-${series.slug}`)).toHaveLength(1);
  });

  it("a leaving member's practice and achievements go with them", async () => {
    await forgetEngagement("cai");
    expect(await countOf(PRACTICE_ENTRIES, "cai")).toBe(0);
    expect(await countOf(USER_ACHIEVEMENTS, "cai")).toBe(0);
  });
});
