import type { SessionReport } from '@countersign/schemas';

type Bucket = SessionReport['buckets'][number];

/** The series drawn, each with a colour at 3:1 or more against white and a name in the legend. */
const SERIES = [
  { key: 'sent', label: 'Sent', color: '#1d4ed8' },
  { key: 'completed', label: 'Completed', color: '#15803d' },
  { key: 'declined', label: 'Declined', color: '#b91c1c' },
  { key: 'expired', label: 'Expired', color: '#6b7280' },
] as const;

const HEIGHT = 160;

/**
 * Sent, completed, declined and expired per bucket as grouped bars (SVG, scaled to its width). The chart is an
 * image with a text alternative that says what it shows; the numbers themselves are in the table beside it.
 */
export function OutcomesChart({ report, label }: { report: SessionReport; label: (b: Bucket) => string }) {
  const max = Math.max(1, ...report.buckets.flatMap((b) => SERIES.map((s) => b[s.key])));
  const group = 10;
  const bar = group / (SERIES.length + 1);
  const width = report.buckets.length * group;
  const { totals } = report;
  const summary =
    `Sessions per ${report.interval} from ${label(report.buckets[0]!)} to ${label(report.buckets.at(-1)!)}: ` +
    `${totals.sent} sent, ${totals.completed} completed, ${totals.declined} declined, ${totals.expired} expired. ` +
    'The table below has every number.';
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        width="100%"
        height={HEIGHT}
      >
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={width}
          y2={HEIGHT - 0.5}
          stroke="#6b7280"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
        {report.buckets.map((b, i) =>
          SERIES.map((s, j) => {
            const h = (b[s.key] / max) * (HEIGHT - 8);
            return h > 0 ? (
              <rect
                key={`${b.start}${s.key}`}
                x={i * group + bar * (j + 0.5)}
                y={HEIGHT - h}
                width={bar}
                height={h}
                fill={s.color}
              />
            ) : null;
          }),
        )}
      </svg>
      <figcaption className="row legend">
        {SERIES.map((s) => (
          <span key={s.key}>
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export { SERIES };
