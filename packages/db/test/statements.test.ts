import fs from 'node:fs';
import path from 'node:path';
import { accounts, openDatabase, preparedQuery, rowInserter, sessions } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

const dir = tempDir('countersign-statements-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const db = openDatabase(path.join(dir, 'countersign.db'));
db.insert(accounts).values({ id: 'a1', name: 'Acme', email: 'ops@acme.test', createdAt: 1 }).run();

describe('the statement cache', () => {
  it('hands out one compiled statement per SQL text', () => {
    const text = 'select id from accounts where id = ?';
    expect(db.$client.prepare(text)).toBe(db.$client.prepare(text));
  });

  it('never caches a pragma: SQLite applies some when they are compiled', () => {
    const text = 'PRAGMA busy_timeout = 1234';
    expect(db.$client.prepare(text)).not.toBe(db.$client.prepare(text));
    db.$client.prepare('PRAGMA busy_timeout = 10000').get();
    db.$client.prepare(text).get();
    expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(1234);
    db.$client.pragma('busy_timeout = 0'); // as openDatabase leaves it (busy-wait.ts waits instead)
  });

  it('starts every hit in object mode, whatever drizzle left switched on', () => {
    // drizzle reads selections in raw (array) mode; a later plain read of the same SQL must get objects.
    const text = 'select "id", "name" from "accounts" where "id" = ?';
    expect(db.$client.prepare(text).raw(true).get('a1')).toEqual(['a1', 'Acme']);
    expect(db.$client.prepare(text).get('a1')).toEqual({ id: 'a1', name: 'Acme' });
    expect(db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, 'a1')).get()).toEqual({
      id: 'a1',
    });
  });
});

describe('rowInserter', () => {
  it('writes the listed columns through the schema encoders and leaves the rest to SQL defaults', () => {
    const insert = rowInserter(db, sessions, [
      'id',
      'accountId',
      'source',
      'sendJobId',
      'rowIndex',
      'title',
      'status',
      'signingType',
      'authRequirement',
      'notify',
      'options',
      'expiresAt',
      'createdAt',
      'updatedAt',
      'templateId',
    ]);
    insert({
      id: 's1',
      accountId: 'a1',
      source: 'template',
      sendJobId: 'j',
      rowIndex: 0,
      title: 'T',
      status: 'active',
      signingType: 'parallel',
      authRequirement: 'otp',
      notify: true,
      options: { cc: ['x@y.test'] },
      expiresAt: 10,
      createdAt: 1,
      updatedAt: 1,
      templateId: undefined,
    });
    const row = db.select().from(sessions).where(eq(sessions.id, 's1')).get()!;
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

describe('preparedQuery', () => {
  it('builds once per connection and answers with placeholders filled', () => {
    let builds = 0;
    const byId = preparedQuery((d) => {
      builds++;
      return d
        .select()
        .from(accounts)
        .where(eq(accounts.id, sql.placeholder('id')))
        .prepare();
    });
    expect(byId(db).get({ id: 'a1' })?.name).toBe('Acme');
    expect(byId(db).get({ id: 'nobody' })).toBeUndefined();
    const other = openDatabase(path.join(dir, 'other.db'));
    expect(byId(other).get({ id: 'a1' })).toBeUndefined();
    expect(builds).toBe(2);
    other.$client.close();
  });
});
