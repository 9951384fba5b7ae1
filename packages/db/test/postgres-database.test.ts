import {
  accounts,
  auditEvents,
  closeDatabase,
  type Db,
  openDatabase,
  outbox,
  RowBatch,
  rowInserter,
  sessions,
  templateFields,
} from '@countersign/db';
import { createTestDatabase, type TestDatabase } from '@countersign/test-support';
import { asc, count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTables } from '../src/postgres/schema.ts';
import * as kitTables from '../src/postgres/tables.ts';
import { nestedTransactionsKeep } from './fixtures/savepoint.ts';
import { statementsCounted } from './fixtures/statements-run.ts';

// The same Db on PostgreSQL: the domain's query builders, transactions and bulk inserts, against a database of
// this file's own on the machine's server.
let target: TestDatabase;
let db: Db;
beforeAll(async () => {
  target = await createTestDatabase();
  db = await openDatabase(target.url);
});
afterAll(async () => {
  await closeDatabase(db);
  await target.drop();
});

const account = (id: string) => ({ id, name: id, email: `${id}@example.test`, createdAt: 1_700_000_000_123 });

describe('PostgreSQL', () => {
  it('lists every table for drizzle-kit', () => {
    expect(Object.keys(kitTables).sort()).toEqual(Object.keys(postgresTables).sort());
  });

  it('counts the statements it runs, transaction control included', async () => {
    expect(await statementsCounted(db, account)).toEqual({ read: 1, committed: 3, rolledBack: 3 });
  });

  it('answers the builders with the values the SQLite schema encodes (times, booleans, JSON, reals)', async () => {
    await db.insert(accounts).values(account('a1'));
    const [row] = await db.select().from(accounts).where(eq(accounts.id, 'a1')).limit(1);
    expect(row).toEqual({
      ...account('a1'),
      defaultSenderName: null,
      retentionDays: null,
      outcomeEmail: null,
    });
    expect(typeof row!.createdAt).toBe('number');

    const [counted] = await db.select({ n: count() }).from(accounts);
    expect(counted!.n).toBe(1);

    const [changed] = await db
      .update(accounts)
      .set({ name: 'Acme' })
      .where(eq(accounts.id, 'a1'))
      .returning({ id: accounts.id, name: accounts.name });
    expect(changed).toEqual({ id: 'a1', name: 'Acme' });
  });

  it('orders text bytewise, as SQLite does, whatever the database locale', async () => {
    await db.insert(accounts).values(['B', 'a', '_', 'A-2', 'A1'].map((id) => account(`o${id}`)));
    const ids = (await db.select({ id: accounts.id }).from(accounts).orderBy(asc(accounts.id)))
      .map((r) => r.id)
      .filter((id) => id.startsWith('o'));
    expect(ids).toEqual(['oA-2', 'oA1', 'oB', 'o_', 'oa']);
  });

  it('keeps a transaction to itself, and undoes it all when it throws', async () => {
    const outside = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, 't1'));
    await expect(
      db.transaction(async () => {
        await db.insert(accounts).values(account('t1'));
        // Another async context (another request) does not see the uncommitted row.
        expect(await db.detached(async () => await outside)).toEqual([]);
        expect(await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, 't1'))).toHaveLength(
          1,
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await outside).toEqual([]);
  });

  it('runs queries a transaction starts at once one after another on its connection, all inside it', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      await db.transaction(async () => {
        await Promise.all(['c1', 'c2', 'c3', 'c4'].map((id) => db.insert(accounts).values(account(id))));
        const seen = await Promise.all(
          ['c1', 'c4'].map((id) => db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id))),
        );
        expect(seen.flat()).toHaveLength(2);
      });
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    const [row] = await db.select({ n: count() }).from(accounts).where(sql`${accounts.id} like 'c_'`);
    expect(row!.n).toBe(4);
  });

  it('refuses a query a transaction started but did not wait for, once its body returned', async () => {
    let late: Promise<unknown> = Promise.resolve();
    // Another transaction stays open meanwhile: the scope is on, and the late query finds its own, ended.
    let finish!: () => void;
    const other = db.transaction(async () => {
      await db.insert(accounts).values(account('late-0'));
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await db.transaction(async () => {
      await db.insert(accounts).values(account('late-1'));
      // Work the body forgets to await: by the time it queries, its connection may serve another transaction.
      late = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await db.insert(accounts).values(account('late-2'));
      })();
    });
    const failed = await late.then(
      () => undefined,
      (err: Error) => err,
    );
    finish();
    await other;
    expect((failed?.cause as Error | undefined)?.message).toMatch(/outlived its transaction/);
    const ids = await db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.id} like 'late-%'`);
    expect(ids.map((r) => r.id).sort()).toEqual(['late-0', 'late-1']);
  });

  it('runs such a query on the pool, outside every transaction, when none is open (the scope is off)', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      await db.insert(accounts).values(account('stray-1'));
      late = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        await db.insert(accounts).values(account('stray-2'));
      })();
    });
    await late;
    // Not inside a transaction that took the client next: a rollback now would not take it along.
    await db
      .transaction(async () => {
        await db.insert(accounts).values(account('stray-3'));
        throw new Error('rolled back');
      })
      .catch(() => {});
    const ids = await db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.id} like 'stray-%'`);
    expect(ids.map((r) => r.id).sort()).toEqual(['stray-1', 'stray-2']);
  });

  it('answers an error, not a crash, when the server drops the connection in the middle of a transaction', async () => {
    const failed = await db
      .transaction(async () => {
        await db.insert(accounts).values(account('dropped'));
        const [first] = await db.all<[number]>(sql`select pg_backend_pid()`);
        const pid = first![0];
        const admin = new pg.Client({ connectionString: target.url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        await new Promise((resolve) => setTimeout(resolve, 100)); // the client hears of it ('error')
        await db.select().from(accounts);
      })
      .then(
        () => undefined,
        (err: Error) => err,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(await db.select().from(accounts).where(eq(accounts.id, 'dropped'))).toEqual([]);
  });

  it('rolls a nested transaction back to its savepoint only', async () => {
    expect(await nestedTransactionsKeep(db, account)).toEqual(['inner-kept', 'outer']);
  });

  it('runs conflicting transactions one after the other: none loses an update', async () => {
    await db.insert(outbox).values({
      id: 'counter',
      kind: 'email',
      payload: { n: 0 },
      availableAt: 0,
      createdAt: 0,
    });
    // Read-modify-write from 8 transactions at once: serializable, so each sees the previous one's result.
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(async () => {
          const [row] = await db.select().from(outbox).where(eq(outbox.id, 'counter')).limit(1);
          await db
            .update(outbox)
            .set({ attempts: row!.attempts + 1 })
            .where(eq(outbox.id, 'counter'));
        }),
      ),
    );
    const [row] = await db.select({ attempts: outbox.attempts }).from(outbox).where(eq(outbox.id, 'counter'));
    expect(row!.attempts).toBe(8);
  });

  it('writes a RowBatch as multi-row inserts, parents first, all or none', async () => {
    await db.insert(accounts).values(account('bulk'));
    const batch = new RowBatch(db);
    const session = (id: string) => ({
      id,
      accountId: 'bulk',
      source: 'template' as const,
      sendJobId: 'job-1',
      rowIndex: Number(id.slice(1)),
      title: id,
      status: 'active' as const,
      signingType: 'parallel' as const,
      authRequirement: 'public' as const,
      notify: true,
      options: { subject: 'x' },
      expiresAt: 2,
      createdAt: 1,
      updatedAt: 1,
    });
    const keys = Object.keys(session('s0')) as (keyof ReturnType<typeof session>)[];
    for (let i = 0; i < 3_000; i++) batch.add(sessions, keys, session(`s${i}`));
    await batch.write();
    const [n] = await db.select({ n: count() }).from(sessions).where(eq(sessions.accountId, 'bulk'));
    expect(n!.n).toBe(3_000);
    const [first] = await db.select().from(sessions).where(eq(sessions.id, 's7'));
    expect(first).toMatchObject({ notify: true, options: { subject: 'x' }, remindersSent: [], test: false });

    // A duplicate row in the middle of the next batch: nothing of it stays.
    for (const id of ['s5000', 's1', 's5001']) batch.add(sessions, keys, session(id));
    await expect(batch.write()).rejects.toThrow();
    const left = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.id} in ('s5000', 's5001')`);
    expect(left).toEqual([]);

    const insertOne = rowInserter(db, sessions, keys);
    await insertOne(session('s9000'));
    expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, 's9000'))).toHaveLength(
      1,
    );
  });

  it('writes interleaved entries (a session, then its audit event) table by table, in two statements', async () => {
    await db.insert(accounts).values(account('entries'));
    const batch = new RowBatch(db);
    const session = (id: string) => ({
      id,
      accountId: 'entries',
      source: 'template' as const,
      sendJobId: 'job-2',
      rowIndex: Number(id.slice(1)),
      title: id,
      status: 'active' as const,
      signingType: 'parallel' as const,
      authRequirement: 'public' as const,
      notify: false,
      options: {},
      expiresAt: 2,
      createdAt: 1,
      updatedAt: 1,
    });
    const keys = Object.keys(session('e0')) as (keyof ReturnType<typeof session>)[];
    for (let i = 0; i < 500; i++) {
      batch.add(sessions, keys, session(`e${i}`));
      batch.add(auditEvents, ['id', 'sessionId', 'type', 'at'], {
        id: `a${i}`,
        sessionId: `e${i}`,
        type: 'session.created',
        at: 1,
      });
    }
    const connection = db.$connection;
    const query = connection.query.bind(connection);
    let statements = 0;
    connection.query = (...args) => {
      statements++;
      return query(...args);
    };
    try {
      await batch.write();
    } finally {
      connection.query = query;
    }
    // Every audit event's session was there first (foreign keys), in one INSERT per table.
    expect(statements).toBe(2);
    const [n] = await db.select({ n: count() }).from(auditEvents).where(sql`${auditEvents.id} like 'a%'`);
    expect(n!.n).toBe(500);
  });

  it('stores reals as doubles', async () => {
    const columns = await rawColumns('template_fields');
    expect(columns.x).toBe('double precision');
    expect(columns.id).toBe('text');
    expect(columns.page).toBe('bigint');
    expect(templateFields.x.name).toBe('x');
  });

  it('applies the migrations once when several processes open the database at once', async () => {
    const fresh = await createTestDatabase();
    try {
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase(fresh.url)));
      await Promise.all(opened.map((d) => closeDatabase(d)));
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const { rows } = await client.query('SELECT hash FROM drizzle.__drizzle_migrations');
      await client.end();
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
    } finally {
      await fresh.drop();
    }
  });
});

async function rawColumns(table: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1',
      [table],
    );
    return Object.fromEntries(rows.map((r) => [r.column_name, r.data_type]));
  } finally {
    await client.end();
  }
}
