import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { OwnerSave } from '../../../components/OwnerSave.tsx';
import { useAccount, useUpdateAccount } from '../api/settings.ts';

/**
 * The account's name, default sender name and outcome address (a shared inbox told of every session's end).
 * Owners change them; other members see them.
 */
export function AccountForm({ canAdminister }: { canAdminister: boolean }) {
  const account = useAccount();
  const update = useUpdateAccount();

  return (
    <>
      {account.isPending ? <Loading /> : null}
      <ErrorNotice error={account.error} />
      {account.data ? (
        <Form
          key={account.data.name + (account.data.defaultSenderName ?? '') + (account.data.outcomeEmail ?? '')}
          className="card stack"
          aria-labelledby="account-title"
          onSubmit={(form) => {
            const data = new FormData(form);
            const sender = String(data.get('defaultSenderName') ?? '').trim();
            const outcomeEmail = String(data.get('outcomeEmail') ?? '').trim();
            update.mutate({
              name: String(data.get('name') ?? '').trim(),
              defaultSenderName: sender || null,
              outcomeEmail: outcomeEmail || null,
            });
          }}
        >
          <h2 id="account-title">Account</h2>
          <Field label="Account name">
            <input
              name="name"
              required
              defaultValue={account.data.name}
              disabled={!canAdminister}
              maxLength={200}
            />
          </Field>
          <Field label="Default sender name (invite emails; empty: the account name)">
            <input
              name="defaultSenderName"
              defaultValue={account.data.defaultSenderName ?? ''}
              disabled={!canAdminister}
              maxLength={100}
            />
          </Field>
          <Field label="Outcome address: emailed when any session completes or is declined (empty: none)">
            <input
              name="outcomeEmail"
              type="email"
              defaultValue={account.data.outcomeEmail ?? ''}
              disabled={!canAdminister}
              maxLength={254}
              autoComplete="off"
            />
          </Field>
          <OwnerSave canAdminister={canAdminister} save={update} label="Save" saved="Saved." />
        </Form>
      ) : null}
    </>
  );
}
