import { PRACTICE_SOURCES, SOURCE_NAMES, dayLabel } from "~/models/engagement/practice-calendar";
import type { YearPicture } from "~/models/engagement/practice-year";

/**
 * The member's last year as a quiet picture (issue 27): a column per week, its height the minutes
 * practised, in three soft tones by kind of practice, drawn as SVG in the server's HTML; weeks
 * practised are marked with a small dot beneath. The same figures follow as a table for screen readers
 * (the picture itself is hidden from them), with the year's minutes by kind in plain view.
 */
const COLUMN = 12;
const HEIGHT = 96;
const TONES: Record<(typeof PRACTICE_SOURCES)[number], string> = {
  live: "practice-year__live",
  on_demand: "practice-year__on-demand",
  studio: "practice-year__studio",
};

export function PracticeYear({ year }: { year: YearPicture }) {
  const scale = year.maxMinutes > 0 ? (HEIGHT - 4) / year.maxMinutes : 0;
  const width = year.weeks.length * COLUMN;
  return (
    <figure className="practice-year" aria-labelledby="practice-year-caption">
      <figcaption id="practice-year-caption">
        Your last year: {year.weeksPractised} of {year.weeks.length} weeks practised
      </figcaption>
      <svg
        className="practice-year__picture"
        viewBox={`0 0 ${width} ${HEIGHT + 12}`}
        width={width}
        height={HEIGHT + 12}
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="xMinYMid meet"
      >
        <line x1="0" x2={width} y1={HEIGHT} y2={HEIGHT} className="practice-year__base" />
        {year.weeks.map((week, i) => {
          let top = HEIGHT;
          return (
            <g key={week.week}>
              {PRACTICE_SOURCES.map((source) => {
                const h = week.minutes[source] * scale;
                if (h <= 0) return null;
                top -= h;
                return <rect key={source} className={TONES[source]} x={i * COLUMN + 2} y={top} width={COLUMN - 4} height={h} rx="2" />;
              })}
              {week.days > 0 ? <circle className="practice-year__dot" cx={i * COLUMN + COLUMN / 2} cy={HEIGHT + 7} r="2.5" /> : null}
            </g>
          );
        })}
      </svg>
      <ul className="practice-year__legend">
        {PRACTICE_SOURCES.map((source) => (
          <li key={source}>
            <span className={`practice-year__swatch ${TONES[source]}`} aria-hidden="true" /> {SOURCE_NAMES[source]}: {year.totals[source]}{" "}
            minutes this year
          </li>
        ))}
      </ul>
      {/* The hidden box is a div around the table: a table keeps its content's width whatever its own
          width says, and would widen the page (WCAG 1.4.10). */}
      <div className="visually-hidden">
        <table>
          <caption>Your practice week by week, the last year</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Days practised</th>
              {PRACTICE_SOURCES.map((source) => (
                <th scope="col" key={source}>
                  {SOURCE_NAMES[source]} (minutes)
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {year.weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{dayLabel(week.week)}</th>
                <td>{week.days}</td>
                {PRACTICE_SOURCES.map((source) => (
                  <td key={source}>{week.minutes[source]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
