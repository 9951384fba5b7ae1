import fs from 'node:fs';
import path from 'node:path';
import {
  accounts,
  closeDatabase,
  openDatabase,
  preparedQuery,
  RowBatch,
  refreshTokens,
  rowInserter,
  sessions,
} from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { StatementCache } from '../src/sqlite/statements.ts';

const dir = tempDir('countersign-statements-');
const db = await openDatabase(path.join(dir, 'countersign.db'));
await db.insert(accounts).values({ id: 'a1', name: 'Acme', email: 'ops@acme.test', createdAt: 1 });
afterAll(() => {
  closeDatabase(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the statement cache', () => {
  const sqlite = new Database(path.join(dir, 'cache.db'));
  sqlite.exec('create table t (id text primary key, n integer)');
  sqlite.exec("insert into t values ('a', 1)");
  afterAll(() => sqlite.close());

  it('hands out one compiled statement per SQL text', () => {
    const cache = new StatementCache(sqlite);
    const text = 'select id from t where id = ?';
    expect(cache.get(text)).toBe(cache.get(text));
    expect(cache.get(text)).not.toBe(cache.get('select n from t where id = ?'));
  });

  it('drops the least recently used statement past its capacity', () => {
    const cache = new StatementCache(sqlite, 2);
    const one = cache.get('select 1');
    const two = cache.get('select 2');
    expect(cache.get('select 1')).toBe(one); // used again: now the most recent
    cache.get('select 3');
    expect(cache.size).toBe(2);
    expect(cache.get('select 1')).toBe(one);
    expect(cache.get('select 2')).not.toBe(two);
  });

  it('never caches a pragma: SQLite applies some when they are compiled', () => {
    const cache = new StatementCache(sqlite);
    const text = 'PRAGMA busy_timeout = 1234';
    expect(cache.get(text)).not.toBe(cache.get(text));
    sqlite.pragma('busy_timeout = 10');
    cache.get(text).get();
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(1234);
  });

  it('answers reads as arrays, which drizzle maps to objects', async () => {
    const cache = new StatementCache(sqlite);
    expect(cache.get('select id, n from t where id = ?').get('a')).toEqual(['a', 1]);
    const [row] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).limit(1);
    expect(row).toEqual({ id: 'a1', name: 'Acme' });
  });
});

const sessionRow = (id: string) => ({
  id,
  accountId: 'a1',
  source: 'template' as const,
  sendJobId: 'j',
  rowIndex: 0,
  title: 'T',
  status: 'active' as const,
  signingType: 'parallel' as const,
  authRequirement: 'otp' as const,
  notify: true,
  options: { cc: ['x@y.test'] },
  expiresAt: 10,
  createdAt: 1,
  updatedAt: 1,
  templateId: undefined,
});
/** The columns the tests write: exactly the test row's. */
const SESSION_KEYS = Object.keys(sessionRow('')) as (keyof ReturnType<typeof sessionRow>)[];

describe('rowInserter', () => {
  it('writes the listed columns through the schema encoders and leaves the rest to SQL defaults', async () => {
    await rowInserter(db, sessions, SESSION_KEYS)(sessionRow('s1'));
    const [row] = await db.select().from(sessions).where(eq(sessions.id, 's1'));
    expect(row).toMatchObject({
      notify: true,
      options: { cc: ['x@y.test'] },
      templateId: null,
      remindersSent: [],
    });
    expect(db.$client.prepare('select notify, options from sessions where id = ?').get('s1')).toEqual({
      notify: 1,
      options: '{"cc":["x@y.test"]}',
    });
  });

  it('names a column the table does not have', () => {
    expect(() => rowInserter(db, accounts, ['nope' as 'id'])).toThrow(/accounts has no column nope/);
  });
});

describe('RowBatch', () => {
  it('writes rows of several tables in the order added, all in one go', async () => {
    const rows = new RowBatch(db);
    rows.add(accounts, ['id', 'name', 'email', 'createdAt'], {
      id: 'a2',
      name: 'Beta',
      email: 'b@b.test',
      createdAt: 1,
    });
    // Needs the account above to exist already: the order added is the order written.
    rows.add(refreshTokens, ['id', 'accountId', 'tokenHash', 'hint', 'createdAt'], {
      id: 't1',
      accountId: 'a2',
      tokenHash: 'h',
      hint: 'csrt_',
      createdAt: 1,
    });
    expect(rows.size).toBe(2);
    await rows.write();
    expect(rows.size).toBe(0);
    expect(await db.select({ id: refreshTokens.id }).from(refreshTokens)).toEqual([{ id: 't1' }]);
  });

  it('writes nothing when one row fails', async () => {
    const rows = new RowBatch(db);
    rows.add(sessions, SESSION_KEYS, { ...sessionRow('s2'), sendJobId: 'j2' });
    rows.add(sessions, SESSION_KEYS, { ...sessionRow('s3'), sendJobId: 'j3', accountId: 'no-such-account' });
    await expect(rows.write()).rejects.toThrow(/FOREIGN KEY/);
    expect(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, 's2'))).toEqual([]);
  });
});

describe('preparedQuery', () => {
  it('builds once per database and answers with placeholders filled', async () => {
    let builds = 0;
    const byId = preparedQuery((d) => {
      builds++;
      return d
        .select()
        .from(accounts)
        .where(eq(accounts.id, sql.placeholder('id')))
        .prepare();
    });
    expect((await byId(db).execute({ id: 'a1' }))[0]?.name).toBe('Acme');
    expect(await byId(db).execute({ id: 'nobody' })).toEqual([]);
    const other = await openDatabase(path.join(dir, 'other.db'));
    expect(await byId(other).execute({ id: 'a1' })).toEqual([]);
    expect(builds).toBe(2);
    closeDatabase(other);
  });
});
