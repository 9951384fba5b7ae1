import { queueEmail, type Runtime } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import { describe, expect, it } from 'vitest';
import { claimOutboxRows, markDelivered, markFailed, markRetry } from '../src/outbox/outbox.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// A send delivers its invites itself (deliverNow) to report each one's outcome in its answer. Another dispatcher
// may claim them first: on PostgreSQL the commit that queued them wakes every worker at once, the send's own
// process included. The answer must then say what that dispatcher made of them, not call them failed.

const LEASE_MS = 60_000;

/** Two runtimes on one database, like two processes: SQLite in one DATA_DIR, or one PostgreSQL database. */
async function twoDispatchers(dialect: 'sqlite' | 'postgres'): Promise<[Runtime, Runtime]> {
  const database = dialect === 'postgres' ? await postgresDatabase() : undefined;
  const env: Record<string, string> = database ? {} : { DATA_DIR: tempDir('countersign-deliver-now-') };
  return [await testRuntime(database, env), await testRuntime(database, env)];
}

describe.each(['sqlite', 'postgres'] as const)('deliverNow on %s', (dialect) => {
  it('reports rows another dispatcher claimed first as it settles them: delivered, failed, retrying', async () => {
    const [sender, other] = await twoDispatchers(dialect);
    const ids: string[] = [];
    for (const name of ['delivered', 'refused', 'deferred'])
      ids.push(
        await queueEmail(sender.ctx, null, {
          to: [`${name}@example.test`],
          subject: `Invite for ${name}`,
          text: 'Please sign.',
          html: '<p>Please sign.</p>',
        }),
      );
    const held = await claimOutboxRows(other.ctx, ids, LEASE_MS);
    expect(held.map((row) => row.id).sort()).toEqual([...ids].sort());
    const row = (id: string) => held.find((r) => r.id === id)!;

    const reported = sender.ctx.outbox.deliverNow(ids);
    await markDelivered(other.ctx, row(ids[0]!));
    await markFailed(other.ctx, row(ids[1]!), '550 Mailbox unavailable');
    await markRetry(other.ctx, ids[2]!, '451 Try again later', other.ctx.clock.now() + 30_000);

    expect(await reported).toEqual(
      new Map([
        [ids[0], { state: 'delivered' }],
        [ids[1], { state: 'failed', error: '550 Mailbox unavailable' }],
        [ids[2], { state: 'retrying', error: '451 Try again later' }],
      ]),
    );
  });
});

describe('deliverNow on postgres, against a claim not committed yet', () => {
  // FOR UPDATE SKIP LOCKED passes a row another dispatcher's claim has locked but not committed: its lease is not
  // visible yet, so the row looks untried. That is not an outcome; the answer waits for the claim's holder.
  it('waits for the holder instead of reporting the row as retrying', async () => {
    const [sender, other] = await twoDispatchers('postgres');
    const id = await queueEmail(sender.ctx, null, {
      to: ['held@example.test'],
      subject: 'Invite',
      text: 'Please sign.',
      html: '<p>Please sign.</p>',
    });
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let locked!: (rows: Awaited<ReturnType<typeof claimOutboxRows>>) => void;
    const held = new Promise<Awaited<ReturnType<typeof claimOutboxRows>>>((resolve) => {
      locked = resolve;
    });
    const claim = other.ctx.db.transaction(async () => {
      locked(await claimOutboxRows(other.ctx, [id], LEASE_MS));
      await committed;
    });
    const [row] = await held;
    expect(row?.id).toBe(id);

    const reported = sender.ctx.outbox.deliverNow([id]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await claim;
    await markDelivered(other.ctx, row!);
    expect(await reported).toEqual(new Map([[id, { state: 'delivered' }]]));
  });
});
