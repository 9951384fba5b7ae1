import type { TemplateSendResponse } from '@countersign/schemas';
import { Link } from 'wouter';
import { SentParticipants } from './SentParticipants.tsx';

const INVITE_TEXT = {
  sent: 'invite emailed',
  failed: 'the invite email failed',
  skipped: 'no email',
} as const;

/**
 * What a send did: the session (or why it was not made) and, per recipient, the invite email's fate or the
 * link to hand out when emails were off. Links are shown once here; the session's page can make new ones.
 */
export function SendResult({ result }: { result: TemplateSendResponse }) {
  const entry = result.instantiation.sessions[0];
  if (!entry || entry.status === 'error') {
    return (
      <p className="notice error" role="alert">
        Not sent: {entry?.error ?? 'the server made no session'}
      </p>
    );
  }
  const invite = result.invites.find((i) => i.sessionId === entry.sessionId);
  return (
    <section className="notice ok stack" aria-labelledby="sent-title">
      <h2 id="sent-title" role="status">
        Sent{invite?.title ? `: ${invite.title}` : ''}
      </h2>
      <SentParticipants
        participants={(invite?.participants ?? []).map((p) => ({
          participantId: p.participantId,
          name: p.name ?? p.email,
          email: p.email,
          signingUrl: p.signingUrl ?? null,
          outcome: INVITE_TEXT[p.status],
        }))}
      />
      <p>
        <Link href={`/sessions/${entry.sessionId}`}>Follow the session</Link>
      </p>
    </section>
  );
}
