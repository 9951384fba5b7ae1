import { addToOutbox, type Runtime } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimOutbox } from '../src/outbox/outbox.ts';
import { postgresDatabase, testRuntime } from './runtimes.ts';

// Claiming outbox rows as several dispatchers (processes, or hosts on PostgreSQL) do at once: each row is held
// by one of them, every due row is taken, and on PostgreSQL a row another transaction holds is skipped rather
// than waited for (FOR UPDATE SKIP LOCKED).

const ROWS = 60;
const LEASE_MS = 60_000;

/** Four runtimes on one database: SQLite in one shared DATA_DIR, or one PostgreSQL database. */
async function fourDispatchers(dialect: 'sqlite' | 'postgres'): Promise<Runtime[]> {
  const database = dialect === 'postgres' ? await postgresDatabase() : undefined;
  const dataDir = tempDir('countersign-claim-');
  const first = await testRuntime(database, database ? {} : { DATA_DIR: dataDir });
  const others = await Promise.all(
    [1, 2, 3].map(() => testRuntime(database, database ? {} : { DATA_DIR: dataDir })),
  );
  return [first, ...others];
}

async function queueRows(r: Runtime, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await addToOutbox(r.ctx, { kind: 'job', accountId: null, payload: { job: 'test', i } }));
  return ids;
}

describe.each(['sqlite', 'postgres'] as const)('claiming outbox rows on %s', (dialect) => {
  it('dispatchers claiming at once take every due row, each exactly once', async () => {
    const runtimes = await fourDispatchers(dialect);
    const ids = await queueRows(runtimes[0]!, ROWS);
    const claimedBy = await Promise.all(
      runtimes.map(async (r) => {
        const mine: string[] = [];
        for (;;) {
          const rows = await claimOutbox(r.ctx, { limit: 7, leaseMs: LEASE_MS, kind: 'job' });
          if (rows.length === 0) return mine;
          for (const row of rows) {
            expect(row.attempts).toBe(1);
            expect(row.payload).toMatchObject({ job: 'test' });
          }
          mine.push(...rows.map((row) => row.id));
        }
      }),
    );
    const all = claimedBy.flat();
    expect(all).toHaveLength(ROWS);
    expect(new Set(all)).toEqual(new Set(ids));
  });
});

describe('claiming outbox rows on PostgreSQL', () => {
  it('skips a row another transaction holds instead of waiting for it, and takes it once released', async () => {
    const database = await postgresDatabase();
    const [r, other] = [await testRuntime(database), await testRuntime(database)];
    const [held, free] = await queueRows(r, 2);
    // Another host's transaction holds `held` until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = other.ctx.db.transaction(async () => {
      await other.ctx.db.run(sql`SELECT id FROM outbox WHERE id = ${held} FOR UPDATE`);
      locked();
      await released;
    });
    await isLocked;
    try {
      // A claim that waited for the lock would hang here until the other transaction ends.
      const claimed = await Promise.race([
        claimOutbox(r.ctx, { limit: 10, leaseMs: LEASE_MS }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(claimed === 'waited' ? claimed : claimed.map((row) => row.id)).toEqual([free]);
    } finally {
      release();
      await holder;
    }
    expect((await claimOutbox(r.ctx, { limit: 10, leaseMs: LEASE_MS })).map((row) => row.id)).toEqual([held]);
  });
});
