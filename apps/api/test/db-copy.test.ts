import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { devMailbox, localDrive } from '@countersign/core';
import { blobContents, blobs, closeDatabase, openDatabase, sessions, verifyCopy } from '@countersign/db';
import type { SessionDetail } from '@countersign/schemas';
import { createTestDatabase, runCli, startS3, type TestDatabase } from '@countersign/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';
import { makePdf } from './fixtures/pdfs.ts';
import { type SentSession, sendSession, signAndComplete } from './purge-support.ts';

// Moving up (docs/operations.md, "Moving to PostgreSQL"): `pnpm cli db copy` takes an embedded deployment with
// a completed session into a new PostgreSQL database, and an API on another host (its own, empty DATA_DIR)
// started on that database serves it: the integrator's refresh token, the session, the signed PDF byte for
// byte and the signer's link; the embedded drive's files and the dev mailbox's emails move into the database.

let source: TestApi;
let target: TestDatabase;
let account: { accountId: string; refreshToken: string; accessToken: string };
let sent: SentSession;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The embedded topology whatever TEST_DIALECT says: an empty setting is unset.
  source = await startTestApi({ env: { DATABASE_URL: '' } });
  cleanups.push(() => source.close());
  target = await createTestDatabase();
  cleanups.push(() => target.drop());
  account = await source.newAccount('Moving Ltd', 'ops@moving.test');
  sent = await sendSession(
    { ctx: source.runtime.ctx, post: source.post },
    account.accessToken,
    account.accountId,
    {
      title: 'Lease to move',
      name: 'Mona Mover',
      email: 'mona@moving.test',
    },
  );
  await signAndComplete(source.runtime.ctx, sent, 'Mona Mover');
  // A file kept on the embedded drive (sendSession removes the one it sent from).
  await (await localDrive(source.runtime.ctx, account.accountId)).put('Kept.pdf', await makePdf(1, 'kept'));
  // The invite and the completion emails in the dev mailbox (DATA_DIR/mailbox) before the copy.
  await source.runtime.dispatchOutbox();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const copy = (to: string, env: Record<string, string> = { SECRETS_KEY: target.env.SECRETS_KEY }) =>
  runCli(['db', 'copy', '--to', to], { DATA_DIR: source.config.dataDir, LOG_LEVEL: 'silent', ...env });

