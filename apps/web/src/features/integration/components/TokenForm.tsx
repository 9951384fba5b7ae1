import { type Scope, scopeDescriptions } from '@countersign/schemas/scopes';
import { useState } from 'react';
import { CheckboxGroup } from '../../../components/CheckboxGroup.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { scopeNames, type useCreateToken } from '../api/integration.ts';

/**
 * "Create a refresh token": a label, the scopes (those the member holds, all ticked at first: a token never
 * holds more than its maker) and test or live.
 */
export function TokenForm({
  held,
  create,
}: {
  /** The member's scopes (GET /api/me): the only ones offered. */
  held: readonly Scope[];
  create: ReturnType<typeof useCreateToken>;
}) {
  const [label, setLabel] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<Scope>>(() => new Set(held));
  const [test, setTest] = useState(false);
  const picked = held.filter((s) => chosen.has(s));

  return (
    <Form
      className="stack"
      aria-label="Create a refresh token"
      onSubmit={() =>
        create.mutate(
          { label: label.trim() || undefined, scopes: picked, test },
          {
            onSuccess: () => {
              setLabel('');
              setChosen(new Set(held));
              setTest(false);
            },
          },
        )
      }
    >
      <TextField
        label="Label"
        value={label}
        onValue={setLabel}
        placeholder="e.g. production backend"
        maxLength={100}
      />
      <CheckboxGroup
        legend="Scopes: what the token may do"
        className="choices scopes"
        choices={held}
        value={chosen}
        onChange={setChosen}
        label={(s) => (
          <span>
            {scopeNames[s]} <code>{s}</code>
          </span>
        )}
        hint={(s) => scopeDescriptions[s]}
      />
      {picked.length === 0 ? (
        <p className="error-text" role="alert">
          Pick at least one scope.
        </p>
      ) : null}
      <fieldset className="row choices">
        <legend>Mode</legend>
        <label className="check">
          <input type="radio" name="token-mode" checked={!test} onChange={() => setTest(false)} />
          <span>Live</span>
        </label>
        <label className="check">
          <input type="radio" name="token-mode" checked={test} onChange={() => setTest(true)} />
          <span>Test: its sessions are test sessions (free, not legally binding)</span>
        </label>
      </fieldset>
      <button type="submit" className="primary" disabled={create.isPending || picked.length === 0}>
        Create token
      </button>
      <ErrorNotice error={create.error} inline />
    </Form>
  );
}
