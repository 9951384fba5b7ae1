import { createHmac, randomInt } from 'node:crypto';
import { otpCodes, participants } from '@countersign/db';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { type AuditOrigin, audit } from '../sessions/audit.ts';
import { emailContext, queueSessionEmail } from '../sessions/notifications.ts';
import type { ParticipantRow } from '../sessions/participants.ts';
import { HOUR_MS, MINUTE_MS } from '../support/clock.ts';
import { constantTimeEqual, newId } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { countHits, recordHit } from '../support/rate-limit.ts';
import { type OpenLink, openLink } from './link.ts';
import { startSignerSession } from './verification.ts';

/** The one-time code rules (DESIGN "Signing"): 6 digits, 10 minutes, once, attempt-limited, rate-limited. */
export const OTP_RULES = {
  validMinutes: 10,
  /** Wrong tries a single code survives. */
  attemptsPerCode: 5,
  /** Wrong codes in a row (across codes) before the signer is locked out; a new code does not reset it. */
  failuresBeforeLock: 10,
  /** The first lockout; each later one lasts twice as long as the one before, up to maxLockHours. */
  lockMinutes: 30,
  maxLockHours: 24,
  /** At most one code per interval, and so many per hour, per signer. */
  resendIntervalSeconds: 30,
  perHour: 5,
} as const;

// Keyed with ctx.secrets.codeKey: a stolen database alone does not let 10^6 guesses find a code.
function codeHash(ctx: ServiceContext, codeId: string, code: string): string {
  const key = ctx.secrets.codeKey;
  return createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');
}

/**
 * How long the n-th lockout lasts: 30 minutes, then 1, 2, 4 ... hours, at most a day. Someone holding a leaked
 * link gets about 10 guesses a day once the lockouts have grown, not 10 every half hour, and the real signer is
 * not flooded with codes.
 */
const lockDuration = (lockouts: number) =>
  Math.min(OTP_RULES.lockMinutes * MINUTE_MS * 2 ** (lockouts - 1), OTP_RULES.maxLockHours * HOUR_MS);

const retryAfter = (until: number, now: number) => ({
  'Retry-After': String(Math.max(1, Math.ceil((until - now) / 1000))),
});

async function codeLink(ctx: ServiceContext, token: string): Promise<OpenLink> {
  const link = await openLink(ctx, token);
  if (link.session.authRequirement === 'public') {
    throw new DomainError('code_not_required', 'this signing link is public: no code is needed');
  }
  return link;
}

function assertNotLocked(ctx: ServiceContext, participant: ParticipantRow): void {
  const now = ctx.clock.now();
  if (participant.otpLockedUntil !== null && participant.otpLockedUntil > now) {
    throw new DomainError(
      'code_locked',
      `too many wrong codes; try again after ${new Date(participant.otpLockedUntil).toISOString()}`,
      { retryAfterSeconds: Math.ceil((participant.otpLockedUntil - now) / 1000) },
      retryAfter(participant.otpLockedUntil, now),
    );
  }
}

/**
 * POST /api/signing/{token}/code: emails a fresh 6-digit code (whatever `notify` says) and retires the
 * previous one. Refused while the signer is locked out and beyond one per 30 s or 5 per hour.
 */
