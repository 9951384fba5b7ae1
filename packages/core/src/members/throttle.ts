import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { countHits, recordHit } from '../support/rate-limit.ts';

/**
 * Counts one request against `key` (a fixed window), or refuses it with 429 and `Retry-After` once `limit` is
 * reached. `what` names what was asked for too often ("sign-in emails", "passkey sign-ins").
 */
export async function throttle(
  ctx: ServiceContext,
  key: string,
  limit: number,
  windowMs: number,
  what: string,
): Promise<void> {
  await refuseOverLimit(ctx, key, limit, windowMs, what);
  await recordHit(ctx, key, windowMs);
}

/**
 * `throttle`'s refusal without counting: for work that counts only once it is done (`recordHit` then), such as
 * an invite that may still be refused for another reason.
 */
export async function refuseOverLimit(
  ctx: ServiceContext,
  key: string,
  limit: number,
  windowMs: number,
  what: string,
): Promise<void> {
  const { count, resetAt } = await countHits(ctx, key, windowMs);
  if (count >= limit) {
    const seconds = Math.max(1, Math.ceil((resetAt - ctx.clock.now()) / 1000));
    throw new DomainError(
      'rate_limited',
      `too many ${what} requested; try again in ${Math.ceil(seconds / 60)} minutes`,
      {},
      { 'Retry-After': String(seconds) },
    );
  }
}
