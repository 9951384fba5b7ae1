import { type MemberRole, members } from '@countersign/db';
import { scopesOfRole } from '@countersign/schemas/scopes';
import { and, asc, eq } from 'drizzle-orm';
import { narrowTokensOfMember, revokeTokensOfMember } from '../accounts/refresh-tokens.ts';
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
    outcomeEmails: true,
    emailLocale: null,
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

/** Refuses to leave the account without an owner when `target` stops being one. */
async function keepAnOwner(ctx: ServiceContext, accountId: string, target: MemberRow): Promise<void> {
  if (target.role !== 'owner') return;
  const owners = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.role, 'owner')));
  if (owners.length <= 1) throw new DomainError('last_owner', 'the account must keep at least one owner');
}

/**
 * Removing a member ends their sign-in sessions and links with them (cascade) and revokes the tokens they
 * made, in one transaction; one owner always stays. Returns the removed member.
 */
export async function removeMember(
  ctx: ServiceContext,
  accountId: string,
  memberId: string,
  alsoInTransaction?: (removed: MemberRow) => Promise<void>,
): Promise<MemberRow> {
  return await ctx.db.transaction(async () => {
    const target = await memberOf(ctx, accountId, memberId);
    await keepAnOwner(ctx, accountId, target);
    await revokeTokensOfMember(ctx, memberId);
    await ctx.db.delete(members).where(and(eq(members.id, memberId), eq(members.accountId, accountId)));
    await alsoInTransaction?.(target);
    return target;
  });
}

/**
 * A member's new role. A demoted owner's tokens lose the scopes a member does not hold, in the same
 * transaction; the account keeps an owner. Returns the member before and after.
 */
export async function changeMemberRole(
  ctx: ServiceContext,
  accountId: string,
  memberId: string,
  role: MemberRole,
  alsoInTransaction?: (before: MemberRow, after: MemberRow) => Promise<void>,
): Promise<{ before: MemberRow; after: MemberRow }> {
  return await ctx.db.transaction(async () => {
    const before = await memberOf(ctx, accountId, memberId);
    if (before.role !== role) {
      await keepAnOwner(ctx, accountId, before);
      await ctx.db.update(members).set({ role }).where(eq(members.id, memberId));
      await narrowTokensOfMember(ctx, memberId, scopesOfRole(role));
    }
    const after = { ...before, role };
    await alsoInTransaction?.(before, after);
    return { before, after };
  });
}
