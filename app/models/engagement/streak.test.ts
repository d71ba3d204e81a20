import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { prng } from "../../../bench/prng.js";
import { addDays, localDay, weekOf } from "./practice-calendar";
import { EMPTY_INCREMENTAL, addPracticeDay, dailyCount, daysInLast30, finishIncremental, streakFromDays, type StreakRules } from "./streak";

/** The instant of a wall-clock time in a zone, and the day the member's record keeps for it. */
function practise(wall: string, zone: string): { at: number; day: string; utcDay: string } {
  const at = DateTime.fromISO(wall, { zone }).toMillis();
  return { at, day: localDay(at, zone), utcDay: localDay(at, "UTC") };
}

describe("the practice calendar", () => {
  it("weeks start on Monday", () => {
    expect(weekOf("2026-03-01")).toBe("2026-02-23"); // a Sunday
    expect(weekOf("2026-03-02")).toBe("2026-03-02"); // a Monday
    expect(weekOf("2026-01-01")).toBe("2025-12-29");
    expect(weekOf("1969-12-31")).toBe("1969-12-29");
  });
});

describe("a member practising at 23:30 in Los Angeles, then flying to Tokyo", () => {
  // Sunday 1 March 2026, 23:30 in Los Angeles is already Monday 07:30 in UTC.
  const la = practise("2026-03-01T23:30", "America/Los_Angeles");
  // She lands and practises on Tuesday morning in Tokyo, which is still Monday in UTC.
  const tokyo = practise("2026-03-03T08:00", "Asia/Tokyo");

  it("keeps each practice on the day she lived it", () => {
    expect(la.day).toBe("2026-03-01");
    expect(la.utcDay).toBe("2026-03-02");
    expect(tokyo.day).toBe("2026-03-03");
    expect(tokyo.utcDay).toBe("2026-03-02");
  });

  it("counts two weeks kept, where a UTC calendar would have counted one", () => {
    expect(streakFromDays([la.day, tokyo.day], "2026-03-04").current).toBe(2);
    expect(streakFromDays([la.utcDay, tokyo.utcDay], "2026-03-04").current).toBe(1);
  });

  it("keeps the weekly streak on the way back west, when her next day comes before the last", () => {
    // Flying home on Monday 9 March from Tokyo (after a practice there at 07:00) and practising in
    // Los Angeles the same evening: Sunday 8 March there, a day *before* the Tokyo one.
    const tokyoMonday = practise("2026-03-09T07:00", "Asia/Tokyo");
    const backHome = practise("2026-03-08T20:00", "America/Los_Angeles");
    expect(backHome.at).toBeGreaterThan(tokyoMonday.at);
    const days = [la.day, tokyo.day, tokyoMonday.day, backHome.day];
    const whole = streakFromDays(days, "2026-03-10");
    expect(whole.current).toBe(3);
    let incremental = EMPTY_INCREMENTAL;
    for (const day of days) incremental = addPracticeDay(incremental, day);
    expect(finishIncremental(incremental, "2026-03-10")).toEqual(whole);
  });
});

describe("across the 2026 clock changes", () => {
  it("US spring forward (8 March): 23:30 on either side stays on its own evening", () => {
    const before = practise("2026-03-07T23:30", "America/Los_Angeles");
    const after = practise("2026-03-08T23:30", "America/Los_Angeles");
    expect([before.day, after.day]).toEqual(["2026-03-07", "2026-03-08"]);
    expect(after.at - before.at).toBe(23 * 3_600_000); // the short day
    // Sunday 8 March ends week 2 March; Monday 9 March at 00:15 begins the next.
    const monday = practise("2026-03-09T00:15", "America/Los_Angeles");
    expect(streakFromDays([after.day, monday.day], "2026-03-10").current).toBe(2);
  });

  it("US fall back (1 November): the repeated hour and the late evening stay on the right days", () => {
    // 01:30 happens twice that night: 08:30 UTC (daylight time) and 09:30 UTC (standard time).
    for (const utc of ["2026-11-01T08:30:00Z", "2026-11-01T09:30:00Z"]) {
      expect(DateTime.fromISO(utc).setZone("America/Los_Angeles").toFormat("HH:mm")).toBe("01:30");
      expect(localDay(Date.parse(utc), "America/Los_Angeles")).toBe("2026-11-01");
    }
    const sunday = practise("2026-11-01T23:30", "America/Los_Angeles");
    expect(sunday.day).toBe("2026-11-01");
    expect(sunday.utcDay).toBe("2026-11-02");
    const weeks = ["2026-10-25", sunday.day, "2026-11-03"];
    expect(streakFromDays(weeks, "2026-11-04").current).toBe(3);
  });

  it("EU spring forward (29 March) and fall back (25 October): a Monday 00:30 in Berlin is Monday", () => {
    const spring = practise("2026-03-30T00:30", "Europe/Berlin");
    expect(spring.day).toBe("2026-03-30");
    expect(spring.utcDay).toBe("2026-03-29"); // a UTC calendar would put it in the week before
    const autumn = practise("2026-10-26T00:30", "Europe/Berlin");
    expect(autumn.day).toBe("2026-10-26");
    expect(autumn.utcDay).toBe("2026-10-25");
    const sundayBefore = practise("2026-03-29T10:00", "Europe/Berlin");
    expect(streakFromDays([sundayBefore.day, spring.day], "2026-03-31").current).toBe(2);
    expect(streakFromDays([sundayBefore.utcDay, spring.utcDay], "2026-03-31").current).toBe(1);
    const octoberSunday = practise("2026-10-25T02:30", "Europe/Berlin"); // inside the repeated hour
    expect(octoberSunday.day).toBe("2026-10-25");
    expect(streakFromDays([octoberSunday.day, autumn.day], "2026-10-27").current).toBe(2);
  });
});

