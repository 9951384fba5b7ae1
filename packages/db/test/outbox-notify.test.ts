import { closeDatabase, type Db, OUTBOX_CHANNEL, openDatabase, outbox } from '@countersign/db';
import { createTestDatabase, until } from '@countersign/test-support';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

// Waking dispatchers on PostgreSQL (migrations-postgres/0005_outbox_notify.sql, postgres/listener.ts): a
// transaction that queues outbox rows notifies OUTBOX_CHANNEL when it commits, once; a listener whose
// connection the server dropped listens again by itself and looks once when it does.

const database = await createTestDatabase();
const db = await openDatabase(database.url);
afterAll(async () => {
  await closeDatabase(db);
  await database.drop();
});

let queued = 0;
const queueRow = (tx: Db) =>
  tx.insert(outbox).values({
    id: `row-${++queued}`,
    kind: 'job',
    accountId: null,
    payload: { job: 'test' },
    createdAt: 0,
    availableAt: 0,
  });

/** A listener and the number of notices it got so far (the first comes when it starts listening). */
async function listening() {
  let notices = 0;
  const stop = db.$connection.listen!(OUTBOX_CHANNEL, () => notices++);
  await until('listening', () => notices === 1);
  return { notices: () => notices, stop };
}

/**
 * A plain client listening on OUTBOX_CHANNEL and on a barrier channel: notifications reach a listener in
 * commit order, so once a barrier sent after some commits arrives, every notice of those commits has too.
 */
async function observer() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  let notices = 0;
  const barriers: (() => void)[] = [];
  client.on('notification', (n) => {
    if (n.channel === OUTBOX_CHANNEL) notices++;
    else barriers.shift()?.();
  });
  await client.query(`LISTEN ${OUTBOX_CHANNEL}; LISTEN barrier`);
  return {
    /** Notices so far, counted once every commit before this call has reached the observer. */
    async notices(): Promise<number> {
      const arrived = new Promise<void>((resolve) => barriers.push(resolve));
      await db.detached(async () => await db.run(sql`NOTIFY barrier`));
      await arrived;
      return notices;
    },
    close: () => client.end(),
  };
}

describe('outbox notifications on PostgreSQL', () => {
  it('a transaction queueing rows notifies once, when it commits; one that rolls back, never', async () => {
    const seen = await observer();
    try {
      await db.transaction(async (tx) => {
        await queueRow(tx as unknown as Db);
        await queueRow(tx as unknown as Db);
        expect(await seen.notices()).toBe(0); // not before the commit
      });
      expect(await seen.notices()).toBe(1);
      await db
        .transaction(async (tx) => {
          await queueRow(tx as unknown as Db);
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect(await seen.notices()).toBe(1);
      await queueRow(db);
      expect(await seen.notices()).toBe(2);
    } finally {
      await seen.close();
    }
  });

  it('listens again after the server dropped its connection, and looks once when it does', async () => {
    const listener = await listening();
    try {
      const dropped = await db.all<[boolean]>(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query = ${`LISTEN ${OUTBOX_CHANNEL}`}`,
      );
      expect(dropped).toEqual([[true]]);
      await until('listening again: one look', () => listener.notices() === 2);
      await queueRow(db);
      await until('the notice of a later commit', () => listener.notices() === 3);
    } finally {
      await listener.stop();
    }
  });
});
