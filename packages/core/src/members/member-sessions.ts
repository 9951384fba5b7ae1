import { createHash } from 'node:crypto';
import { type MemberRole, type MemberSessionMethod, memberSessions, members } from '@countersign/db';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId, newSecret, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import type { MemberRow } from './members.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_MS } from './policy.ts';

const PREFIX = 'csms_';

/** Who a valid session cookie belongs to. */
export interface MemberIdentity {
  sessionId: string;
  memberId: string;
  accountId: string;
  role: MemberRole;
  email: string;
}

/**
 * The CSRF token of a session: derived from the cookie's secret, so it needs no storage, changes with every
 * session and cannot be computed by anyone who cannot read the (HttpOnly) cookie.
 */
export const csrfTokenFor = (sessionToken: string): string =>
  createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');

export async function startMemberSession(
  ctx: ServiceContext,
  member: MemberRow,
  info: { method: MemberSessionMethod; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ token: string; sessionId: string; expiresAt: number }> {
  const token = newSecret(PREFIX);
  const now = ctx.clock.now();
  const sessionId = newId();
  const expiresAt = now + SESSION_ABSOLUTE_MS;
  await ctx.db.insert(memberSessions).values({
    id: sessionId,
    memberId: member.id,
    accountId: member.accountId,
    tokenHash: sha256Hex(token),
    method: info.method,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    userAgent: info.userAgent?.slice(0, 300) ?? null,
    ip: info.ip ?? null,
  });
  return { token, sessionId, expiresAt };
}

/**
 * The member behind a session cookie, or undefined when it is unknown, revoked, idle too long or past its
 * absolute end. Looked up by hash (nothing about the secret's bytes is compared in user-visible time).
 */
export async function authenticateMemberSession(
  ctx: ServiceContext,
  token: string,
): Promise<MemberIdentity | undefined> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ session: memberSessions, member: members })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(
      and(
        eq(memberSessions.tokenHash, sha256Hex(token)),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
        gt(memberSessions.lastSeenAt, now - SESSION_IDLE_MS),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  if (now - row.session.lastSeenAt >= SESSION_TOUCH_MS) {
    await ctx.db.update(memberSessions).set({ lastSeenAt: now }).where(eq(memberSessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    memberId: row.member.id,
    accountId: row.member.accountId,
    role: row.member.role,
    email: row.member.email,
  };
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** The member's live sessions, newest first; `current` marks the one asking. */
export async function listMemberSessions(ctx: ServiceContext, memberId: string, currentSessionId?: string) {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, now),
        gt(memberSessions.lastSeenAt, now - SESSION_IDLE_MS),
      ),
    )
    .orderBy(desc(memberSessions.lastSeenAt));
  return rows.map((s) => ({
    sessionId: s.id,
    method: s.method,
    createdAt: iso(s.createdAt)!,
    lastSeenAt: iso(s.lastSeenAt)!,
    expiresAt: iso(Math.min(s.expiresAt, s.lastSeenAt + SESSION_IDLE_MS))!,
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === currentSessionId,
  }));
}

/** Revokes one of the member's own sessions; takes effect on the next request that presents it. */
export async function revokeMemberSession(
  ctx: ServiceContext,
  memberId: string,
  sessionId: string,
): Promise<void> {
  const [row] = await ctx.db
    .update(memberSessions)
    .set({ revokedAt: ctx.clock.now() })
    .where(and(eq(memberSessions.id, sessionId), eq(memberSessions.memberId, memberId)))
    .returning({ id: memberSessions.id });
  if (!row) throw new DomainError('member_session_not_found', `session ${sessionId} not found`);
}
