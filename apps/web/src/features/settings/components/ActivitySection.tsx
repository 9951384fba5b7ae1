import type { ActivityEvent } from '@countersign/schemas';
import {
  type ActivityAction,
  activityActionNames,
  activityActionPrefixes,
  activityActions,
} from '@countersign/schemas/activity-actions';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { DayRangeFields, Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Options } from '../../../components/Options.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type ActivityFilters, activityExportUrl, useActivity } from '../api/activity.ts';
import { useMembers } from '../api/settings.ts';

const ACTION_CHOICES: [string, string][] = [
  ...activityActionPrefixes.map((p): [string, string] => [p, `Every ${p.slice(0, -1)} action`]),
  ...activityActionNames.map((a): [string, string] => [a, a]),
];

const ACTOR_KINDS: [string, string][] = [
  ['token', 'Any token'],
  ['cli', 'Command line'],
  ['system', 'The service'],
];

/** What the details of an event say, in one line (a changed setting reads "name: Acme → Acme Ltd"). */
function detailsText(details: ActivityEvent['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([key, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        return `${key}: ${String(value.from ?? '—')} → ${String(value.to ?? '—')}`;
      }
      if (Array.isArray(value)) {
        const shown = value.slice(0, 3).join(', ');
        return `${key}: ${value.length > 3 ? `${shown} +${value.length - 3} more` : shown}`;
      }
      return `${key}: ${String(value ?? '—')}`;
    })
    .join('; ');
}

/**
 * The account's activity log (owners only: it needs `account:admin`): who changed what, when and from
 * where, filtered by action, actor and dates, a page at a time, and the same selection as a CSV download.
 */
export function ActivitySection({ isOwner }: { isOwner: boolean }) {
  const [filters, setFilters] = useState<ActivityFilters>({});
  const activity = useActivity(filters, isOwner);
  const members = useMembers();
  if (!isOwner) return null;
  const rows = activity.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <section className="card stack" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <p className="muted">
        Who changed what in this account: tokens, members, templates, webhooks, branding, settings, legal
        holds and purges.
      </p>
      <Form
        className="filters row"
        aria-label="Filter activity"
        onSubmit={(form) => {
          const data = new FormData(form);
          const next: ActivityFilters = {};
          for (const k of ['action', 'who', 'from', 'to'] as const) {
            const v = String(data.get(k) ?? '').trim();
            if (v) next[k] = v;
          }
          setFilters(next);
        }}
      >
        <Field label="Action">
          <select name="action" defaultValue={filters.action ?? ''}>
            <Options none="Any" choices={ACTION_CHOICES} />
          </select>
        </Field>
        <Field label="Who">
          <select name="who" defaultValue={filters.who ?? ''}>
            <Options
              none="Anyone"
              choices={[
                ...(members.data?.members.map((m) => [`member:${m.memberId}`, m.email] as const) ?? []),
                ...ACTOR_KINDS,
              ]}
            />
          </select>
        </Field>
        <DayRangeFields from={filters.from} to={filters.to} />
        <button type="submit" className="primary">
          Filter
        </button>
        <a className="button" href={activityExportUrl(filters)} download>
          Download CSV
        </a>
      </Form>
      {activity.isPending ? <Loading /> : null}
      <ErrorNotice error={activity.error} />
      {activity.isSuccess && rows.length === 0 ? <p className="muted">No activity matches.</p> : null}
      {rows.length ? (
        <DataTable
          caption="Account activity, newest first"
          className="activity"
          rows={rows}
          rowKey={(e) => e.activityId}
          columns={[
            { label: 'When', cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
            {
              label: 'Who',
              cell: (e) => (
                <span>
                  {e.actor.label}
                  {e.actor.kind === 'member' ? null : <span className="muted"> ({e.actor.kind})</span>}
                </span>
              ),
            },
            {
              label: 'What',
              cell: (e) => (
                <span>
                  <span title={activityActions[e.action as ActivityAction]}>{e.action}</span>
                  {e.details ? <span className="muted"> {detailsText(e.details)}</span> : null}
                </span>
              ),
            },
            {
              label: 'From',
              cell: (e) => (e.ip ? <span title={e.userAgent ?? undefined}>{e.ip}</span> : '—'),
            },
          ]}
        />
      ) : null}
      {activity.hasNextPage ? (
        <button type="button" onClick={() => activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
          {activity.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </section>
  );
}
