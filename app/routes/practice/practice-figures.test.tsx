import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { streakFromDays } from "~/models/engagement/streak";
import { PracticeFigures } from "./practice-figures";

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the practice page's figures", () => {
  it("after a long run ends, says so plainly, keeps the best in view, and never cheers", () => {
    // 30 weeks kept from 5 Jan 2026, then nothing for three months: the freezes cannot cover it.
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 0, 5 + i * 7)).toISOString().slice(0, 10));
    const streak = streakFromDays(days, "2026-11-04");
    expect(streak).toMatchObject({ current: 0, best: 30 });
    const shown = text(renderToStaticMarkup(<PracticeFigures streak={streak} last30={0} daily={null} />));
    expect(shown).toContain("No current streak. Your longest run, 30 weeks, stays on your record.");
    expect(shown).toContain("Best streak 30 weeks");
    expect(shown).not.toMatch(/!|great|congrat|well done|fresh start|keep it up|buy|repair|restore/i);
  });

  it("a run that starts again after a reset reads as a number, not a celebration", () => {
    const shown = text(
      renderToStaticMarkup(
        <PracticeFigures streak={{ current: 1, best: 30, thisWeekDays: 1, target: 1, freezes: 0 }} last30={1} daily={null} />,
      ),
    );
    expect(shown).toContain("Current weekly streak 1 week");
    expect(shown).not.toMatch(/!|great|start|congrat/i);
    expect(shown).not.toContain("Days in a row");
  });

  it("shows the daily count only when the member asked for it", () => {
    const shown = text(
      renderToStaticMarkup(
        <PracticeFigures streak={{ current: 2, best: 2, thisWeekDays: 3, target: 2, freezes: 0 }} last30={9} daily={3} />,
      ),
    );
    expect(shown).toContain("Days in a row 3 days");
    expect(shown).toContain("9 of the last 30 days");
  });
});
