import { useState } from 'react';
import { confirmColumn, DataTable } from '../../../components/DataTable.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Field, TextField } from '../../../components/Field.tsx';
import { Form } from '../../../components/Form.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Options } from '../../../components/Options.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Member } from '../../auth/api/auth.ts';
import { useChangeRole, useInviteMember, useMembers, useRemoveMember } from '../api/settings.ts';

const ROLES = ['member', 'owner'] as const satisfies readonly Member['role'][];

/**
 * The account's members; an owner invites and removes them (never themselves) and changes their roles (their
 * own too, while another owner remains: the server answers 409 `last_owner` otherwise).
 */
export function MembersSection({
  canAdminister,
  myMemberId,
}: {
  canAdminister: boolean;
  myMemberId: string | undefined;
}) {
  const members = useMembers();
  const invite = useInviteMember();
  const remove = useRemoveMember();
  const changeRole = useChangeRole();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Member['role']>('member');

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
            {
              label: 'Role',
              cell: (m) =>
                canAdminister ? (
                  <RoleSelect
                    member={m}
                    disabled={changeRole.isPending}
                    onRole={(role) => changeRole.mutate({ memberId: m.memberId, role })}
                  />
                ) : (
                  m.role
                ),
            },
            {
              label: 'Last sign-in',
              cell: (m) => (m.lastSignInAt ? formatDateTime(m.lastSignInAt) : 'never'),
            },
            confirmColumn('Remove', (m: Member) =>
              canAdminister && m.memberId !== myMemberId
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
      {canAdminister ? (
        <Form
          className="row"
          aria-label="Invite a member"
          onSubmit={() => invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail('') })}
        >
          <TextField label="Email" type="email" required value={email} onValue={setEmail} />
          <Field label="Role">
            <select value={role} onChange={(e) => setRole(e.target.value as Member['role'])}>
              <Options choices={ROLES} />
            </select>
          </Field>
          <button type="submit" className="primary" disabled={invite.isPending}>
            Invite
          </button>
        </Form>
      ) : (
        <p className="muted">Only an owner can invite or remove members and change their roles.</p>
      )}
      {invite.isSuccess ? <p role="status">Invitation sent.</p> : null}
      {changeRole.isSuccess ? (
        <p role="status">
          {changeRole.data.email} is now {changeRole.data.role === 'owner' ? 'an owner' : 'a member'}.
        </p>
      ) : null}
      {(
        [
          ['invite', invite],
          ['remove', remove],
          ['role', changeRole],
        ] as const
      ).map(([key, m]) =>
        m.isError ? (
          <p key={key} className="error-text" role="alert">
            {errorText(m.error)}
          </p>
        ) : null,
      )}
    </section>
  );
}

const roleQuestion = (m: Member, role: Member['role']) =>
  role === 'owner'
    ? `Make ${m.email} an owner? Owners administer the account: members, every token, settings.`
    : `Make ${m.email} a member? They lose account:admin, and so do the tokens they made.`;

/** A member's role, changed after a confirmation (the select shows the saved role until the server agrees). */
function RoleSelect({
  member,
  disabled,
  onRole,
}: {
  member: Member;
  disabled: boolean;
  onRole(role: Member['role']): void;
}) {
  return (
    <select
      aria-label={`Role of ${member.email}`}
      value={member.role}
      disabled={disabled}
      onChange={(e) => {
        const role = e.target.value as Member['role'];
        if (confirm(roleQuestion(member, role))) onRole(role);
      }}
    >
      <Options choices={ROLES} />
    </select>
  );
}
