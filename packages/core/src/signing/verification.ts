import { randomBytes } from 'node:crypto';
import { signerSessions } from '@countersign/db';
import { and, eq, gt } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { newId, sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import type { OpenLink } from './link.ts';

/** How long a verified browser may act for its signer without a new code. */
export const SIGNER_SESSION_HOURS = 12;

/** After a correct code: a random token for the signer's cookie; only its hash is stored. */
export async function startSignerSession(
  ctx: ServiceContext,
  participantId: string,
): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const expiresAt = now + SIGNER_SESSION_HOURS * 3_600_000;
  await ctx.db
    .insert(signerSessions)
    .values({ id: newId(), participantId, tokenHash: sha256Hex(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Whether the cookie token proves this participant verified a code (and it has not run out). */
export async function isVerified(
  ctx: ServiceContext,
  participantId: string,
  cookieToken: string | null | undefined,
): Promise<boolean> {
  if (!cookieToken || cookieToken.length > 200) return false;
  const row = (
    await ctx.db
      .select({ id: signerSessions.id })
      .from(signerSessions)
      .where(
        and(
          eq(signerSessions.tokenHash, sha256Hex(cookieToken)),
          eq(signerSessions.participantId, participantId),
          gt(signerSessions.expiresAt, ctx.clock.now()),
        ),
      )
      .limit(1)
  )[0];
  return row !== undefined;
}

/** Public links need nothing; `otp` links need a verified cookie for anything beyond the bare status. */
export async function requireVerified(
  ctx: ServiceContext,
  link: OpenLink,
  cookieToken: string | null | undefined,
): Promise<void> {
  if (link.session.authRequirement === 'public') return;
  if (!(await isVerified(ctx, link.participant.id, cookieToken))) {
    throw new DomainError(
      'verification_required',
      'verify the one-time code sent to your email address first',
    );
  }
}
