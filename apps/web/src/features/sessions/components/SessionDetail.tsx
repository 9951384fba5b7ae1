import { useState } from 'react';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useHolds } from '../../auth/api/auth.ts';
import { signingLink, useCancelSession, useResendInvite, useSession } from '../api/sessions.ts';
import { AuditTrailSection } from './AuditTrailSection.tsx';
import { CancelReasonField } from './CancelReasonField.tsx';
import { RecordsPanel } from './RecordsPanel.tsx';

export function SessionDetailPanel({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const session = useSession(sessionId);
  const canAdminister = useHolds('account:admin');
  const cancel = useCancelSession();
  const resend = useResendInvite();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);

  if (session.isPending) return <Loading />;
  if (session.isError) {
    return (
      <section className="session-detail card" aria-label="Session">
        <p className="notice error" role="alert">
          {errorText(session.error)}
        </p>
        <button type="button" onClick={onClose}>
          Back to the list
        </button>
      </section>
    );
  }
  const s = session.data;
  const signed = s.participants.filter((p) => p.status === 'signed').length;
  return (
    <section className="session-detail card" aria-labelledby="session-title">
      <div className="row spread">
        <h2 id="session-title">{s.title}</h2>
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      <p>
        <span className={`badge ${s.status}`} data-testid="session-status">
          {s.status}
        </span>{' '}
        {s.test ? (
          <>
            <span className="badge test" title="A test session: not legally binding, outside the allowance">
              Test
            </span>{' '}
          </>
        ) : null}
        <span className="muted">
          {signed} of {s.participants.length} signed · sent {formatDateTime(s.createdAt)} · expires{' '}
          {formatDateTime(s.expiresAt)}
        </span>
      </p>
      <progress max={s.participants.length} value={signed} aria-label="Signers who have signed" />
      {s.cancelReason ? <p>Cancelled: {s.cancelReason}</p> : null}
      {s.declineReason ? <p>Declined: {s.declineReason}</p> : null}

      <h3>Signers</h3>
      <ul className="signers">
        {s.participants.map((p) => (
          <li key={p.participantId}>
            <div>
              <strong>{p.name}</strong> <span className="muted">{p.email}</span>
              {p.roleLabel ? <span className="muted"> · {p.roleLabel}</span> : null}
            </div>
            <div className="row">
              <span className={`badge ${p.status}`}>{p.status}</span>
              <span className="muted">invite {p.inviteStatus}</span>
              {s.status === 'active' && p.status !== 'signed' && p.status !== 'declined' ? (
                <>
                  <button
                    type="button"
                    className="small"
                    disabled={resend.isPending}
                    onClick={() => resend.mutate({ sessionId, participantId: p.participantId })}
                  >
                    Resend invite
                  </button>
                  <CopyButton
                    text={() => signingLink(sessionId, p.participantId)}
                    label={`Copy ${p.name}'s link`}
                  />
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <ErrorNotice error={resend.error} inline />
      {resend.isSuccess ? <p role="status">Invite sent again.</p> : null}

      <h3>Documents</h3>
      <ul>
        {s.documents.map((d) => (
          <li key={d.documentId}>
            {s.purge ? (
              // Purged: the file is gone (410); its SHA-256 stays in the tombstone.
              <span>{d.filename} (purged)</span>
            ) : (
              <a href={d.downloadUrl} download={d.filename} data-signed={d.signed}>
                {d.filename} ({d.signed ? 'signed and sealed' : 'prepared'})
              </a>
            )}
          </li>
        ))}
      </ul>

      <AuditTrailSection session={s} />

      <RecordsPanel session={s} canAdminister={canAdminister} />

      {s.status === 'active' ? (
        confirming ? (
          <Form
            className="stack"
            onSubmit={() =>
              cancel.mutate(
                { sessionId, reason: reason.trim() || undefined },
                { onSuccess: () => setConfirming(false) },
              )
            }
          >
            <CancelReasonField value={reason} onValue={setReason} />
            <div className="row">
              <button type="submit" className="danger" disabled={cancel.isPending}>
                Cancel the session
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
            <ErrorNotice error={cancel.error} inline />
          </Form>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            Cancel session…
          </button>
        )
      ) : null}
    </section>
  );
}
