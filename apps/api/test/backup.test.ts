import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { localDrive } from '@countersign/core';
import type { SigningView } from '@countersign/schemas';
import { runCli, tempDir } from '@countersign/test-support';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { sendOneEntry } from './send-support.ts';
import { signBody } from './signing-setup.ts';
import { bearer, type Receiver, startReceiver } from './webhooks-support.ts';

// Backup of a running embedded deployment (its API sending all along) through the real CLI, restore into an
// empty DATA_DIR, and a full signing flow on a service started on the restored copy. The embedded topology's
// own tool: on SQLite whatever TEST_DIALECT says (PostgreSQL is backed up with its own tools).

const sourceDir = tempDir('countersign-backup-src-');
const work = tempDir('countersign-backup-out-');
const archive = path.join(work, 'countersign.tar.gz');
const cliEnv = (dataDir: string) => ({ DATA_DIR: dataDir, SMTP_URL: '', REDIS_URL: '' });

let source: TestApi;
let account: { accountId: string; refreshToken: string; accessToken: string };
let receiver: Receiver;

beforeAll(async () => {
  source = await startTestApi({ env: { DATA_DIR: sourceDir, DATABASE_URL: '' } });
  receiver = await startReceiver();
  account = await source.newAccount('Backed Up');
}, 60_000);
afterAll(async () => {
  await source?.close();
  await receiver?.close();
});

const sessionCount = (api: TestApi) =>
  (api.runtime.db.$client.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;

/** One own-PDF session to Bea, with her signing link. */
const sendOwnPdf = (
  api: TestApi,
  token: string,
  cloudFileId: string,
  authRequirement: 'otp' | 'public' = 'otp',
) =>
  sendOneEntry(api, token, {
    cloudFileIds: [cloudFileId],
    title: 'Backup probe',
    signingRequests: [{ recipients: [{ name: 'Bea Signer', email: 'bea@example.test' }] }],
    authRequirement,
    notify: false,
  });

describe('backup and restore', () => {
  it('copies a deployment while it sends, and the restored copy signs and seals', async () => {
    const drive = await localDrive(source.runtime.ctx, account.accountId);
    const files = [];
    for (let i = 0; i < 4; i++)
      files.push((await drive.put(`doc-${i}.pdf`, await makePdf(1, `backup-${i}`))).cloudFileId);

    // Sends run back to back, each on a PDF with a fresh title so new blobs keep being written.
    let stop = false;
    let sent = 0;
    let firstTwo: () => void = () => {};
    const warmedUp = new Promise<void>((resolve) => (firstTwo = resolve));
    const sending = (async () => {
      for (let i = 0; !stop; i++) {
        const fresh = await drive.put(`run-${i}.pdf`, await makePdf(1, `backup-run-${i}`));
        await sendOwnPdf(source, account.accessToken, i % 2 ? fresh.cloudFileId : files[i % files.length]!);
        if (++sent === 2) firstTwo();
      }
    })();
    await warmedUp;
    const sentBefore = sent;
    const made = await runCli(['backup', '--to', archive], cliEnv(sourceDir));
    const sentAfter = sent;
    stop = true;
    await sending;
    expect(made.code, made.stderr).toBe(0);
    expect(sentAfter).toBeGreaterThan(sentBefore); // sends ran while the backup did
    const summary = made.json as { file: string; bytes: number; files: number; blobs: number };
    expect(summary.file).toBe(archive);
    expect(summary.blobs).toBeGreaterThanOrEqual(4);
    expect(fs.statSync(archive).size).toBe(summary.bytes);
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600); // it holds the secrets

    // Restore refuses a DATA_DIR that holds anything, and leaves it alone.
    const busyDir = tempDir('countersign-backup-busy-');
    fs.writeFileSync(path.join(busyDir, 'keep.txt'), 'mine');
    const refused = await runCli(['restore', '--from', archive, '--data-dir', busyDir], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty/);
    expect(fs.readdirSync(busyDir)).toEqual(['keep.txt']);

    const restoredDir = path.join(work, 'restored');
    const restored = await runCli(['restore', '--from', archive, '--data-dir', restoredDir], {});
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.json).toMatchObject({ dataDir: restoredDir, files: summary.files });
    expect(fs.statSync(restoredDir).mode & 0o777).toBe(0o700);

    const copy = await startTestApi({
      env: { DATA_DIR: restoredDir, DATABASE_URL: '', WEBHOOK_ALLOW_PRIVATE: '1' },
    });
    try {
      // A snapshot taken during the backup: every send finished before it, none started after it.
      const sessions = sessionCount(copy);
      expect(sessions).toBeGreaterThanOrEqual(sentBefore);
      expect(sessions).toBeLessThanOrEqual(sentAfter + 1);

      // The account's refresh token, its drive, its secrets (encrypted link tokens) came along.
      const res = await copy.post('/connect/token', { refresh_token: account.refreshToken });
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { access_token: string }).access_token;
      const listed = await copy.fetch('/api/sessions?limit=1', { headers: bearer(token) });
      expect(listed.status).toBe(200);

      const hook = await copy.post(
        '/api/webhooks',
        { url: receiver.url, events: ['session.completed'] },
        token,
      );
      expect(hook.status).toBe(201);
      const row = await sendOwnPdf(copy, token, files[0]!, 'public');
      const link = row.tokens[0]!;
      const view = (await (await copy.fetch(`/api/signing/${link}`)).json()) as SigningView;
      const signed = await copy.post(`/api/signing/${link}/sign`, signBody(view));
      expect(signed.status).toBe(200);
      await receiver.waitFor(
        (r) => r.event.type === 'session.completed' && r.event.data.sessionId === row.sessionId,
        30_000,
      );
      const pdf = await copy.fetch(`/api/sessions/${row.sessionId}/documents/${row.documentIds[0]}`, {
        headers: bearer(token),
      });
      expect(pdf.status).toBe(200);
      const sealed = path.join(work, 'sealed.pdf');
      fs.writeFileSync(sealed, Buffer.from(await pdf.arrayBuffer()));
      // The seal made with the restored certificate verifies.
      const report = execFileSync('pdfsig', [sealed], { encoding: 'utf8' });
      expect(report).toMatch(/Signature Validation: Signature is Valid/);
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('refuses an archive whose contents do not match their hashes', async () => {
    const unpacked = tempDir('countersign-backup-tamper-');
    await tar.extract({ file: archive, cwd: unpacked });
    const blobs = path.join(unpacked, 'data', 'blobs');
    const prefix = fs.readdirSync(blobs)[0]!;
    const blob = path.join(blobs, prefix, fs.readdirSync(path.join(blobs, prefix))[0]!);
    const bytes = fs.readFileSync(blob);
    bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0xff;
    fs.writeFileSync(blob, bytes);
    const tampered = path.join(work, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ['manifest.json', 'data']);

    const target = path.join(work, 'from-tampered');
    const refused = await runCli(['restore', '--from', tampered, '--data-dir', target], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/SHA-256 does not match the manifest/);
    expect(fs.existsSync(target)).toBe(false);
  }, 60_000);
});
