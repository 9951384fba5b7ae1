import type { Passkey } from '@countersign/schemas';
import { useState } from 'react';
import { confirmColumn } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
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
      <QueryTable
        query={passkeys}
        rows={passkeys.data?.passkeys}
        rowKey={(p) => p.passkeyId}
        columns={[
          { label: 'Name', cell: (p) => <PasskeyName passkey={p} /> },
          { label: 'Added', cell: (p) => formatDateTime(p.createdAt) },
          { label: 'Last used', cell: (p) => (p.lastUsedAt ? formatDateTime(p.lastUsedAt) : 'never') },
          confirmColumn('Remove', (p: Passkey) => ({
            subject: p.label,
            question: `Remove the passkey "${p.label}"? It will no longer sign you in.`,
            onConfirm: () => remove.mutate(p.passkeyId),
          })),
        ]}
      >
        No passkeys yet.
      </QueryTable>
      <ErrorNotice error={remove.error} inline />
      {supported ? (
        <Form
          className="row"
          aria-label="Add a passkey"
          onSubmit={() => add.mutate(label.trim(), { onSuccess: () => setLabel('') })}
        >
          <TextField
            label="Name (optional)"
            value={label}
            maxLength={100}
            placeholder="e.g. Work laptop"
            onValue={setLabel}
          />
          <button type="submit" className="primary" disabled={add.isPending}>
            {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
          </button>
        </Form>
      ) : (
        <p className="muted">This browser cannot create passkeys.</p>
      )}
      {add.isSuccess ? <p role="status">Passkey added: {add.data.label}.</p> : null}
      <ErrorNotice error={add.error} inline />
    </section>
  );
}

/** A passkey's name, and renaming it in place. */
function PasskeyName({ passkey: p }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <span className="row">
        {p.label}
        <button type="button" className="small" onClick={() => setEditing(true)}>
          Rename <span className="visually-hidden">{p.label}</span>
        </button>
      </span>
    );
  }
  return (
    <Form
      className="row"
      onSubmit={(form) => {
        const label = String(new FormData(form).get('label') ?? '').trim();
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
      <ErrorNotice error={rename.error} inline />
    </Form>
  );
}
