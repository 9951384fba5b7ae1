import type { AuditTrail, SessionDetail } from '@countersign/schemas';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { auditDownloads, useAuditTrail } from '../api/sessions.ts';

type AuditEvent = AuditTrail['events'][number];

/** Each audit event type as the page says it; an unknown one as its own words. */
const EVENT_TEXT: Record<string, string> = {
  'session.created': 'Sent',
  'invite.queued': 'Invite emailed',
  'invite.resent': 'Invite sent again',
  'reminder.queued': 'Reminder emailed',
  'link.opened': 'Opened the link',
  'link.viewed': 'Viewed the documents',
  'code.sent': 'One-time code emailed',
  'code.verified': 'One-time code entered',
  'code.failed': 'Wrong one-time code entered',
  'participant.signed': 'Signed',
  'participant.declined': 'Declined',
  'session.signed': 'Everyone signed',
  'session.completed': 'Completed: documents sealed',
  'session.completion_failed': 'Sealing failed',
  'session.completion_retried': 'Sealing tried again',
  'session.declined': 'Declined',
  'session.cancelled': 'Cancelled',
  'session.expired': 'Expired',
  'session.purged': 'Documents purged',
};
const eventText = (type: string) => EVENT_TEXT[type] ?? type.replace(/[._]/g, ' ');

/** The longest part of a user agent shown in the table; the whole of it is in the cell's title and the files. */
const AGENT_SHOWN = 48;

/**
 * The session's audit trail as a table: when (to the second, with the time zone), what, who (name and email),
 * from where (IP, browser); and the trail to download as JSON (the API's, with the hashes that chain it) or CSV.
 */
export function AuditTrailSection({ session }: { session: SessionDetail }) {
  const trail = useAuditTrail(session.sessionId, session.status === 'active');
  const people = new Map(session.participants.map((p) => [p.participantId, p]));
  const files = auditDownloads(session.sessionId);
  return (
    <section aria-labelledby="audit-title" className="stack audit">
      <h3 id="audit-title">Audit trail</h3>
      {trail.isPending ? <Loading /> : null}
      <ErrorNotice error={trail.error} />
      {trail.data && trail.data.events.length === 0 ? (
        <p className="muted">
          The trail was deleted with the session's documents. Its last hash:{' '}
          <code className="link-text">{trail.data.chainHead ?? 'none'}</code>
        </p>
      ) : null}
      {trail.data?.events.length ? (
        <DataTable
          rows={trail.data.events}
          rowKey={(e) => e.id}
          columns={[
            {
              label: 'When',
              cell: (e: AuditEvent) => <time dateTime={e.at}>{formatInstant(e.at)}</time>,
            },
            { label: 'What', cell: (e: AuditEvent) => eventText(e.type) },
            {
              label: 'Who',
              cell: (e: AuditEvent) => {
                const p = e.participantId ? people.get(e.participantId) : undefined;
                return p ? (
                  <span>
                    {p.name} <span className="muted who-email">{p.email}</span>
                  </span>
                ) : (
                  '—'
                );
              },
            },
            { label: 'IP address', cell: (e: AuditEvent) => e.ip ?? '—' },
            {
              label: 'Browser',
              cell: (e: AuditEvent) =>
                e.userAgent ? (
                  <span title={e.userAgent}>
                    {e.userAgent.length > AGENT_SHOWN ? `${e.userAgent.slice(0, AGENT_SHOWN)}…` : e.userAgent}
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      ) : null}
      <p className="row">
        <a className="button small" href={files.json} download={`audit-${session.sessionId}.json`}>
          Download the trail (JSON)
        </a>
        <a className="button small" href={files.csv} download>
          Download the trail (CSV)
        </a>
      </p>
    </section>
  );
}
