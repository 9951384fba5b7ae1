import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { accounts, closeDatabase, type Db, openDatabase } from '@countersign/db';
import { repoRoot, tempDir } from '@countersign/test-support';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { counterValue, createCounter, incrementCounter } from './fixtures/counter.ts';
import { nestedTransactionsKeep } from './fixtures/savepoint.ts';
import { statementsCounted } from './fixtures/statements-run.ts';

const dir = tempDir('countersign-connection-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
/** Runs `test` on a database of its own, closed afterwards whatever happens. */
async function withFreshDb(
  test: (fresh: { file: string; db: Db }) => Promise<void>,
  options: Parameters<typeof openDatabase>[1] = {},
) {
  const file = path.join(dir, `db-${++n}`, 'countersign.db');
  const db = await openDatabase(file, options);
  try {
    await test({ file, db });
  } finally {
    closeDatabase(db);
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const account = (id: string) => ({ id, name: id, email: `${id}@example.test`, createdAt: 1 });
const accountIds = async (db: Db) =>
  (await db.select({ id: accounts.id }).from(accounts)).map((a) => a.id).sort();

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Another connection on a thread of its own, as another process would be: it takes the write lock `bursts`
 * times for `holdMs` each, with `gapMs` free between, like a bulk send committing chunk after chunk.
 */
async function holdLock(file: string, bursts: number, holdMs: number, gapMs: number) {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     const nap = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
     for (let i = 0; i < workerData.bursts; i++) {
       db.exec('BEGIN IMMEDIATE');
       if (i === 0) Atomics.store(workerData.state, 0, 1);
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
  while (Atomics.load(state, 0) === 0) await sleep(1); // until it holds the lock
  return { finishedBursts: () => Atomics.load(state, 1), done };
}

describe("waiting for another connection's write lock", () => {
  it("gets in at the first gap between short transactions (SQLite's own handler sleeps through them)", async () => {
    const waits: string[] = [];
    await withFreshDb(
      async ({ file, db }) => {
        const holder = await holdLock(file, 10, 30, 1);
        // The lock is free at 30-31 ms, 61-62 ms, ... SQLite's schedule (sleeps of 1, 2, 5, 10, 15, 20, 25, 25 ms)
        // tries at 0, 1, 3, 8, 18, 33, 53, 78 ms: inside a burst every time. Polling every turn finds the first gap.
        await db.transaction(async (tx) => {
          await tx.insert(accounts).values(account('in-transaction'));
        });
        const afterTransaction = holder.finishedBursts();
        await db.insert(accounts).values(account('autocommit'));
        const afterAutocommit = holder.finishedBursts();
        await holder.done;
        expect(afterTransaction).toBeLessThanOrEqual(2);
        expect(afterAutocommit).toBeLessThanOrEqual(afterTransaction + 2);
        expect(await accountIds(db)).toEqual(['autocommit', 'in-transaction']);
        // The transaction met the held lock; the autocommit insert may have found it free.
        expect(waits.length).toBeGreaterThanOrEqual(1);
        expect(new Set(waits)).toEqual(new Set(['acquired']));
      },
      { onBusyWait: (_ms, outcome) => waits.push(outcome) },
    );
  });

  it('keeps the event loop turning while it waits', async () => {
    await withFreshDb(async ({ file, db }) => {
      const holder = await holdLock(file, 1, 300, 0);
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 10);
      const start = performance.now();
      await db.insert(accounts).values(account('after-the-wait'));
      const waited = performance.now() - start;
      clearInterval(ticker);
      await holder.done;
      expect(waited).toBeGreaterThan(200);
      // A blocking wait (Atomics.wait, SQLite's busy handler) would let no timer fire until the lock came.
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(waited / 10 / 3));
    });
  });

  it('begins every transaction IMMEDIATE, so it waits at BEGIN instead of failing mid-way', async () => {
    await withFreshDb(async ({ file, db }) => {
      const holder = await holdLock(file, 3, 30, 1);
      // A deferred transaction would read, then meet the lock at its first write, where it cannot wait.
      await db.transaction(async (tx) => {
        await tx.select({ n: count() }).from(accounts);
        await tx.insert(accounts).values(account('read-then-write'));
      });
      await holder.done;
      expect(await accountIds(db)).toEqual(['read-then-write']);
    });
  });

  it('gives up with SQLITE_BUSY after busyTimeoutMs, having written nothing', async () => {
    const waits: string[] = [];
    await withFreshDb(
      async ({ file, db }) => {
        const holder = await holdLock(file, 1, 600, 0);
        const start = performance.now();
        // drizzle wraps a failed statement (DrizzleQueryError); the driver's error is its cause.
        await expect(db.insert(accounts).values(account('late'))).rejects.toMatchObject({
          cause: { code: 'SQLITE_BUSY' },
        });
        await expect(
          db.transaction(async (tx) => {
            await tx.insert(accounts).values(account('late-tx'));
          }),
        ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
        const waited = performance.now() - start;
        expect(waited).toBeGreaterThanOrEqual(2 * 60);
        expect(holder.finishedBursts()).toBe(0); // both gave up while the lock was still held
        expect(waits).toEqual(['timed_out', 'timed_out']);
        await holder.done;
        expect(await accountIds(db)).toEqual([]);
      },
      {
        busyTimeoutMs: 60,
        onBusyWait: (_ms, outcome) => waits.push(outcome),
      },
    );
  });
});

describe('one connection shared by every async context of the process', () => {
  it('makes a query from another context wait for the open transaction, so a rollback does not take it along', async () => {
    await withFreshDb(async ({ db }) => {
      let outsideSaw: string[] | undefined;
      let inside!: () => void;
      const insideWrote = new Promise<void>((resolve) => (inside = resolve));
      const failed = db.transaction(async () => {
        await db.insert(accounts).values(account('rolled-back'));
        inside();
        await sleep(30); // the other request arrives meanwhile
        throw new Error('the state change failed');
      });
      await insideWrote;
      // Another request, in its own async context, while the transaction is open.
      const outside = (async () => {
        await db.insert(accounts).values(account('outside'));
        outsideSaw = await accountIds(db);
      })();
      await expect(failed).rejects.toThrow('the state change failed');
      await outside;
      // Had it run inside the open transaction, the rollback would have taken its row along.
      expect(outsideSaw).toEqual(['outside']);
      expect(await accountIds(db)).toEqual(['outside']);
    });
  });

  it('makes work left over from an ended transaction wait for the next one, like any other context', async () => {
    await withFreshDb(async ({ db }) => {
      let resume!: () => void;
      const go = new Promise<void>((resolve) => (resume = resolve));
      let leftover: Promise<string[]> | undefined;
      await db.transaction(async () => {
        await db.insert(accounts).values(account('first'));
        // Started inside the first transaction, it queries only once the second one is open.
        leftover = (async () => {
          await go;
          await db.insert(accounts).values(account('leftover'));
          return await accountIds(db);
        })();
      });
      let inside!: () => void;
      const insideWrote = new Promise<void>((resolve) => (inside = resolve));
      const second = db.transaction(async () => {
        await db.insert(accounts).values(account('rolled-back'));
        inside();
        await sleep(30);
        throw new Error('undo');
      });
      await insideWrote;
      resume();
      await expect(second).rejects.toThrow('undo');
      expect(await leftover).toEqual(['first', 'leftover']);
    });
  });

  it("counts queries made through db (not tx) in the transaction's own context as part of it", async () => {
    await withFreshDb(async ({ db }) => {
      const helper = async () => db.insert(accounts).values(account('via-helper'));
      await expect(
        db.transaction(async () => {
          await Promise.all([helper(), db.insert(accounts).values(account('direct'))]);
          expect(await accountIds(db)).toEqual(['direct', 'via-helper']);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await accountIds(db)).toEqual([]);
    });
  });

  it('takes a savepoint for a transaction inside a transaction', async () => {
    await withFreshDb(async ({ db }) => {
      expect(await nestedTransactionsKeep(db, account)).toEqual(['inner-kept', 'outer']);
    });
  });

  it('counts the statements it runs, transaction control included', async () => {
    await withFreshDb(async ({ db }) => {
      expect(await statementsCounted(db, account)).toEqual({ read: 1, committed: 3, rolledBack: 3 });
    });
  });

  it('runs the transactions of one process one after another (no lost update)', async () => {
    await withFreshDb(async ({ db }) => {
      await createCounter(db);
      await Promise.all(Array.from({ length: 20 }, () => incrementCounter(db)));
      expect(await counterValue(db)).toBe(20);
    });
  });

  it('keeps background work started inside a transaction (detached) out of it', async () => {
    await withFreshDb(async ({ db }) => {
      let background: Promise<unknown> | undefined;
      await expect(
        db.transaction(async () => {
          await db.insert(accounts).values(account('rolled-back'));
          background = db.detached(async () => {
            await db.insert(accounts).values(account('background'));
          });
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await background;
      expect(await accountIds(db)).toEqual(['background']);
    });
  });
});

describe('several processes on one file', () => {
  const TSX = path.join(repoRoot, 'node_modules/.bin/tsx');
  const FIXTURE = path.join(import.meta.dirname, 'fixtures/increment.ts');

  function incrementIn(file: string, times: number) {
    const child = spawn(TSX, [FIXTURE, file, String(times)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    return new Promise<{ code: number | null; out: string }>((resolve) =>
      child.once('exit', (code) => resolve({ code, out })),
    );
  }

  it('lose no update when they contend for the write lock with this one', async () => {
    await withFreshDb(async ({ file, db }) => {
      await createCounter(db);
      const children = [incrementIn(file, 150), incrementIn(file, 150)];
      // Two loops here too, so transactions of this process also take turns among themselves.
      const loop = async () => {
        for (let i = 0; i < 75; i++) await incrementCounter(db);
      };
      await Promise.all([loop(), loop()]);
      for (const r of await Promise.all(children)) {
        expect(r.code, r.out).toBe(0);
        expect(r.out).toContain('{"ok":true}');
      }
      expect(await counterValue(db)).toBe(450);
    });
  });
});
