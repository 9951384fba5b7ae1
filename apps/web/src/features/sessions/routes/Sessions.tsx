import { useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { DayRangeFields, Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Options } from '../../../components/Options.tsx';
import { useAddressQuery } from '../../../lib/address-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTemplates } from '../../templates/api/templates.ts';
import { type SessionFilters, useSessions } from '../api/sessions.ts';
import { BulkActions } from '../components/BulkActions.tsx';
import { SessionDetailPanel } from '../components/SessionDetail.tsx';
import { SigningProgress } from '../components/SigningProgress.tsx';

const STATUSES = ['active', 'completed', 'cancelled', 'declined', 'expired'] as const;
const FILTER_KEYS = [
  'recipient',
  'q',
  'status',
  'templateId',
  'bulkSendBatchId',
  'from',
  'to',
  'mode',
] as const;
const MODES = [
  ['', 'Live sessions'],
  ['test', 'Test sessions'],
  ['all', 'Live and test'],
] as const;

/** Filters live in the address, so a filtered list can be bookmarked and shared; a new set replaces them all. */
function useFilters(): [SessionFilters, (f: SessionFilters) => void] {
  const [filters, change] = useAddressQuery(FILTER_KEYS);
  return [filters, (f) => change(Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]])))];
}

export default function Sessions() {
  const { sessionId } = useParams<{ sessionId?: string }>();
  const [filters, setFilters] = useFilters();
  const sessions = useSessions(filters);
  const templates = useTemplates();
  const search = useSearch();
  const [, navigate] = useLocation();
  const rows = sessions.data?.pages.flatMap((p) => p.sessions) ?? [];
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = rows.length > 0 && rows.every((s) => selected.has(s.sessionId));

  return (
    <main className={`page sessions${sessionId ? ' has-detail' : ''}`} id="main">
      <div className="page-head">
        <h1>Sessions</h1>
        <p className="row">
          <Link href="/send" className="button primary">
            Send documents
          </Link>
          <Link href="/templates" className="button">
            Send a template
          </Link>
        </p>
      </div>
      <Form
        className="filters row"
        aria-label="Filter sessions"
        onSubmit={(form) => {
          const data = new FormData(form);
          const next: SessionFilters = {};
          for (const k of FILTER_KEYS) {
            const v = String(data.get(k) ?? '').trim();
            if (v) next[k] = v;
          }
          setFilters(next);
        }}
        key={search}
      >
        <Field label="Recipient name or email">
          <input type="search" name="recipient" defaultValue={filters.recipient} autoComplete="off" />
        </Field>
        <Field label="Title">
          <input type="search" name="q" defaultValue={filters.q} />
        </Field>
        <Field label="Status">
          <select name="status" defaultValue={filters.status ?? ''}>
            <Options none="Any" choices={STATUSES} />
          </select>
        </Field>
        <Field label="Template">
          <select name="templateId" defaultValue={filters.templateId ?? ''}>
            <Options
              none="Any"
              choices={templates.data?.templates.map((t) => [t.templateId, t.name] as const)}
            />
          </select>
        </Field>
        <Field label="Mode">
          <select name="mode" defaultValue={filters.mode ?? ''}>
            {MODES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Bulk batch">
          <input name="bulkSendBatchId" defaultValue={filters.bulkSendBatchId} size={12} />
        </Field>
        <DayRangeFields from={filters.from} to={filters.to} />
        <button type="submit" className="primary">
          Filter
        </button>
        {Object.keys(filters).length ? (
          <button type="button" onClick={() => setFilters({})}>
            Clear
          </button>
        ) : null}
      </Form>

      <div className="sessions-split">
        <section className="sessions-list" aria-label="Session list">
          {sessions.isPending ? <Loading /> : null}
          <ErrorNotice error={sessions.error} />
          {sessions.isSuccess && rows.length === 0 ? <p className="muted">No sessions match.</p> : null}
          {selected.size ? (
            <BulkActions selected={[...selected]} onDone={() => setSelected(new Set())} />
          ) : null}
          {rows.length ? (
            <table className="responsive">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select every session shown"
                      checked={allShown}
                      onChange={(e) =>
                        setSelected(new Set(e.target.checked ? rows.map((s) => s.sessionId) : []))
                      }
                    />
                  </th>
                  <th scope="col">Title</th>
                  <th scope="col">Recipients</th>
                  <th scope="col">Progress</th>
                  <th scope="col">Status</th>
                  <th scope="col">Sent</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.sessionId} aria-current={s.sessionId === sessionId ? 'true' : undefined}>
                    <td data-label="Select">
                      <input
                        type="checkbox"
                        aria-label={`Select ${s.title}`}
                        checked={selected.has(s.sessionId)}
                        onChange={(e) => toggle(s.sessionId, e.target.checked)}
                      />
                    </td>
                    <td data-label="Title">
                      <a
                        href={`/app/sessions/${s.sessionId}${search ? `?${search}` : ''}`}
                        onClick={(e) => {
                          if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                          e.preventDefault();
                          navigate(`/sessions/${s.sessionId}${search ? `?${search}` : ''}`);
                        }}
                      >
                        {s.title}
                      </a>
                      {s.test ? (
                        <>
                          {' '}
                          <span className="badge test">Test</span>
                        </>
                      ) : null}
                    </td>
                    <td data-label="Recipients">{s.recipients.map((r) => r.name).join(', ')}</td>
                    <td data-label="Progress">
                      <SigningProgress recipients={s.recipients} />
                    </td>
                    <td data-label="Status">
                      <span className={`badge ${s.status}`}>{s.status}</span>
                    </td>
                    <td data-label="Sent">{formatDateTime(s.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {sessions.hasNextPage ? (
            <button
              type="button"
              onClick={() => sessions.fetchNextPage()}
              disabled={sessions.isFetchingNextPage}
            >
              {sessions.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </section>
        {sessionId ? (
          <SessionDetailPanel
            sessionId={sessionId}
            onClose={() => navigate(`/sessions${search ? `?${search}` : ''}`)}
          />
        ) : null}
      </div>
    </main>
  );
}
