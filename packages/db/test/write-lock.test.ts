import fs from 'node:fs';
import path from 'node:path';
import { accounts, openDatabase, withoutBlocking } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { afterAll, describe, expect, it } from 'vitest';

const dir = tempDir('countersign-write-lock-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'countersign.db');
// Two connections to one file, as an API process and a worker process have.
const api = openDatabase(file);
const worker = openDatabase(file);

const addAccount = (id: string) => () =>
  api.transaction(
    () =>
      api
        .insert(accounts)
        .values({ id, name: id, email: `${id}@x.test`, createdAt: 1 })
        .run(),
    { behavior: 'immediate' },
  );

describe('withoutBlocking', () => {
  it('waits for another connection to release the write lock while the event loop keeps running', async () => {
    worker.$client.prepare('BEGIN IMMEDIATE').run();
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    setTimeout(() => worker.$client.prepare('COMMIT').run(), 150);
    const started = Date.now();
    await withoutBlocking(api, addAccount('a1'));
    clearInterval(ticker);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    // A blocked thread would have run no timer until the lock was free.
    expect(ticks).toBeGreaterThan(10);
    expect(api.$client.prepare('SELECT id FROM accounts').all()).toEqual([{ id: 'a1' }]);
    expect(api.$client.pragma('busy_timeout', { simple: true })).toBe(10_000);
  });

  it('passes other errors through at once, and the busy timeout is restored', async () => {
    await expect(withoutBlocking(api, addAccount('a1'))).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(api.$client.pragma('busy_timeout', { simple: true })).toBe(10_000);
  });
});
