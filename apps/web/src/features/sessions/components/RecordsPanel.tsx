import type { SessionDetail } from '@countersign/schemas';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLegalHold, usePurgeSession } from '../api/records.ts';

/**
 * "Records" on a session's page: how long it is kept, its legal hold, and purging it once it has ended
 * (docs/evidence.md "Retention and purging"). Owners act; other members see the state.
 */
export function RecordsPanel({
  session: s,
  canAdminister,
}: {
  session: SessionDetail;
  canAdminister: boolean;
}) {
  const hold = useLegalHold();
  const purge = usePurgeSession();
  const [confirming, setConfirming] = useState(false);
  const ended = s.status !== 'active';

  if (s.purge) {
    return (
      <section aria-labelledby="records-title">
        <h3 id="records-title">Records</h3>
        <p data-testid="purge-state">
          {s.purge.state === 'purged'
            ? `Purged ${formatDateTime(s.purge.purgedAt!)}`
            : `Purge under way (asked ${formatDateTime(s.purge.requestedAt)})`}
          {s.purge.reason === 'retention' ? ' because its retention period ended' : ''}. Kept: the document
          hashes and the audit chain head.
        </p>
        {s.purge.auditChainHead ? (
          <p className="muted chain-head">
            Audit chain head <code>{s.purge.auditChainHead}</code>
          </p>
        ) : null}
      </section>
    );
  }

  const kept = s.legalHold
    ? 'Under legal hold: nothing purges it until the hold is released.'
    : s.purgeAt
      ? `Purged automatically on ${formatDateTime(s.purgeAt)} (retention ${s.retentionDays} days).`
      : s.retentionDays
        ? `Kept ${s.retentionDays} days after it ends.`
        : 'Kept until someone purges it (no retention period).';
  return (
    <section aria-labelledby="records-title">
      <h3 id="records-title">Records</h3>
      <p data-testid="records-state">{kept}</p>
      {canAdminister ? (
        <div className="row">
          <button
            type="button"
            className="small"
            aria-pressed={s.legalHold}
            disabled={hold.isPending}
            onClick={() => hold.mutate({ sessionId: s.sessionId, hold: !s.legalHold })}
          >
            {s.legalHold ? 'Release legal hold' : 'Place legal hold'}
          </button>
          {ended && !s.legalHold && !confirming ? (
            <button type="button" className="small danger" onClick={() => setConfirming(true)}>
              Purge session…
            </button>
          ) : null}
        </div>
      ) : (
        <p className="muted">Only an owner can place a legal hold or purge a session.</p>
      )}
      {!ended && canAdminister ? <p className="muted">A session can be purged once it has ended.</p> : null}
      {confirming && !s.legalHold ? (
        <fieldset className="card stack" aria-labelledby="purge-confirm">
          <p id="purge-confirm">
            <strong>Purge “{s.title}” permanently?</strong> Its documents, field values, signatures, audit
            trail and every name and email are deleted. Only the document hashes and the audit chain head are
            kept. This cannot be undone.
          </p>
          <div className="row">
            <button
              type="button"
              className="danger"
              disabled={purge.isPending}
              onClick={() => purge.mutate(s.sessionId, { onSuccess: () => setConfirming(false) })}
            >
              Purge permanently
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </fieldset>
      ) : null}
      <ErrorNotice error={hold.error ?? purge.error} inline />
    </section>
  );
}
