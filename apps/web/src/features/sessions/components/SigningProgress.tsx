import type { SessionListItem } from '@countersign/schemas';

/** "1 of 2 signed" with a bar, and who declined when someone did. */
export function SigningProgress({ recipients }: { recipients: SessionListItem['recipients'] }) {
  const signed = recipients.filter((r) => r.status === 'signed').length;
  const declined = recipients.find((r) => r.status === 'declined');
  const text = `${signed} of ${recipients.length} signed`;
  return (
    <span className="progress">
      <progress max={recipients.length} value={signed} aria-label={text} />
      <span>
        {text}
        {declined ? `; ${declined.name} declined` : ''}
      </span>
    </span>
  );
}
