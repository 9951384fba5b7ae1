import { idempotencyKeys, larger } from '@countersign/db';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../support/errors.ts';
import { rowWhere } from '../support/row-where.ts';

/** How long a first response is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * `claimedAt` names the claim: the same for a retry that takes over a claim whose job may still be running (so
 * it names the same job), new once the key expired or its last job ended with a domain error (see release).
 */
export type IdempotencyStart =
  | { kind: 'new'; claimedAt: number }
  | { kind: 'replay'; response: StoredResponse };

/**
 * Claims `key` for this request, or finds what it already answered. Same key and same request: the stored
 * response. Same key, other request: 422 `idempotency_key_reused`. Same key still running: 409
 * `idempotency_in_progress`. A claim whose process died lapses after `lockMs`, so a retry can take over.
 */
export async function beginIdempotent(
  ctx: ServiceContext,
  accountId: string,
  key: string,
  requestHash: string,
  lockMs: number,
): Promise<IdempotencyStart> {
  return await ctx.db.transaction(async () => {
    const now = ctx.clock.now();
    await ctx.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.key, key),
          lt(idempotencyKeys.expiresAt, now),
        ),
      );
    const row = await rowWhere(ctx.db, idempotencyKeys, { accountId, key });
    if (row) {
      if (row.requestHash !== requestHash) {
        throw new DomainError(
          'idempotency_key_reused',
          'this Idempotency-Key was used with a different request; use a new key for a new request',
        );
      }
      if (row.state === 'done') {
        return {
          kind: 'replay' as const,
          response: {
            status: row.responseStatus!,
            headers: row.responseHeaders ?? {},
            body: ctx.secrets.dataKey.decrypt(row.responseBody!),
          },
        };
      }
      if (row.lockedUntil > now) {
        throw new DomainError(
          'idempotency_in_progress',
          'a request with this Idempotency-Key is still being processed; retry shortly',
          {},
          {
            'Retry-After': '2',
          },
        );
      }
      await ctx.db
        .update(idempotencyKeys)
        .set({ lockedUntil: now + lockMs })
        .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
      return { kind: 'new' as const, claimedAt: row.createdAt };
    }
    await ctx.db.insert(idempotencyKeys).values({
      accountId,
      key,
      requestHash,
      state: 'in_progress',
      lockedUntil: now + lockMs,
      createdAt: now,
      expiresAt: now + IDEMPOTENCY_TTL_MS,
    });
    return { kind: 'new' as const, claimedAt: now };
  });
}

/** Keeps the response to replay it for the rest of the 24 hours. */
export async function completeIdempotent(
  ctx: ServiceContext,
  accountId: string,
  key: string,
  response: StoredResponse,
): Promise<void> {
  await ctx.db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseStatus: response.status,
      responseHeaders: response.headers,
      responseBody: ctx.secrets.dataKey.encrypt(response.body),
    })
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
}

/**
 * Ends a claim whose request got no final answer (5xx, 429, timeout). The answer is not kept, but the key stays
 * bound to its request until it expires (another body under it: 422) and its lock lapses, so a retry of the
 * same request takes over the claim. By default the retry keeps `claimedAt` and so names the same job: after a
 * timeout, a queue outage or a crash that job may still be running or may have committed, and the retry must
 * attach to it. `newJob` is for a job known to have ended without creating anything (it answered with a domain
 * error): the claim is renewed, so the retry names a new job instead of being handed the old answer again.
 */
export async function releaseIdempotent(
  ctx: ServiceContext,
  accountId: string,
  key: string,
  options: { newJob: boolean } = { newJob: false },
): Promise<void> {
  await ctx.db
    .update(idempotencyKeys)
    .set({
      lockedUntil: 0,
      // Strictly later, so even a frozen or coarse clock yields a new job name.
      ...(options.newJob
        ? { createdAt: larger(ctx.db, ctx.clock.now(), sql`${idempotencyKeys.createdAt} + 1`) }
        : {}),
    })
    .where(
      and(
        eq(idempotencyKeys.accountId, accountId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'in_progress'),
      ),
    );
}
