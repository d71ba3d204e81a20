import { describe, expect, it } from "vitest";
import { joinWindow, ordinal, waitlistOrder } from "./booking";

describe("the join window", () => {
  const liveClass = { startsAt: "2026-11-24T15:00:00.000Z", durationMinutes: 30 };
  const at = (iso: string) => joinWindow(liveClass, new Date(iso)).open;

  it("opens ten minutes before the start and closes at the end, both edges included", () => {
    expect(at("2026-11-24T14:49:59.999Z")).toBe(false);
    expect(at("2026-11-24T14:50:00.000Z")).toBe(true);
    expect(at("2026-11-24T15:30:00.000Z")).toBe(true);
    expect(at("2026-11-24T15:30:00.001Z")).toBe(false);
  });
});

describe("a place in line", () => {
  it("reads as an English ordinal", () => {
    const expected = [
      "1st",
      "2nd",
      "3rd",
      "4th",
      "5th",
      "6th",
      "7th",
      "8th",
      "9th",
      "10th",
      "11th",
      "12th",
      "13th",
      "14th",
      "15th",
      "16th",
      "17th",
      "18th",
      "19th",
      "20th",
      "21st",
      "22nd",
      "23rd",
      "24th",
    ];
    expect(Array.from({ length: 24 }, (_, i) => ordinal(i + 1))).toEqual(expected);
    expect([101, 111, 112, 113, 122].map(ordinal)).toEqual(["101st", "111th", "112th", "113th", "122nd"]);
  });

  it("goes by who asked first, then by id for a tie", () => {
    const order = waitlistOrder([
      { uid: "c", waitlistedAt: 5 },
      { uid: "b", waitlistedAt: 3 },
      { uid: "a", waitlistedAt: 5 },
    ]);
    expect(order.map((entry) => entry.uid)).toEqual(["b", "a", "c"]);
  });
});
