import { describe, expect, it } from "vitest";
import { earnedAchievements, milestonesUpTo } from "./achievements";
import type { PracticeEntry } from "./practice-calendar";
import { PracticeFormSchema, applyPracticeForm, defaultPracticeSettings } from "./practice-settings";

const entry = (i: number, source: PracticeEntry["source"] = "on_demand", classRef = `class-${i}`): PracticeEntry => ({
  id: `e${i}`,
  uid: "u",
  source,
  classRef,
  title: "",
  seriesId: null,
  at: i,
  zone: "UTC",
  day: "2026-01-01",
  minutes: 10,
});

describe("achievements", () => {
  it("milestones at 1, 10, 25, 50, 100 and every 100 after, without end", () => {
    expect(milestonesUpTo(0)).toEqual([]);
    expect(milestonesUpTo(9)).toEqual([1]);
    expect(milestonesUpTo(100)).toEqual([1, 10, 25, 50, 100]);
    expect(milestonesUpTo(1234).slice(-3)).toEqual([1000, 1100, 1200]);
  });

  it("the first live and studio classes, and a series only when every lesson is done", () => {
    const series = [{ slug: "first-week", title: "First Week", lessons: ["a", "b"] }];
    const some = earnedAchievements([entry(1, "live"), entry(2, "on_demand", "a")], series).map((a) => a.id);
    expect(some).toEqual(["classes-1", "first-live"]);
    const all = earnedAchievements([entry(1, "studio"), entry(2, "on_demand", "a"), entry(3, "on_demand", "b")], series).map((a) => a.id);
    expect(all).toEqual(["classes-1", "first-studio", "series-first-week"]);
    expect(earnedAchievements([entry(1)], series).every((a) => !a.title.includes("!") && !a.detail.includes("!"))).toBe(true);
  });
});

describe("the practice settings forms", () => {
  const parse = (fields: Record<string, string>) => PracticeFormSchema.parse(fields);

  it("a new target applies from this week; earlier weeks keep theirs", () => {
    const once = applyPracticeForm(defaultPracticeSettings("u"), parse({ intent: "preferences", targetDays: "3" }), "2026-03-04");
    expect(once.targets).toEqual([{ from: "2026-03-02", days: 3 }]);
    const twice = applyPracticeForm(once, parse({ intent: "preferences", targetDays: "2" }), "2026-03-20");
    expect(twice.targets).toEqual([
      { from: "2026-03-02", days: 3 },
      { from: "2026-03-16", days: 2 },
    ]);
    expect(applyPracticeForm(twice, parse({ intent: "preferences", targetDays: "2", showDaily: "on" }), "2026-03-21")).toMatchObject({
      targets: twice.targets,
      showDaily: true,
      hideAchievements: false,
    });
  });

  it("a pause starts today and lasts the days asked for (90 at most); resuming ends it today", () => {
    const paused = applyPracticeForm(defaultPracticeSettings("u"), parse({ intent: "pause", pauseDays: "90" }), "2026-03-04");
    expect(paused.pauses).toEqual([{ start: "2026-03-04", end: "2026-06-01" }]);
    expect(applyPracticeForm(paused, parse({ intent: "resume" }), "2026-03-10").pauses).toEqual([
      { start: "2026-03-04", end: "2026-03-10" },
    ]);
    // One pause at a time (issue 35): a new pause while one runs changes nothing; the page offers to end it instead.
    expect(applyPracticeForm(paused, parse({ intent: "pause", pauseDays: "10" }), "2026-03-10").pauses).toEqual([
      { start: "2026-03-04", end: "2026-06-01" },
    ]);
    expect(PracticeFormSchema.safeParse({ intent: "pause", pauseDays: "91" }).success).toBe(false);
    expect(PracticeFormSchema.safeParse({ intent: "preferences", targetDays: "8" }).success).toBe(false);
    expect(PracticeFormSchema.safeParse({ intent: "repair" }).success).toBe(false);
  });
});
