import { webauthnChallenges } from '@countersign/db';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { sha256Hex } from '../support/crypto.ts';
import { DomainError } from '../support/errors.ts';
import { PASSKEY_CHALLENGE_TTL_MS } from './policy.ts';

export type ChallengePurpose = 'registration' | 'authentication';

/** The relying party: PUBLIC_URL's host name is the RP ID, its origin the only origin an answer may come from. */
export function relyingParty(ctx: ServiceContext): { id: string; origin: string } {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/** Remembers a challenge just generated (by its hash), for one answer within the TTL; drops expired ones. */
export async function keepChallenge(
  ctx: ServiceContext,
  challenge: string,
  purpose: ChallengePurpose,
  memberId: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await ctx.db.insert(webauthnChallenges).values({
    challengeHash: sha256Hex(challenge),
    purpose,
    memberId,
    expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
  });
}

const failed = (why: string) =>
  new DomainError('passkey_failed', `the passkey could not be verified: ${why}`);

/**
 * Spends the challenge a WebAuthn answer signed (named in its clientDataJSON): the one delete both checks and
 * consumes it, so a replayed answer finds nothing. A registration's challenge must also be the member's own.
 */
export async function spendChallenge(
  ctx: ServiceContext,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  memberId: string | null,
): Promise<string> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    throw failed('clientDataJSON is not base64url-encoded JSON');
  }
  if (typeof challenge !== 'string') throw failed('clientDataJSON has no challenge');
  const [spent] = await ctx.db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, sha256Hex(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, ctx.clock.now()),
      ),
    )
    .returning();
  if (!spent || (memberId !== null && spent.memberId !== memberId)) {
    throw failed('its challenge is unknown, already used or expired; start again');
  }
  return challenge;
}

export { failed as passkeyFailed };
