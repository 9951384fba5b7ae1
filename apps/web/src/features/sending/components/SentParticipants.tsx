import { CopyButton } from '../../../components/CopyButton.tsx';

export interface SentParticipant {
  participantId: string;
  name: string;
  email: string;
  /** The link to hand out (emails were off), else null. */
  signingUrl: string | null;
  /** What became of the invite when there is no link to show. */
  outcome: string;
}

/** Who a send went to: each recipient with their link to copy, or what became of their invite. */
export function SentParticipants({ participants }: { participants: SentParticipant[] }) {
  return (
    <ul className="sent-participants">
      {participants.map((p) => (
        <li key={p.participantId}>
          <strong>{p.name}</strong> <span className="muted">{p.email}</span>
          {' — '}
          {p.signingUrl ? (
            <>
              <code className="link-text">{p.signingUrl}</code>{' '}
              <CopyButton text={p.signingUrl} label={`Copy ${p.name}'s link`} />
            </>
          ) : (
            p.outcome
          )}
        </li>
      ))}
    </ul>
  );
}
