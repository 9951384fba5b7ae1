import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { accounts, openDatabase, refreshTokens } from '@countersign/db';
import { repoRoot, tempDir } from '@countersign/test-support';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const dir = tempDir('countersign-db-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const MIGRATIONS = path.join(import.meta.dirname, '../migrations');
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

let n = 0;
const freshFile = () => path.join(dir, `db-${++n}`, 'countersign.db');

const appliedMigrations = (sqlite: Database.Database) =>
  sqlite.prepare('SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at').all() as {
    hash: string;
    created_at: number;
  }[];

const tableNames = (sqlite: Database.Database) =>
  (
    sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);

describe('openDatabase', () => {
  it('creates the file (and its directory) and applies every committed migration once', async () => {
    const file = freshFile();
    const db = await openDatabase(file);
    try {
      expect(fs.existsSync(file)).toBe(true);
      const applied = appliedMigrations(db.$client);
      expect(applied.map((m) => Number(m.created_at))).toEqual(journal.entries.map((e) => e.when));
      expect(tableNames(db.$client)).toEqual(
        expect.arrayContaining(['accounts', 'refresh_tokens', 'outbox', 'rate_limit_windows']),
      );
    } finally {
      db.$client.close();
    }
  });

  it('applies nothing again on reopen and keeps the data', async () => {
    const file = freshFile();
    const first = await openDatabase(file);
    await first.insert(accounts).values({ id: 'a1', name: 'Acme', email: 'ops@acme.test', createdAt: 1 });
    const before = appliedMigrations(first.$client);
    const schemaBefore = first.$client.prepare('SELECT sql FROM sqlite_master ORDER BY name').all();
    first.$client.close();

    const second = await openDatabase(file);
    try {
      expect(appliedMigrations(second.$client)).toEqual(before);
      expect(second.$client.prepare('SELECT sql FROM sqlite_master ORDER BY name').all()).toEqual(
        schemaBefore,
      );
      expect(await second.select().from(accounts)).toHaveLength(1);
    } finally {
      second.$client.close();
    }
  });

  it("sets WAL and foreign keys on every connection, and turns off SQLite's own (blocking) busy handler", async () => {
    const file = freshFile();
    const db = await openDatabase(file);
    const custom = await openDatabase(file, { busyTimeoutMs: 1234 });
    try {
      expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.$client.pragma('busy_timeout', { simple: true })).toBe(0);
      expect(custom.$client.pragma('busy_timeout', { simple: true })).toBe(0);
      expect(custom.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      // WAL is a property of the file: a plain connection sees it too.
      const plain = new Database(file, { readonly: true });
      expect(plain.pragma('journal_mode', { simple: true })).toBe('wal');
      plain.close();
    } finally {
      custom.$client.close();
      db.$client.close();
    }
  });

  it('enforces foreign keys (a token for a missing account is refused)', async () => {
    const db = await openDatabase(freshFile());
    try {
      await expect(
        db
          .insert(refreshTokens)
          .values({ id: 't1', accountId: 'missing', tokenHash: 'h', hint: 'csrt_', createdAt: 1 }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/FOREIGN KEY/) } });
      // And cascades: deleting an account deletes its tokens.
      await db.insert(accounts).values({ id: 'a1', name: 'Acme', email: 'ops@acme.test', createdAt: 1 });
      await db
        .insert(refreshTokens)
        .values({ id: 't2', accountId: 'a1', tokenHash: 'h2', hint: 'csrt_', createdAt: 1 });
      db.$client.prepare("DELETE FROM accounts WHERE id = 'a1'").run();
      expect(await db.select().from(refreshTokens)).toEqual([]);
    } finally {
      db.$client.close();
    }
  });

  it('leaves the schema alone with migrate: false', async () => {
    const db = await openDatabase(freshFile(), { migrate: false });
    try {
      expect(tableNames(db.$client)).toEqual([]);
    } finally {
      db.$client.close();
    }
  });
});

describe('concurrent start', () => {
  const TSX = path.join(repoRoot, 'node_modules/.bin/tsx');
  const FIXTURE = path.join(import.meta.dirname, 'fixtures/open-on-signal.ts');

  /** Starts a child that opens `file` when told to; resolves once it has loaded and said "ready". */
  function startOpener(file: string) {
    const child: ChildProcess = spawn(TSX, [FIXTURE, file], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    const ready = new Promise<void>((resolve, reject) => {
      const check = () => (out.includes('ready\n') ? resolve() : undefined);
      child.stdout?.on('data', check);
      child.once('exit', (code) => reject(new Error(`opener exited early (${code}): ${out}`)));
    });
    const exited = new Promise<{ code: number | null; result: { ok: boolean; applied?: number } }>(
      (resolve) =>
        child.once('exit', (code) => {
          const last = out.trim().split('\n').at(-1) ?? '';
          let result: { ok: boolean; applied?: number } = { ok: false };
          try {
            result = JSON.parse(last);
          } catch {}
          resolve({ code, result });
        }),
    );
    return { child, ready, exited, output: () => out };
  }

  /** Starts `count` openers on `file`, lets them all go at once, and checks each one's outcome. */
  async function raceOpen(file: string, count: number) {
    const openers = Array.from({ length: count }, () => startOpener(file));
    await Promise.all(openers.map((o) => o.ready));
    for (const o of openers) o.child.stdin?.write('go\n');
    const results = await Promise.all(openers.map((o) => o.exited));
    for (const [i, r] of results.entries()) {
      expect(r.code, openers[i]?.output()).toBe(0);
      expect(r.result).toEqual({ ok: true, applied: journal.entries.length });
    }
  }

  it('lets two processes migrate the same empty file at the same moment, applying each migration once', async () => {
    const file = freshFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The file is already in WAL mode (as after a first start that crashed before migrating), so the
    // race is between the migrations themselves.
    const init = new Database(file);
    init.pragma('journal_mode = WAL');
    init.close();

    await raceOpen(file, 2);

    const sqlite = new Database(file, { readonly: true });
    try {
      expect(appliedMigrations(sqlite)).toHaveLength(journal.entries.length);
      expect(tableNames(sqlite)).toEqual(expect.arrayContaining(['accounts', 'outbox']));
    } finally {
      sqlite.close();
    }
  });
});
