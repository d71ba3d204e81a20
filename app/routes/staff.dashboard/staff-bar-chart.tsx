/**
 * A small bar chart drawn on the server (issue 26): plain SVG, no script; the bars come laid out
 * (features/staff/dashboard barsFor). It is decoration for
 * sighted readers; the numbers it draws are written beside it and in the table it sits in, so it is
 * hidden from screen readers.
 */
export function StaffBarChart({
  bars,
  width,
  height,
}: {
  bars: ReadonlyArray<{ x: number; y: number; width: number; height: number }>;
  width: number;
  height: number;
}) {
  return (
    <svg className="staff-chart" width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
      {bars.map((bar, i) => (
        <rect key={i} x={bar.x} y={bar.y} width={bar.width} height={bar.height} />
      ))}
    </svg>
  );
}

/** One horizontal bar for a percentage (a class's fill), hidden from screen readers like the chart. */
export function StaffFillBar({ percent, width = 80, height = 10 }: { percent: number; width?: number; height?: number }) {
  const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
  return (
    <svg
      className="staff-chart staff-chart--fill"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <rect className="staff-chart__track" x={0} y={0} width={width} height={height} />
      <rect x={0} y={0} width={filled} height={height} />
    </svg>
  );
}
