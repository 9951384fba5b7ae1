import { useState } from 'react';
import { confirmColumn, DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field, TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { OwnerSave } from '../../../components/OwnerSave.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type Member, useMe } from '../../auth/api/auth.ts';
import {
  useAccount,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useUpdateAccount,
} from '../api/settings.ts';
import { BrandingForm } from '../components/BrandingForm.tsx';
import { PasskeysSection } from '../components/PasskeysSection.tsx';
import { RetentionForm } from '../components/RetentionForm.tsx';

export default function Settings() {
  const me = useMe();
  const account = useAccount();
  const update = useUpdateAccount();
  const members = useMembers();
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'owner' | 'member'>('member');
  const isOwner = me.data?.member?.role === 'owner';

  return (
    <main className="page" id="main">
      <h1>Settings</h1>
      {account.isPending ? <Loading /> : null}
      <ErrorNotice error={account.error} />
      {account.data ? (
        <Form
          key={account.data.name + (account.data.defaultSenderName ?? '')}
          className="card stack"
          aria-labelledby="account-title"
          onSubmit={(form) => {
            const data = new FormData(form);
            const sender = String(data.get('defaultSenderName') ?? '').trim();
            update.mutate({ name: String(data.get('name') ?? '').trim(), defaultSenderName: sender || null });
          }}
        >
          <h2 id="account-title">Account</h2>
          <Field label="Account name">
            <input
              name="name"
              required
              defaultValue={account.data.name}
              disabled={!isOwner}
              maxLength={200}
            />
          </Field>
          <Field label="Default sender name (invite emails; empty: the account name)">
            <input
              name="defaultSenderName"
              defaultValue={account.data.defaultSenderName ?? ''}
              disabled={!isOwner}
              maxLength={100}
            />
          </Field>
          <OwnerSave isOwner={isOwner} save={update} label="Save" saved="Saved." />
        </Form>
      ) : null}

      <BrandingForm isOwner={isOwner} />

      <RetentionForm isOwner={isOwner} />

      <PasskeysSection />

      <section className="card stack" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {members.isPending ? <Loading /> : null}
        <ErrorNotice error={members.error} />
        {members.data ? (
          <DataTable
            rows={members.data.members}
            rowKey={(m) => m.memberId}
            columns={[
              {
                label: 'Email',
                cell: (m) => (
                  <>
                    {m.email}
                    {m.name ? <span className="muted"> ({m.name})</span> : null}
                  </>
                ),
              },
              { label: 'Role', cell: (m) => m.role },
              {
                label: 'Last sign-in',
                cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt) : 'never'),
              },
              confirmColumn('Remove', (m: Member) =>
                isOwner && m.memberId !== me.data?.member?.memberId
                  ? {
                      subject: m.email,
                      question: `Remove ${m.email} from the account?`,
                      onConfirm: () => remove.mutate(m.memberId),
                    }
                  : null,
              ),
            ]}
          />
        ) : null}
        {isOwner ? (
          <Form
            className="row"
            aria-label="Invite a member"
            onSubmit={() => invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') })}
          >
            <TextField label="Email" type="email" required value={email} onValue={setEmail} />
            <Field label="Role">
              <select value={role} onChange={(e) => setRole(e.target.value as 'owner' | 'member')}>
                <option value="member">member</option>
                <option value="owner">owner</option>
              </select>
            </Field>
            <button type="submit" className="primary" disabled={invite.isPending}>
              Invite
            </button>
          </Form>
        ) : null}
        {invite.isSuccess ? <p role="status">Invitation sent.</p> : null}
        {[invite, remove].map((m) =>
          m.isError ? (
            <p key={m === invite ? 'invite' : 'remove'} className="error-text" role="alert">
              {errorText(m.error)}
            </p>
          ) : null,
        )}
      </section>
    </main>
  );
}
