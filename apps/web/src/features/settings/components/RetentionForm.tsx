import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { OwnerSave } from '../../../components/OwnerSave.tsx';
import { api } from '../../../lib/api-client.ts';
import type { Account as AccountBase } from '../../auth/api/auth.ts';

/** The account as GET /api/account answers it, with its retention (an extension of the spec). */
type Account = AccountBase & { retentionDays: number | null };

/** Most days a retention may be (the API's limit, RETENTION_DAYS_MAX). */
const MAX_DAYS = 36_500;

/**
 * "Records": how long ended sessions are kept before they are purged (PATCH /api/account `retentionDays`;
 * docs/evidence.md "Retention and purging"). Owners change it; other members see it.
 */
export function RetentionForm({ canAdminister }: { canAdminister: boolean }) {
  const client = useQueryClient();
  const account = useQuery({ queryKey: ['account'], queryFn: () => api<Account>('/api/account') });
  const save = useMutation({
    mutationFn: (retentionDays: number | null) =>
      api<Account>('/api/account', { method: 'PATCH', json: { retentionDays } }),
    onSuccess: (saved) => client.setQueryData(['account'], saved),
  });
  const current = account.data?.retentionDays ?? null;
  const [mode, setMode] = useState<'keep' | 'days' | null>(null);
  const [days, setDays] = useState('');
  const shown = mode ?? (current === null ? 'keep' : 'days');
  if (!account.data) return <ErrorNotice error={account.error} />;

  return (
    <Form
      className="card stack"
      aria-labelledby="retention-title"
      onSubmit={() => save.mutate(shown === 'keep' ? null : Number(days || current))}
    >
      <h2 id="retention-title">Records</h2>
      <p className="muted">
        Ended sessions (completed, cancelled, declined, expired or failed) are purged this long after they
        end: their documents, values and personal data are deleted, the document hashes and audit chain head
        are kept. A send may set its own period; a session under legal hold is never purged. Applies to
        sessions already ended.
      </p>
      <fieldset className="stack" disabled={!canAdminister}>
        <legend>Keep ended sessions</legend>
        <label className="check">
          <input type="radio" name="retention" checked={shown === 'keep'} onChange={() => setMode('keep')} />
          <span>Until someone purges them</span>
        </label>
        <label className="check">
          <input type="radio" name="retention" checked={shown === 'days'} onChange={() => setMode('days')} />
          <span>For a number of days</span>
        </label>
        {shown === 'days' ? (
          <TextField
            label={`Days after a session ends (1 to ${MAX_DAYS})`}
            name="retentionDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_DAYS}
            step={1}
            required
            value={days || (current === null ? '' : String(current))}
            onValue={setDays}
          />
        ) : null}
      </fieldset>
      <OwnerSave
        canAdminister={canAdminister}
        save={save}
        label="Save retention"
        notOwner="Only an owner can change this."
        saved={
          save.data?.retentionDays === null
            ? 'Saved: ended sessions are kept.'
            : `Saved: ended sessions are purged ${save.data?.retentionDays} days after they end.`
        }
      />
    </Form>
  );
}
