import { idempotencyKeys, jsonTextEquals, outbox, sendResults } from '@countersign/db';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { devMailbox } from '../mail/dev-mailbox.ts';
import { messageIdFor } from '../outbox/email.ts';

/**
 * What else still names a purged session's people besides its own rows (docs/evidence.md "Retention and
 * purging"): copies of its emails in the dev mailbox, and the stored answers of the send that created it
 * (send results and Idempotency-Key replays, encrypted, one answer may cover several sessions).
 */

/** The session's outbox emails: their ids name the dev mailbox's copies. */
export async function sessionEmailIds(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
): Promise<string[]> {
  return (
    await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.accountId, accountId),
          eq(outbox.kind, 'email'),
          jsonTextEquals(ctx.db, outbox.payload, 'sessionId', sessionId),
        ),
      )
  ).map((r) => r.id);
}

/**
 * Deletes the dev mailbox's copies of these outbox emails (test sessions and SMTP-less setups keep them), from
 * the files or the table, whichever this deployment's mailbox is.
 */
export async function forgetDevMail(ctx: ServiceContext, outboxIds: string[]): Promise<void> {
  await devMailbox(ctx).forget(outboxIds.map((id) => messageIdFor(ctx, id)));
}

/** What the purge replaces, value for value: a name with `Signer N`, an email with its placeholder, ... */
export type Replacements = Map<string, string>;

/**
 * Rewrites every stored answer of the account that names the session: inside each JSON object whose
 * `sessionId` is the session, string values found in `replacements` become their tombstone values. The answer
 * keeps its shape (a replay still answers, naming the purged session as the tombstone does) and the other
 * sessions of a bulk answer are left as they were. Call it inside the purge's transaction.
 */
export async function scrubStoredAnswers(
  ctx: ServiceContext,
  accountId: string,
  sessionId: string,
  replacements: Replacements,
): Promise<void> {
  const key = ctx.secrets.dataKey;
  const scrub = (encrypted: string): string | null => {
    let plain: string;
    try {
      plain = key.decrypt(encrypted);
    } catch {
      return null; // another data key: nothing this process can read or rewrite
    }
    if (!plain.includes(sessionId)) return null;
    return key.encrypt(JSON.stringify(replaceWithin(JSON.parse(plain), sessionId, replacements, false)));
  };
  const results = await ctx.db
    .select({ jobId: sendResults.jobId, result: sendResults.result })
    .from(sendResults)
    .where(eq(sendResults.accountId, accountId));
  for (const row of results) {
    const result = scrub(row.result);
    if (result) await ctx.db.update(sendResults).set({ result }).where(eq(sendResults.jobId, row.jobId));
  }
  const answers = await ctx.db
    .select({ key: idempotencyKeys.key, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), isNotNull(idempotencyKeys.responseBody)));
  for (const row of answers) {
    let body: string | null = null;
    try {
      body = scrub(row.body!);
    } catch {
      // Not JSON (no answer of ours is anything else): leave it to expire.
    }
    if (body === null) continue;
    await ctx.db
      .update(idempotencyKeys)
      .set({ responseBody: body })
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, row.key)));
  }
}

function replaceWithin(value: unknown, sessionId: string, map: Replacements, inside: boolean): unknown {
  if (typeof value === 'string') return inside ? (map.get(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => replaceWithin(v, sessionId, map, inside));
  if (value === null || typeof value !== 'object') return value;
  const here = inside || (value as { sessionId?: unknown }).sessionId === sessionId;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, replaceWithin(v, sessionId, map, here)]),
  );
}

/** Idempotency-Key answers past their 24 hours are never replayed: the sweep deletes them. */
export async function deleteExpiredAnswers(ctx: ServiceContext): Promise<number> {
  const deleted = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, ctx.clock.now()))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
