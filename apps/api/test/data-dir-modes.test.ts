import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@countersign/config';
import { createAccount, createRuntime, databaseFile, localDrive } from '@countersign/core';
import { freePort, type ServiceProcess, spawnEntry, tempDir, waitForUrl } from '@countersign/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';

// Files at rest: DATA_DIR 0700 and everything in it 0600 (directories 0700) under the usual umask 022, and a
// start on a DATA_DIR left looser tightens it and says so.

/** Every path under `root` with its permission bits. */
function modes(root: string): Map<string, number> {
  const out = new Map<string, number>();
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    out.set(path.relative(root, p) || '.', stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(root);
  return out;
}

function expectPrivate(root: string) {
  const loose = [...modes(root)].filter(([p, mode]) => {
    const dir = fs.lstatSync(path.join(root, p)).isDirectory();
    return mode !== (dir ? 0o700 : 0o600);
  });
  expect(loose.map(([p, mode]) => `${p} ${mode.toString(8)}`)).toEqual([]);
}

let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

describe('DATA_DIR modes under umask 022', () => {
  it('creates DATA_DIR 0700 and every file its writers make 0600', async () => {
    const dataDir = path.join(tempDir('countersign-modes-'), 'data');
    const runtime = await createRuntime(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: '' }));
    try {
      expect(runtime.tightened).toEqual([]);
      const { ctx } = runtime;
      // Each writer of DATA_DIR once: the database (and its WAL), a blob, the dev mailbox, the drive, secrets.
      const { accountId } = await createAccount(ctx, { name: 'Modes', email: 'modes@example.test' });
      await ctx.blobs.put(await makePdf(1, 'blob'));
      await runtime.mailer.send({
        messageId: '<modes@example.test>',
        from: { address: 'noreply@example.test' },
        to: ['ann@example.test'],
        subject: 'A link',
        text: 'https://example.test/s/secret',
        html: '<p>https://example.test/s/secret</p>',
      });
      await (await localDrive(ctx, accountId)).put('contract.pdf', await makePdf(1, 'drive'));
      await ctx.secrets.sealCertificate();
      const db = databaseFile(ctx.config);
      for (const file of [db, `${db}-wal`, `${db}-shm`]) expect(fs.existsSync(file), file).toBe(true);
      for (const dir of ['blobs', 'mailbox', 'drive', 'secrets'])
        expect(fs.readdirSync(path.join(dataDir, dir)).length, dir).toBeGreaterThan(0);
      expectPrivate(dataDir);
    } finally {
      await runtime.close();
    }
  });
});

describe('a start on a looser DATA_DIR (pnpm start)', () => {
  let api: ServiceProcess | undefined;
  afterAll(async () => {
    const pid = api && /"pid":(\d+)/.exec(api.output())?.[1];
    if (pid) process.kill(Number(pid), 'SIGTERM');
    await api?.exited;
  });

  it('tightens directories to 0700 and files to 0600 and logs it', async () => {
    const dataDir = tempDir('countersign-modes-');
    // What an older version left under umask 022.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, 'blobs', 'ab'), { recursive: true, mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'blobs', 'ab', 'old.pdf'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, 'countersign.db'), '', { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, 'mailbox'), { mode: 0o777 });
    fs.chmodSync(path.join(dataDir, 'mailbox'), 0o777);
    const port = await freePort();
    api = spawnEntry('apps/api/src/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: '',
      SMTP_URL: '',
      JWT_SECRET: '',
    });
    await waitForUrl(`http://127.0.0.1:${port}/healthz`, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${api?.output()}`);
    });
    const line = api
      .output()
      .split('\n')
      .find((l) => l.includes('tightened'));
    expect(line, api.output()).toBeDefined();
    const logged = JSON.parse(line!) as { count: number; paths: string[]; level: number };
    expect(logged.level).toBe(40); // warn
    expect(new Set(logged.paths)).toEqual(
      new Set(
        ['.', 'blobs', 'blobs/ab', 'blobs/ab/old.pdf', 'countersign.db', 'mailbox'].map((p) =>
          path.join(dataDir, p).replace(/\/\.$/, ''),
        ),
      ),
    );
    expectPrivate(dataDir);
  }, 90_000);
});
