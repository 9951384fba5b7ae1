import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { accounts, openDatabase } from '@countersign/db';
import { tempDir } from '@countersign/test-support';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';

const dir = tempDir('countersign-busy-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const freshDb = (busyTimeoutMs?: number) => {
  const file = path.join(dir, `db-${++n}`, 'countersign.db');
  return { file, db: openDatabase(file, { busyTimeoutMs }) };
};

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Another connection on a thread of its own, as another process would be: it takes the write lock `bursts`
 * times for `holdMs` each, with `gapMs` free between, like a bulk send committing chunk after chunk.
 * `state[0]` becomes 1 once it holds the lock the first time, then counts finished bursts from 1.
 */
function holdLock(file: string, bursts: number, holdMs: number, gapMs: number) {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
     for (let i = 0; i < workerData.bursts; i++) {
       db.exec('BEGIN IMMEDIATE');
       if (i === 0) { Atomics.store(workerData.state, 0, 1); Atomics.notify(workerData.state, 0); }
       nap(workerData.holdMs);
       db.exec('COMMIT');
       Atomics.store(workerData.state, 1, i + 1);
       nap(workerData.gapMs);
     }
     db.close();`,
    { eval: true, workerData: { module: BETTER_SQLITE3, file, bursts, holdMs, gapMs, state } },
  );
  const done = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
  Atomics.wait(state, 0, 0, 5_000); // until it holds the lock
  return { finishedBursts: () => Atomics.load(state, 1), done };
}

const account = (id: string) => ({ id, name: id, email: `${id}@example.test`, createdAt: 1 });

describe("waiting for another connection's write lock", () => {
  it("gets in at the first gap between short transactions (SQLite's own handler sleeps through them)", async () => {
    const { file, db } = freshDb();
    try {
      const holder = holdLock(file, 10, 30, 1);
      // The lock is free at 30-31 ms, 61-62 ms, ... SQLite's schedule (sleeps of 1, 2, 5, 10, 15, 20, 25, 25 ms)
      // tries at 0, 1, 3, 8, 18, 33, 53, 78 ms: inside a burst every time. Polling every 0.1 ms finds the first gap.
      db.transaction((tx) => tx.insert(accounts).values(account('in-transaction')).run(), {
        behavior: 'immediate',
      });
      const afterTransaction = holder.finishedBursts();
      db.insert(accounts).values(account('autocommit')).run();
      const afterAutocommit = holder.finishedBursts();
      await holder.done;
      expect(afterTransaction).toBeLessThanOrEqual(2);
      expect(afterAutocommit).toBeLessThanOrEqual(afterTransaction + 2);
      expect(db.select({ n: count() }).from(accounts).get()?.n).toBe(2);
    } finally {
      db.$client.close();
    }
  });

  it('begins every transaction IMMEDIATE, so one that asked for DEFERRED waits at BEGIN instead of failing mid-way', async () => {
    const { file, db } = freshDb();
    try {
      const holder = holdLock(file, 3, 30, 1);
      // drizzle's default: a deferred transaction would read, then meet the lock at its first write.
      db.transaction((tx) => {
        tx.select({ n: count() }).from(accounts).get();
        tx.insert(accounts).values(account('deferred')).run();
      });
      db.transaction((tx) => tx.insert(accounts).values(account('explicit')).run(), { behavior: 'deferred' });
      await holder.done;
      expect(db.select({ n: count() }).from(accounts).get()?.n).toBe(2);
    } finally {
      db.$client.close();
    }
  });

  it('gives up with SQLITE_BUSY after busyTimeoutMs, having written nothing', async () => {
    const { file, db } = freshDb(60);
    try {
      const holder = holdLock(file, 1, 600, 0);
      const start = performance.now();
      expect(() => db.insert(accounts).values(account('late')).run()).toThrow(
        expect.objectContaining({ code: 'SQLITE_BUSY' }),
      );
      expect(() =>
        db.transaction((tx) => tx.insert(accounts).values(account('late-tx')).run(), {
          behavior: 'immediate',
        }),
      ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      const waited = performance.now() - start;
      expect(waited).toBeGreaterThanOrEqual(2 * 60);
      expect(holder.finishedBursts()).toBe(0); // both gave up while the lock was still held
      await holder.done;
      expect(db.select({ n: count() }).from(accounts).get()?.n).toBe(0);
    } finally {
      db.$client.close();
    }
  });
});
