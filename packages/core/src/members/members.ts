import { type MemberRole, members } from '@countersign/db';
import { and, asc, eq } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';

export type MemberRow = typeof members.$inferSelect;

/** Emails compare case-insensitively everywhere (sign-in, invites): one spelling is stored. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

export interface MemberView {
  memberId: string;
  email: string;
  name: string | null;
  role: MemberRole;
  createdAt: string;
  lastSignInAt: string | null;
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export const memberView = (m: MemberRow): MemberView => ({
  memberId: m.id,
  email: m.email,
  name: m.name,
  role: m.role,
  createdAt: iso(m.createdAt)!,
  lastSignInAt: iso(m.lastSignInAt),
});

/** The row of a new member (callers insert it, alone or in their transaction). */
export function newMemberRow(
  ctx: ServiceContext,
  accountId: string,
  input: { email: string; name?: string | null; role: MemberRole },
): MemberRow {
  return {
    id: newId(),
    accountId,
    email: normalEmail(input.email),
    name: input.name?.trim() || null,
    role: input.role,
    createdAt: ctx.clock.now(),
    lastSignInAt: null,
  };
}

export async function listMembers(ctx: ServiceContext, accountId: string): Promise<MemberView[]> {
  const rows = await ctx.db
    .select()
    .from(members)
    .where(eq(members.accountId, accountId))
    .orderBy(asc(members.createdAt), asc(members.id));
  return rows.map(memberView);
}

/** A member of this account, or 404 (another account's member does not exist for the caller). */
export async function memberOf(ctx: ServiceContext, accountId: string, memberId: string): Promise<MemberRow> {
  const [row] = await ctx.db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.accountId, accountId)))
    .limit(1);
  if (!row) throw new DomainError('member_not_found', `member ${memberId} not found`);
  return row;
}

export async function addMember(
  ctx: ServiceContext,
  accountId: string,
  input: { email: string; name?: string | null; role: MemberRole },
): Promise<MemberRow> {
  const row = newMemberRow(ctx, accountId, input);
  const [existing] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.email, row.email)))
    .limit(1);
  if (existing) throw new DomainError('member_exists', `${row.email} is already a member of this account`);
  await ctx.db.insert(members).values(row);
  return row;
}

/** Removing a member ends their sign-in sessions and links with them (cascade); one owner always stays. */
export async function removeMember(ctx: ServiceContext, accountId: string, memberId: string): Promise<void> {
  const target = await memberOf(ctx, accountId, memberId);
  if (target.role === 'owner') {
    const owners = await ctx.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.role, 'owner')));
    if (owners.length <= 1) throw new DomainError('last_owner', 'the account must keep at least one owner');
  }
  await ctx.db.delete(members).where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
}
