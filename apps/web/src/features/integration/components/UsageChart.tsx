/** Units used per day over the last 30 days: a bar chart in plain SVG (no chart library), with a text summary. */
export function UsageChart({ daily }: { daily: { date: string; units: number }[] }) {
  const max = Math.max(1, ...daily.map((d) => d.units));
  const total = daily.reduce((n, d) => n + d.units, 0);
  const w = 300;
  const h = 80;
  const bar = w / Math.max(daily.length, 1);
  return (
    <figure className="usage-chart">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-label={`Units used per day, last ${daily.length} days: ${total} in total`}
      >
        {daily.map((d, i) => {
          const bh = (d.units / max) * (h - 4);
          return (
            <rect
              key={d.date}
              x={i * bar + 1}
              y={h - bh}
              width={Math.max(bar - 2, 1)}
              height={bh}
              fill="#0b57d0"
            >
              <title>
                {d.date}: {d.units}
              </title>
            </rect>
          );
        })}
        <line x1="0" y1={h - 0.5} x2={w} y2={h - 0.5} stroke="#8c959f" />
      </svg>
      <figcaption className="muted">
        Last {daily.length} days: {total} units, at most {max === 1 && total === 0 ? 0 : max} in a day.
      </figcaption>
    </figure>
  );
}