describe('pnpm cli db copy --to postgres://', () => {
  it('copies every table, blob and secret, verified, and another host serves the deployment from it', async () => {
    const result = await copy(target.url);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.json as {
      tables: { table: string; rows: number; sha256: string }[];
      blobs: { copied: number; missing: string[] };
      driveFiles: { copied: number; bytes: number };
      devMail: { copied: number };
      secrets: string[];
    };
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(rows).toMatchObject({ accounts: 1, sessions: 1, participants: 1, documents: 1 });
    expect(rows.audit_events).toBeGreaterThan(2);
    const listed = await source.runtime.db.select().from(blobs);
    expect(report.blobs).toEqual({
      into: 'database',
      copied: listed.length,
      bytes: expect.any(Number),
      missing: [],
    });
    expect(listed.length).toBe(3); // source, prepared, final
    expect(report.secrets.sort()).toEqual(['data.key', 'jwt.key', 'otp.key', 'seal']);

    // The verification the copy ran catches a row that differs. (Not of `blobs`: the drive files' bytes joined
    // it after that check.)
    const db = await openDatabase(target.url);
    const tables = report.tables.filter((t) => t.table !== 'blobs');
    try {
      await verifyCopy(db, tables);
      await db.update(sessions).set({ title: 'Changed' }).where(eq(sessions.id, sent.sessionId));
      await expect(verifyCopy(db, tables)).rejects.toThrow(/^sessions: 1 rows \(sha256 \w+\) in the target/);
    } finally {
      await db.update(sessions).set({ title: 'Lease to move' }).where(eq(sessions.id, sent.sessionId));
      await closeDatabase(db);
    }

    const moved = await startTestApi({ env: target.env });
    cleanups.push(() => moved.close());
    const token = await moved.post('/connect/token', { refresh_token: account.refreshToken });
    expect(token.status).toBe(200);
    const auth = {
      authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
    };
    const res = await moved.fetch(`/api/sessions/${sent.sessionId}`, { headers: auth });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as SessionDetail;
    expect(detail.status).toBe('completed');
    const [document] = detail.documents;
    const pdf = async (api: TestApi) => {
      const answer = await api.fetch(`/api/sessions/${sent.sessionId}/documents/${document!.documentId}`, {
        headers: auth,
      });
      expect(answer.status).toBe(200);
      return Buffer.from(await answer.arrayBuffer());
    };
    const signed = await pdf(moved);
    expect(signed.subarray(0, 5).toString()).toBe('%PDF-');
    const sourceToken = await source.post('/connect/token', { refresh_token: account.refreshToken });
    auth.authorization = `Bearer ${((await sourceToken.json()) as { access_token: string }).access_token}`;
    expect(signed.equals(await pdf(source))).toBe(true);
    // The signer's link (stored hashed, and encrypted with the copied data key) opens on the new host.
    expect((await moved.fetch(`/s/${sent.signingToken}`)).status).toBe(200);

    // The embedded drive's files: the same ids, names and bytes, now in the database (no files on this host).
    const before = await localDrive(source.runtime.ctx, account.accountId);
    const after = await localDrive(moved.runtime.ctx, account.accountId);
    const files = await before.list();
    expect(files.length).toBeGreaterThan(0);
    expect(report.driveFiles).toEqual({ copied: files.length, bytes: expect.any(Number) });
    expect(await after.list()).toEqual(files);
    for (const file of files)
      expect(Buffer.from(await after.read(file.id)).equals(Buffer.from(await before.read(file.id)))).toBe(
        true,
      );
    expect(fs.existsSync(path.join(moved.config.dataDir, 'drive'))).toBe(false);

    // The dev mailbox: the same emails, fields and raw messages, now in the database.
    const mails = await devMailbox(source.runtime.ctx).list();
    expect(mails.map((m) => m.to)).toContainEqual(['mona@moving.test']);
    expect(report.devMail).toEqual({ copied: mails.length });
    const movedMailbox = devMailbox(moved.runtime.ctx);
    expect(await movedMailbox.list()).toEqual(mails);
    for (const mail of mails)
      expect(
        Buffer.from((await movedMailbox.eml(mail.id))!).equals(
          Buffer.from((await devMailbox(source.runtime.ctx).eml(mail.id))!),
        ),
      ).toBe(true);
    expect(fs.existsSync(path.join(moved.config.dataDir, 'mailbox'))).toBe(false);
  }, 120_000);

  it('refuses a target that is not empty, and a copy without SECRETS_KEY', async () => {
    // Two CLI processes (a second and a half of CPU each to start): together, on a loaded machine.
    const [again, keyless] = await Promise.all([copy(target.url), copy(target.url, { SECRETS_KEY: '' })]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('the target database is not empty');
    expect(keyless.code).toBe(1);
    expect(keyless.stderr).toContain('SECRETS_KEY is required');
  }, 120_000);
});

describe('pnpm cli db copy --to postgres:// with S3_* settings', () => {
  it('puts the blobs in the bucket, none in the database, and the new deployment serves the signed PDF from it', async () => {
    const s3 = await startS3();
    cleanups.push(() => s3.stop());
    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const s3Env = { ...s3.env, S3_PREFIX: 'moved' };
    const result = await copy(database.url, { SECRETS_KEY: database.env.SECRETS_KEY, ...s3Env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = result.json as {
      blobs: { into: string; copied: number; bytes: number; missing: string[] };
      driveFiles: { copied: number };
    };
    const listed = await source.runtime.db.select().from(blobs);
    expect(report.blobs).toEqual({
      into: 's3://countersign-test/moved/',
      copied: listed.length,
      bytes: listed.reduce((sum, b) => sum + b.size, 0),
      missing: [],
    });
    // Every blob the new deployment lists is an object under the prefix, the same size: the session's and the
    // drive file's (the embedded drive kept its files out of `blobs`).
    const db = await openDatabase(database.url);
    try {
      const targetListed = await db.select().from(blobs);
      expect(targetListed.length).toBe(listed.length + 1);
      const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
      expect((await s3.objects()).sort(byKey)).toEqual(
        targetListed.map((b) => ({ key: `moved/${b.sha256}`, size: b.size })).sort(byKey),
      );
      expect(await db.select({ sha256: blobContents.sha256 }).from(blobContents)).toEqual([]);
    } finally {
      await closeDatabase(db);
    }

    const moved = await startTestApi({ env: { ...database.env, ...s3Env } });
    cleanups.push(() => moved.close());
    const token = await moved.post('/connect/token', { refresh_token: account.refreshToken });
    const auth = {
      authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}`,
    };
    const detail = (await (
      await moved.fetch(`/api/sessions/${sent.sessionId}`, { headers: auth })
    ).json()) as SessionDetail;
    const answer = await moved.fetch(
      `/api/sessions/${sent.sessionId}/documents/${detail.documents[0]!.documentId}`,
      { headers: auth },
    );
    expect(answer.status).toBe(200);
    const signed = Buffer.from(await answer.arrayBuffer());
    const final = listed.find((b) => b.sha256 === sha256Hex(signed));
    expect(final?.size).toBe(signed.byteLength);
    expect(fs.existsSync(path.join(moved.config.dataDir, 'blobs'))).toBe(false);

    // Another copy into an empty database but the same bucket prefix is refused before writing anything.
    const second = await createTestDatabase();
    cleanups.push(() => second.drop());
    const again = await copy(second.url, { SECRETS_KEY: second.env.SECRETS_KEY, ...s3Env });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'the target bucket is not empty: s3://countersign-test/moved/ holds objects',
    );
    const untouched = await openDatabase(second.url);
    try {
      expect(await untouched.select().from(sessions)).toEqual([]);
    } finally {
      await closeDatabase(untouched);
    }
  }, 120_000);
});
