import { FREEZE_BANK, WEEKS_PER_FREEZE, type StreakSummary } from "~/models/engagement/streak";

const weeks = (n: number) => `${n} ${n === 1 ? "week" : "weeks"}`;
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/**
 * The practice page's figures (issue 27): the weekly streak, the best one, the last 30 days, this
 * week against the member's aim, freezes banked and, only when asked for, the daily count. After a
 * reset it says so plainly and keeps the best run in view: no cheer, no exclamation, nothing to buy.
 */
export function PracticeFigures({
  streak,
  last30,
  daily,
}: {
  streak: Pick<StreakSummary, "current" | "best" | "thisWeekDays" | "target" | "freezes">;
  last30: number;
  daily: number | null;
}) {
  return (
    <>
      <dl className="practice-figures">
        <div>
          <dt>Current weekly streak</dt>
          <dd>{weeks(streak.current)}</dd>
        </div>
        <div>
          <dt>Best streak</dt>
          <dd>{weeks(streak.best)}</dd>
        </div>
        <div>
          <dt>Days practised</dt>
          <dd>{last30} of the last 30 days</dd>
        </div>
        <div>
          <dt>This week</dt>
          <dd>
            {streak.thisWeekDays} of {days(streak.target)}
          </dd>
        </div>
        <div>
          <dt>Freezes banked</dt>
          <dd>
            {streak.freezes} of {FREEZE_BANK}
          </dd>
        </div>
        {daily !== null ? (
          <div>
            <dt>Days in a row</dt>
            <dd>{days(daily)}</dd>
          </div>
        ) : null}
      </dl>
      {streak.current === 0 && streak.best > 0 ? (
        <p className="practice__note">
          No current streak. Your longest run, {weeks(streak.best)}, stays on your record. A week counts when you practise on{" "}
          {days(streak.target)} in it.
        </p>
      ) : null}
      <p className="practice__note">
        A freeze covers a missed week by itself; you earn one for every {WEEKS_PER_FREEZE} weeks you keep, and hold up to {FREEZE_BANK}.
        Streaks can't be bought back, and never need to be.
      </p>
    </>
  );
}
