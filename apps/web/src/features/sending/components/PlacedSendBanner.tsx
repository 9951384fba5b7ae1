import type { PlacedSend } from '../placed-send.ts';

/** Above the designer while documents wait for their fields ("Send documents"): whose fields, and what is next. */
export function PlacedSendBanner({ pending }: { pending: PlacedSend }) {
  const names = pending.form.recipients.map((r) => r.role ?? r.name);
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return (
    <p className="notice dz-placed">
      Sending to {who}: give each of them their fields (each recipient is a role here), then choose{' '}
      <strong>Send…</strong> to check the recipients and send.
    </p>
  );
}
