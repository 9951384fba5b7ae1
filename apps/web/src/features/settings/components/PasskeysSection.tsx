import type { Passkey } from '@countersign/schemas';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  passkeysSupported,
  useAddPasskey,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from '../../auth/api/passkeys.ts';

/** "Your passkeys": the signed-in member's own (each member adds theirs; owners see only their own too). */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [label, setLabel] = useState('');
  const supported = passkeysSupported();

  return (
    <section className="card stack" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Your passkeys</h2>
      <p className="muted">
        Sign in with your device's fingerprint, face or PIN instead of an emailed link. A passkey works for
        you in this account only.
      </p>
      {passkeys.isPending ? <Loading /> : null}
      <ErrorNotice error={passkeys.error} />
      {passkeys.data && passkeys.data.passkeys.length === 0 ? <p>No passkeys yet.</p> : null}
      {passkeys.data && passkeys.data.passkeys.length > 0 ? (
        <table className="responsive">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {passkeys.data.passkeys.map((p) => (
              <PasskeyRow key={p.passkeyId} passkey={p} onRemove={() => remove.mutate(p.passkeyId)} />
            ))}
          </tbody>
        </table>
      ) : null}
      <ErrorNotice error={remove.error} inline />
      {supported ? (
        <form
          className="row"
          aria-label="Add a passkey"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(label.trim(), { onSuccess: () => setLabel('') });
          }}
        >
          <label className="field">
            <span>Name (optional)</span>
            <input
              value={label}
              maxLength={100}
              placeholder="e.g. Work laptop"
              onChange={(e) => setLabel(e.target.value)}
            />
          </label>
          <button type="submit" className="primary" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
          </button>
        </form>
      ) : (
        <p className="muted">This browser cannot create passkeys.</p>
      )}
      {add.isSuccess ? <p role="status">Passkey added: {add.data.label}.</p> : null}
      <ErrorNotice error={add.error} inline />
    </section>
  );
}

function PasskeyRow({ passkey: p, onRemove }: { passkey: Passkey; onRemove(): void }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  return (
    <tr>
      <td data-label="Name">
        {editing ? (
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              const label = String(new FormData(e.currentTarget).get('label') ?? '').trim();
              rename.mutate({ passkeyId: p.passkeyId, label }, { onSuccess: () => setEditing(false) });
            }}
          >
            <input
              name="label"
              defaultValue={p.label}
              maxLength={100}
              required
              aria-label={`New name for ${p.label}`}
              // biome-ignore lint/a11y/noAutofocus: the field the member just asked to edit
              autoFocus
            />
            <button type="submit" className="small primary" disabled={rename.isPending}>
              Save
            </button>
            <button type="button" className="small" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          p.label
        )}
        <ErrorNotice error={rename.error} inline />
      </td>
      <td data-label="Added">{formatDateTime(p.createdAt)}</td>
      <td data-label="Last used">{p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'never'}</td>
      <td data-label="Actions">
        <div className="row">
          {editing ? null : (
            <button type="button" className="small" onClick={() => setEditing(true)}>
              Rename <span className="visually-hidden">{p.label}</span>
            </button>
          )}
          <button
            type="button"
            className="small danger"
            onClick={() => {
              if (confirm(`Remove the passkey "${p.label}"? It will no longer sign you in.`)) onRemove();
            }}
          >
            Remove <span className="visually-hidden">{p.label}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
