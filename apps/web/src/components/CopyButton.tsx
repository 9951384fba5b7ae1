import { useState } from 'react';
import { copyText } from '../lib/clipboard.ts';

/** Copies `text` and says so (to screen readers too) for a moment. */
export function CopyButton({
  text,
  label,
  className,
}: {
  text: string | (() => Promise<string>);
  label: string;
  className?: string;
}) {
  const [done, setDone] = useState<'ok' | 'failed' | null>(null);
  return (
    <button
      type="button"
      className={className ?? 'small'}
      onClick={async () => {
        try {
          await copyText(typeof text === 'string' ? text : await text());
          setDone('ok');
        } catch {
          setDone('failed');
        }
        setTimeout(() => setDone(null), 2000);
      }}
    >
      {label}
      <span role="status" className={done ? undefined : 'visually-hidden'}>
        {done === 'ok' ? ' ✓ copied' : done === 'failed' ? ' (copy failed)' : ''}
      </span>
    </button>
  );
}