describe("streaks that forgive", () => {
  const weekly = (n: number, from = "2026-01-05") => Array.from({ length: n }, (_, i) => addDays(from, i * 7));

  it("earns a freeze for every four weeks kept, banks at most two, and spends one on a missed week by itself", () => {
    const eight = weekly(8); // 8 weeks from 5 Jan: a freeze earned as the 4th and the 8th week close
    expect(streakFromDays(eight, addDays(eight[7], 1))).toMatchObject({ current: 8, freezes: 1 });
    expect(streakFromDays(eight, addDays(eight[7], 7))).toMatchObject({ current: 8, freezes: 2 });
    const twelve = weekly(12);
    expect(streakFromDays(twelve, addDays(twelve[11], 1)).freezes).toBe(2);
    // Two weeks missed after eight kept: both covered, the streak stands.
    const later = addDays(eight[7], 21);
    expect(streakFromDays([...eight, later], later)).toMatchObject({ current: 9, freezes: 0, freezesUsed: 2 });
    // A third missed week ends it; the best stays.
    const tooLate = addDays(eight[7], 28);
    const summary = streakFromDays([...eight, tooLate], tooLate);
    expect(summary).toMatchObject({ current: 1, best: 8 });
  });

  it("a pause of up to 90 days keeps the streak; nothing counts and nothing breaks inside it", () => {
    const six = weekly(6);
    const pause = { start: addDays(six[5], 7), end: addDays(six[5], 7 + 89) };
    const back = addDays(pause.end, 1);
    const rules: StreakRules = { targets: [], pauses: [pause] };
    expect(streakFromDays([...six, back], back, rules).current).toBe(7);
    expect(streakFromDays([...six, back], back).current).toBe(1);
  });

  it("judges each week by the member's own target from the week it was set", () => {
    const days = ["2026-01-05", "2026-01-12", "2026-01-13", "2026-01-19"];
    const rules: StreakRules = { targets: [{ from: "2026-01-12", days: 2 }], pauses: [] };
    // Week of 12 Jan has two days (meets 2); week of 19 Jan has one so far: open, not yet met.
    expect(streakFromDays(days, "2026-01-20", rules)).toMatchObject({ current: 2, thisWeekDays: 1, thisWeekMet: false, target: 2 });
    // Once that week closes unmet with no freeze, the run ends, and says so plainly.
    expect(streakFromDays(days, "2026-01-27", rules)).toMatchObject({ current: 0, best: 2, justReset: true });
  });

  it("the open week never counts as missed before it ends", () => {
    expect(streakFromDays(["2026-01-05", "2026-01-12"], "2026-01-25").current).toBe(2);
  });

  it("counts days in the last 30 and the optional daily run", () => {
    const days = ["2026-02-01", "2026-02-20", "2026-03-01", "2026-03-02", "2026-03-03"];
    expect(daysInLast30(days, "2026-03-03")).toBe(4);
    expect(dailyCount(days, "2026-03-03")).toBe(3);
    expect(dailyCount(days, "2026-03-04")).toBe(3);
    expect(dailyCount(days, "2026-03-05")).toBe(0);
  });
});

describe("1,000 seeded histories: the streak kept as practices arrive equals the one from the whole record", () => {
  it("holds for every history", () => {
    for (let seed = 1; seed <= 1000; seed += 1) {
      const rand = prng(seed);
      const start = addDays("2025-06-02", Math.floor(rand() * 200));
      const days: string[] = [];
      let day = start;
      const n = Math.floor(rand() * 120);
      for (let i = 0; i < n; i += 1) {
        const r = rand();
        // Mostly forward by 0-10 days, sometimes a long gap, sometimes a day back (flying west).
        const step = r < 0.08 ? -1 : r < 0.15 ? 14 + Math.floor(rand() * 30) : Math.floor(rand() * 11);
        day = addDays(day, step);
        days.push(day);
      }
      const rules: StreakRules = {
        targets: rand() < 0.5 ? [] : [{ from: weekOf(addDays(start, Math.floor(rand() * 300))), days: 1 + Math.floor(rand() * 3) }],
        pauses:
          rand() < 0.5
            ? []
            : [{ start: addDays(start, Math.floor(rand() * 300)), end: addDays(start, 300 + Math.floor(rand() * 89)) }].map((p) => ({
                start: p.start,
                end: p.start > p.end ? p.start : p.end,
              })),
      };
      const today = addDays(
        days.reduce((a, b) => (a > b ? a : b), start),
        Math.floor(rand() * 40),
      );
      let incremental = EMPTY_INCREMENTAL;
      for (const d of days) incremental = addPracticeDay(incremental, d, rules);
      const whole = streakFromDays(days, today, rules);
      const kept = finishIncremental(incremental, today, rules);
      if (JSON.stringify(kept) !== JSON.stringify(whole))
        throw new Error(`seed ${seed}: ${JSON.stringify({ kept, whole, days, rules, today })}`);
    }
  });
});
