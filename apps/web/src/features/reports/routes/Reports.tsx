import type { SessionReport } from '@countersign/schemas';
import { useLocation, useSearch } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Options } from '../../../components/Options.tsx';
import { useTemplates } from '../../templates/api/templates.ts';
import { type ReportFilters, reportQuery, useSessionReport } from '../api/reports.ts';
import { OutcomesChart, SERIES } from '../components/OutcomesChart.tsx';

const DAY = 86_400_000;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The last 30 days by default; whatever was chosen lives in the address, so a report can be shared. */
function useFilters(): [ReportFilters, (f: ReportFilters) => void] {
  const params = new URLSearchParams(useSearch());
  const [path, navigate] = useLocation();
  const today = Date.now();
  const filters: ReportFilters = {
    from: params.get('from') ?? day(today - 29 * DAY),
    to: params.get('to') ?? day(today),
    interval: params.get('interval') === 'week' ? 'week' : 'day',
    templateId: params.get('templateId') ?? undefined,
  };
  const set = (f: ReportFilters) => {
    const next = new URLSearchParams({ from: f.from, to: f.to, interval: f.interval });
    if (f.templateId) next.set('templateId', f.templateId);
    navigate(`${path}?${next}`, { replace: true });
  };
  return [filters, set];
}

/** "3 h 20 min", "2 d 4 h", "45 s": a duration as people read one. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

export default function Reports() {
  const [filters, setFilters] = useFilters();
  const report = useSessionReport(filters);
  const templates = useTemplates();
  const label = (b: SessionReport['buckets'][number]) =>
    filters.interval === 'week' ? `week of ${b.start.slice(0, 10)}` : b.start.slice(0, 10);
  return (
    <main className="page" id="main">
      <h1>Reports</h1>
      <Form
        className="filters row"
        aria-label="Report period"
        key={reportQuery(filters)}
        onSubmit={(form) => {
          const data = new FormData(form);
          setFilters({
            from: String(data.get('from')),
            to: String(data.get('to')),
            interval: data.get('interval') === 'week' ? 'week' : 'day',
            templateId: String(data.get('templateId') ?? '') || undefined,
          });
        }}
      >
        <Field label="From">
          <input type="date" name="from" required defaultValue={filters.from} />
        </Field>
        <Field label="To">
          <input type="date" name="to" required defaultValue={filters.to} />
        </Field>
        <Field label="Per">
          <select name="interval" defaultValue={filters.interval}>
            <option value="day">Day</option>
            <option value="week">Week</option>
          </select>
        </Field>
        <Field label="Template">
          <select name="templateId" defaultValue={filters.templateId ?? ''}>
            <Options
              none="All sessions"
              choices={templates.data?.templates.map((t) => [t.templateId, t.name] as const)}
            />
          </select>
        </Field>
        <button type="submit" className="primary">
          Show
        </button>
      </Form>
      {report.isPending ? <Loading /> : null}
      <ErrorNotice error={report.error} />
      {report.data ? (
        <>
          <section className="card stack" aria-labelledby="summary-title">
            <h2 id="summary-title">Summary</h2>
            <dl className="facts">
              {SERIES.map((s) => (
                <div key={s.key}>
                  <dt>{s.label}</dt>
                  <dd>{report.data.totals[s.key].toLocaleString('en-US')}</dd>
                </div>
              ))}
              <div>
                <dt>Median time to complete</dt>
                <dd>{duration(report.data.medianSecondsToComplete)}</dd>
              </div>
              <div>
                <dt>Slowest step</dt>
                <dd>
                  {report.data.steps[0]
                    ? `${report.data.steps[0].step} (${duration(report.data.steps[0].medianSecondsToSign)} to sign)`
                    : '—'}
                </dd>
              </div>
            </dl>
            <p>
              <a href={`/api/reports/sessions.csv?${reportQuery(filters)}`} download>
                Download CSV
              </a>
            </p>
          </section>
          <section className="card stack" aria-labelledby="outcomes-title">
            <h2 id="outcomes-title">Sessions per {filters.interval}</h2>
            <OutcomesChart report={report.data} label={label} />
            <section
              className="table-scroll"
              aria-label="Sessions per bucket, as numbers"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
              tabIndex={0}
            >
              <table>
                <caption className="visually-hidden">Sessions per {filters.interval}</caption>
                <thead>
                  <tr>
                    <th scope="col">{filters.interval === 'week' ? 'Week of' : 'Day'}</th>
                    {SERIES.map((s) => (
                      <th key={s.key} scope="col">
                        {s.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.data.buckets.map((b) => (
                    <tr key={b.start}>
                      <th scope="row">{b.start.slice(0, 10)}</th>
                      {SERIES.map((s) => (
                        <td key={s.key}>{b[s.key]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </section>
          <section className="card stack" aria-labelledby="steps-title">
            <h2 id="steps-title">Time to sign, by step</h2>
            {report.data.steps.length === 0 ? (
              <p className="muted">Nobody signed a session sent in this period.</p>
            ) : (
              <table>
                <thead>
                  <tr>
                    <th scope="col">Step</th>
                    <th scope="col">Signatures</th>
                    <th scope="col">Median time to sign</th>
                  </tr>
                </thead>
                <tbody>
                  {report.data.steps.map((s) => (
                    <tr key={s.step}>
                      <th scope="row">{s.step}</th>
                      <td>{s.signatures}</td>
                      <td>{duration(s.medianSecondsToSign)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </main>
  );
}
