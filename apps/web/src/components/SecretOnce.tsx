import { CopyButton } from './CopyButton.tsx';

/** A secret the server shows only once (refresh token, webhook secret): copy it now, it will not be shown again. */
export function SecretOnce({ title, secret, onDone }: { title: string; secret: string; onDone(): void }) {
  return (
    <div className="notice ok stack" role="alert">
      <strong>{title}</strong>
      <p className="muted">Copy it now: it is shown only this once.</p>
      <code className="secret" data-testid="secret">
        {secret}
      </code>
      <div className="row">
        <CopyButton text={secret} label="Copy" className="primary" />
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
