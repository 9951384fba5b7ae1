import { errorText } from '../lib/api-client.ts';

/** The server's reason for a failed request, announced; nothing when there is no error. */
export function ErrorNotice({ error, inline = false }: { error: unknown; inline?: boolean }) {
  if (!error) return null;
  return (
    <p className={inline ? 'error-text' : 'notice error'} role="alert">
      {errorText(error)}
    </p>
  );
}
