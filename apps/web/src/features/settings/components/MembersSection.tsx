import { useState } from 'react';
import { confirmColumn, DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field, TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Member } from '../../auth/api/auth.ts';
import { useInviteMember, useMembers, useRemoveMember } from '../api/settings.ts';

/** The account's members; an owner invites and removes them (never themselves). */
export function MembersSection({
  isOwner,
  myMemberId,
}: {
  isOwner: boolean;
  myMemberId: string | undefined;
}) {
  const members = useMembers();
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'owner' | 'member'>('member');

  return (
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
              isOwner && m.memberId !== myMemberId
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
  );
}
