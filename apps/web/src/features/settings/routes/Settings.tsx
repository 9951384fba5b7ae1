import { useState } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useMe } from '../../auth/api/auth.ts';
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
        <form
          key={account.data.name + (account.data.defaultSenderName ?? '')}
          className="card stack"
          aria-labelledby="account-title"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const sender = String(data.get('defaultSenderName') ?? '').trim();
            update.mutate({ name: String(data.get('name') ?? '').trim(), defaultSenderName: sender || null });
          }}
        >
          <h2 id="account-title">Account</h2>
          <label className="field">
            <span>Account name</span>
            <input
              name="name"
              required
              defaultValue={account.data.name}
              disabled={!isOwner}
              maxLength={200}
            />
          </label>
          <label className="field">
            <span>Default sender name (invite emails; empty: the account name)</span>
            <input
              name="defaultSenderName"
              defaultValue={account.data.defaultSenderName ?? ''}
              disabled={!isOwner}
              maxLength={100}
            />
          </label>
          {isOwner ? (
            <button type="submit" className="primary" disabled={update.isPending}>
              Save
            </button>
          ) : (
            <p className="muted">Only an owner can change these.</p>
          )}
          {update.isSuccess ? <p role="status">Saved.</p> : null}
          <ErrorNotice error={update.error} inline />
        </form>
      ) : null}

      <BrandingForm isOwner={isOwner} />

      <RetentionForm isOwner={isOwner} />

      <PasskeysSection />

      <section className="card stack" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {members.isPending ? <Loading /> : null}
        <ErrorNotice error={members.error} />
        {members.data ? (
          <table className="responsive">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((m) => (
                <tr key={m.memberId}>
                  <td data-label="Email">
                    {m.email}
                    {m.name ? <span className="muted"> ({m.name})</span> : null}
                  </td>
                  <td data-label="Role">{m.role}</td>
                  <td data-label="Last sign-in">
                    {m.lastSignInAt ? formatDateTime(m.lastSignInAt) : 'never'}
                  </td>
                  <td data-label="Actions">
                    {isOwner && m.memberId !== me.data?.member?.memberId ? (
                      <button
                        type="button"
                        className="small danger"
                        onClick={() => {
                          if (confirm(`Remove ${m.email} from the account?`)) remove.mutate(m.memberId);
                        }}
                      >
                        Remove <span className="visually-hidden">{m.email}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {isOwner ? (
          <form
            className="row"
            aria-label="Invite a member"
            onSubmit={(e) => {
              e.preventDefault();
              invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') });
            }}
          >
            <label className="field">
              <span>Email</span>
              <input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label className="field">
              <span>Role</span>
              <select value={role} onChange={(e) => setRole(e.target.value as 'owner' | 'member')}>
                <option value="member">member</option>
                <option value="owner">owner</option>
              </select>
            </label>
            <button type="submit" className="primary" disabled={invite.isPending}>
              Invite
            </button>
          </form>
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