export async function requestCode(
  ctx: ServiceContext,
  token: string,
  origin: AuditOrigin,
): Promise<{ expiresAt: number; resendAfter: number }> {
  const result = await ctx.db.transaction(async () => {
    const { session, participant } = await codeLink(ctx, token);
    assertNotLocked(ctx, participant);
    const now = ctx.clock.now();
    const shortKey = `otp-send:${participant.id}`;
    const hourKey = `otp-send-hour:${participant.id}`;
    const windows = [
      { key: shortKey, ms: OTP_RULES.resendIntervalSeconds * 1000, max: 1 },
      { key: hourKey, ms: HOUR_MS, max: OTP_RULES.perHour },
    ];
    for (const w of windows) {
      const hits = await countHits(ctx, w.key, w.ms);
      if (hits.count >= w.max) {
        throw new DomainError(
          'rate_limited',
          'a code was sent recently; check your inbox or try again shortly',
          { retryAfterSeconds: Math.ceil((hits.resetAt - now) / 1000) },
          retryAfter(hits.resetAt, now),
        );
      }
    }
    for (const w of windows) await recordHit(ctx, w.key, w.ms);

    // Only the newest code counts: an older email that arrives late cannot be used.
    await ctx.db
      .update(otpCodes)
      .set({ expiresAt: now })
      .where(
        and(eq(otpCodes.participantId, participant.id), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, now)),
      );
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = newId();
    const expiresAt = now + OTP_RULES.validMinutes * MINUTE_MS;
    await ctx.db.insert(otpCodes).values({
      id,
      participantId: participant.id,
      codeHash: codeHash(ctx, id, code),
      createdAt: now,
      expiresAt,
    });
    await queueSessionEmail(
      ctx,
      { ...(await emailContext(ctx, session)), to: participant },
      { kind: 'otp_code', code, validMinutes: OTP_RULES.validMinutes },
    );
    await audit(ctx, { sessionId: session.id, participantId: participant.id, type: 'code.sent', origin });
    return { expiresAt, resendAfter: now + OTP_RULES.resendIntervalSeconds * 1000 };
  });
  ctx.outbox.kick();
  return result;
}

type VerifyOutcome = { ok: true; token: string; expiresAt: number } | { ok: false; error: DomainError };

/**
 * POST /api/signing/{token}/code/verify: a correct live code (constant-time compare) starts a signer
 * session for the cookie. A wrong one costs a try of the code and a failure of the signer; the failure is
 * committed (and audited) before the error is thrown.
 */
export async function verifyCode(
  ctx: ServiceContext,
  token: string,
  code: string,
  origin: AuditOrigin,
): Promise<{ token: string; expiresAt: number }> {
  const outcome = await ctx.db.transaction(async (): Promise<VerifyOutcome> => {
    const { session, participant } = await codeLink(ctx, token);
    assertNotLocked(ctx, participant);
    const now = ctx.clock.now();
    const row = (
      await ctx.db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.participantId, participant.id), isNull(otpCodes.usedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1)
    )[0];
    if (!row || row.expiresAt <= now || row.attempts >= OTP_RULES.attemptsPerCode) {
      throw new DomainError('code_expired', 'this code is no longer valid; request a new one');
    }
    const who = { sessionId: session.id, participantId: participant.id, origin };

    if (constantTimeEqual(codeHash(ctx, row.id, code), row.codeHash)) {
      await ctx.db.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, row.id));
      await ctx.db
        .update(participants)
        .set({ verifiedAt: now, otpFailures: 0, otpLockouts: 0 })
        .where(eq(participants.id, participant.id));
      await audit(ctx, { ...who, type: 'code.verified' });
      return { ok: true, ...(await startSignerSession(ctx, participant.id)) };
    }

    const attempts = row.attempts + 1;
    const failures = participant.otpFailures + 1;
    const locked = failures >= OTP_RULES.failuresBeforeLock;
    const attemptsLeft = locked ? 0 : OTP_RULES.attemptsPerCode - attempts;
    await ctx.db
      .update(otpCodes)
      .set({ attempts: locked ? OTP_RULES.attemptsPerCode : attempts })
      .where(eq(otpCodes.id, row.id));
    const lockouts = participant.otpLockouts + 1;
    const lockMs = lockDuration(lockouts);
    const lockedUntil = now + lockMs;
    await ctx.db
      .update(participants)
      .set(
        locked
          ? { otpFailures: 0, otpLockedUntil: lockedUntil, otpLockouts: lockouts }
          : { otpFailures: failures },
      )
      .where(eq(participants.id, participant.id));
    await audit(ctx, { ...who, type: 'code.failed', data: { attemptsLeft, locked } });
    if (locked) {
      return {
        ok: false,
        error: new DomainError(
          'code_locked',
          `too many wrong codes; try again after ${new Date(lockedUntil).toISOString()}`,
          { retryAfterSeconds: lockMs / 1000 },
          retryAfter(lockedUntil, now),
        ),
      };
    }
    return {
      ok: false,
      error: new DomainError(
        'code_invalid',
        attemptsLeft > 0
          ? `wrong code; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`
          : 'wrong code; this code is used up, request a new one',
        { attemptsLeft },
      ),
    };
  });
  if (!outcome.ok) throw outcome.error;
  return { token: outcome.token, expiresAt: outcome.expiresAt };
}
