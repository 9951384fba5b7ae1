import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Form } from '../../../components/Form.tsx';
import { useCancelSessions, useRemindSessions } from '../api/sessions.ts';
import { CancelReasonField } from './CancelReasonField.tsx';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * What the member can do to the sessions selected in the list at once: remind everyone they wait for, or
 * cancel them (with a reason for the signers). Each session answers for itself; the outcome is said here.
 */
export function BulkActions({ selected, onDone }: { selected: string[]; onDone(): void }) {
  const remind = useRemindSessions();
  const cancel = useCancelSessions();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const busy = remind.isPending || cancel.isPending;

  return (
    <section className="bulk card stack" aria-label="Selected sessions">
      <div className="row">
        <strong>{plural(selected.length, 'session')} selected</strong>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            remind.mutate(selected, {
              onSuccess: (results) => {
                const people = results.reduce((n, r) => n + r.reminded.length, 0);
                const refused = results.filter((r) => r.error);
                setOutcome(
                  `Reminded ${plural(people, 'person', 'people')}.` +
                    (refused.length
                      ? ` Not reminded: ${refused.map((r) => r.message ?? r.error).join('; ')}.`
                      : ''),
                );
              },
            })
          }
        >
          Remind
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Cancel…
        </button>
        <button type="button" className="link" onClick={onDone}>
          Clear the selection
        </button>
      </div>
      {confirming ? (
        <Form
          className="stack"
          aria-label="Cancel the selected sessions"
          onSubmit={() =>
            cancel.mutate(
              { sessionIds: selected, reason: reason.trim() || undefined },
              {
                onSuccess: (outcomes) => {
                  const failed = outcomes.filter((o) => o.error);
                  setOutcome(
                    `Cancelled ${plural(outcomes.length - failed.length, 'session')}.` +
                      (failed.length ? ` Not cancelled: ${failed.map((o) => o.error).join('; ')}.` : ''),
                  );
                  setConfirming(false);
                  setReason('');
                },
              },
            )
          }
        >
          <CancelReasonField value={reason} onValue={setReason} />
          <div className="row">
            <button type="submit" className="danger" disabled={busy}>
              Cancel {plural(selected.length, 'session')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Keep them
            </button>
          </div>
        </Form>
      ) : null}
      {outcome ? (
        <p className="notice" role="status">
          {outcome}
        </p>
      ) : null}
      <ErrorNotice error={remind.error ?? cancel.error} />
    </section>
  );
}
