import { describe, expect, it } from "vitest";
import { continueWatching, mergeProgress, resumePosition, viewingCoversClass, type WatchRecord } from "./watch-history";

const context = { uid: "u1", classSlug: "settle-in", durationSeconds: 180, now: 1_000 };
const report = (position: number, seq: number, viewing = "viewing-aaaa", ended = false) => ({ position, seq, viewing, ended });

describe("watch history merge", () => {
  it("creates a record on the first report and counts one view", () => {
    const record = mergeProgress(null, report(12, 1), context);
    expect(record).toMatchObject({ position: 12, completed: false, views: 1, seq: 1, uid: "u1" });
  });

  it("ignores a late or repeated report from the same viewing", () => {
    const a = mergeProgress(null, report(40, 3), context);
    expect(mergeProgress(a, report(20, 2), { ...context, now: 2_000 })).toBe(a);
    expect(mergeProgress(a, report(40, 3), { ...context, now: 2_000 })).toBe(a);
  });

  it("moves backwards when the member scrubs back (a newer report wins, whatever its position)", () => {
    const a = mergeProgress(null, report(90, 1), context);
    expect(mergeProgress(a, report(30, 2), context).position).toBe(30);
  });

  it("marks a class finished at the end, or within the finish margin", () => {
    expect(mergeProgress(null, report(100, 1, "viewing-aaaa", true), context)).toMatchObject({ completed: true, position: 180 });
    expect(mergeProgress(null, report(178, 1), context).completed).toBe(true);
    expect(mergeProgress(null, report(170, 1), context).completed).toBe(false);
  });

  it("a new viewing counts another view and starts unfinished", () => {
    const done = mergeProgress(null, report(180, 9, "viewing-aaaa", true), context);
    const again = mergeProgress(done, report(10, 1, "viewing-bbbb"), { ...context, now: 5_000 });
    expect(again).toMatchObject({ views: 2, completed: false, position: 10, updatedAt: 5_000 });
  });

  it("clamps positions into the class", () => {
    expect(mergeProgress(null, report(-4, 1), context).position).toBe(0);
    expect(mergeProgress(null, report(999, 1), context).position).toBe(180);
  });
});

describe("resume and continue watching", () => {
  const base: WatchRecord = {
    uid: "u1",
    classSlug: "a",
    position: 60,
    durationSeconds: 180,
    completed: false,
    viewing: "v",
    seq: 1,
    views: 1,
    updatedAt: 1,
  };

  it("resumes from the saved place, but not from the very start, the very end or a finished class", () => {
    expect(resumePosition(base)).toBe(60);
    expect(resumePosition({ ...base, position: 3 })).toBe(0);
    expect(resumePosition({ ...base, position: 179 })).toBe(0);
    expect(resumePosition({ ...base, completed: true })).toBe(0);
    expect(resumePosition(null)).toBe(0);
  });

  it("lists started, unfinished classes, most recent first; a finished one drops off", () => {
    const list = continueWatching([
      { ...base, classSlug: "old", updatedAt: 1 },
      { ...base, classSlug: "new", updatedAt: 9 },
      { ...base, classSlug: "done", completed: true, updatedAt: 10 },
      { ...base, classSlug: "barely", position: 2, updatedAt: 11 },
    ]);
    expect(list.map((r) => r.classSlug)).toEqual(["new", "old"]);
  });
});

describe("a viewing that covers the class (issue 35)", () => {
  /** Reports every `step` media seconds as `every` ms pass, from `from` to the end of a 180 s class. */
  function play(options: { from?: number; step?: number; every?: number; viewing?: string } = {}) {
    const { from = 0, step = 10, every = 10_000, viewing = "viewing-play" } = options;
    let now = 1_000;
    let record = mergeProgress(null, report(from, 1, viewing), { ...context, now });
    for (let at = from + step, seq = 2; at <= 180; at += step, seq += 1) {
      now += every;
      record = mergeProgress(record, report(Math.min(at, 180), seq, viewing, at >= 180), { ...context, now });
    }
    return { record, now };
  }

  it("counts a class played through at ordinary speed, and at the player's fastest", () => {
    const ordinary = play();
    expect(ordinary.record.covered).toBe(180);
    expect(viewingCoversClass(ordinary.record, "viewing-play", ordinary.now)).toBe(true);
    const fast = play({ every: 6_700 });
    expect(viewingCoversClass(fast.record, "viewing-play", fast.now)).toBe(true);
  });

  it("does not count a Completed report from a new viewing, another viewing, a jump to the end, or a rush", () => {
    const forged = mergeProgress(null, report(0, 0, "viewing-forged"), context);
    expect(viewingCoversClass(forged, "viewing-forged", 1_000)).toBe(false);
    const jumped = mergeProgress(forged, report(180, 1, "viewing-forged", true), { ...context, now: 200_000 });
    expect(jumped.covered).toBe(0);
    expect(viewingCoversClass(jumped, "viewing-forged", 200_000)).toBe(false);
    const rushed = play({ step: 5, every: 100 });
    expect(viewingCoversClass(rushed.record, "viewing-play", rushed.now)).toBe(false);
    const ordinary = play();
    expect(viewingCoversClass(ordinary.record, "viewing-other", ordinary.now)).toBe(false);
  });

  it("does not count a viewing that resumed past a tenth of the class (that part was another viewing)", () => {
    const resumed = play({ from: 60 });
    expect(resumed.record.covered).toBe(120);
    expect(viewingCoversClass(resumed.record, "viewing-play", resumed.now)).toBe(false);
  });
});
