import { describe, expect, it } from "vitest";
import { addDays } from "./practice-calendar";
import {
  PracticeSettingsSchema,
  applyPracticeForm,
  defaultPracticeSettings,
  pauseAllowance,
  type PracticeSettings,
} from "./practice-settings";

/**
 * Issue 35, a lower finding: a member could chain 90-day pauses without end (a new pause replaced the
 * running one from today), until their settings held 500 pauses and every save threw. Pauses are one
 * at a time and add up to at most 90 days in any 365.
 */

const pause = (settings: PracticeSettings, today: string, days: number) => {
  const allowance = pauseAllowance(settings, today);
  return allowance.maxDays >= days ? applyPracticeForm(settings, { intent: "pause", pauseDays: days }, today) : null;
};

describe("pauses", () => {
  it("are one at a time: a running pause is not replaced by a new one", () => {
    const paused = pause(defaultPracticeSettings("u"), "2026-01-05", 30)!;
    expect(pauseAllowance(paused, "2026-01-20")).toMatchObject({ maxDays: 0, reason: "running" });
    expect(pause(paused, "2026-01-20", 90)).toBeNull();
  });

  it("add up to at most 90 days in any 365, and say when the next one may start", () => {
    let settings = pause(defaultPracticeSettings("u"), "2026-01-01", 60)!;
    expect(pauseAllowance(settings, "2026-04-01")).toMatchObject({ maxDays: 30 });
    settings = pause(settings, "2026-04-01", 30)!;
    const later = pauseAllowance(settings, "2026-06-01");
    expect(later).toMatchObject({ maxDays: 0, reason: "year", nextFrom: "2027-01-01" });
    expect(pauseAllowance(settings, "2027-01-01").maxDays).toBeGreaterThan(0);
  });

  it("can no longer be chained without end: a year of daily attempts pauses 90 days at most, and the settings stay valid", () => {
    let settings = defaultPracticeSettings("u");
    let day = "2026-01-01";
    for (let i = 0; i < 2_000; i += 1, day = addDays(day, 1)) {
      const allowance = pauseAllowance(settings, day);
      if (allowance.maxDays > 0) settings = applyPracticeForm(settings, { intent: "pause", pauseDays: allowance.maxDays }, day);
      expect(() => PracticeSettingsSchema.parse(settings)).not.toThrow();
    }
    const pausedIn2026 = settings.pauses
      .filter((p) => p.start.startsWith("2026"))
      .reduce((sum, p) => sum + (Date.parse(p.end) - Date.parse(p.start)) / 86_400_000 + 1, 0);
    expect(pausedIn2026).toBeLessThanOrEqual(90);
  });
});
