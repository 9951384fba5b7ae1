import type { SessionsSendResponse } from '@countersign/schemas';
import { Link } from 'wouter';
import { SentParticipants } from './SentParticipants.tsx';

/** What an own-documents send did: the session and each recipient's link (when emails were off). */
export function DocumentsResult({
  result,
  emailed,
  sequential,
}: {
  result: SessionsSendResponse;
  emailed: boolean;
  sequential: boolean;
}) {
  const row = result.rows[0];
  if (row?.status !== 'sent' || !row.sessionId) {
    return (
      <p className="notice error" role="alert">
        Not sent: {row?.message ?? row?.error ?? 'the server made no session'}
      </p>
    );
  }
  return (
    <section className="notice ok stack" aria-labelledby="sent-title">
      <h2 id="sent-title" role="status">
        Sent: {row.documents?.map((d) => d.filename).join(', ')}
      </h2>
      <SentParticipants
        participants={(row.participants ?? []).map((p, i) => ({
          participantId: p.participantId,
          name: p.displayName ?? p.email,
          email: p.email,
          signingUrl: p.signingUrl,
          outcome: !emailed
            ? 'link on the session’s page'
            : sequential && i > 0
              ? 'emailed when their turn comes'
              : 'invite emailed',
        }))}
      />
      <p>
        <Link href={`/sessions/${row.sessionId}`}>Follow the session</Link>
      </p>
    </section>
  );
}
