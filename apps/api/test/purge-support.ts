import fs from 'node:fs';
import path from 'node:path';
import { completeSession, localDrive, type ServiceContext, signAsParticipant } from '@countersign/core';
import { documents } from '@countersign/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { startApiWorld } from './api-world.ts';
import { makePdf } from './fixtures/pdfs.ts';

/** How the purge tests reach a service: the API over HTTP, the service context for setup and inspection. */
export interface PurgeTarget {
  ctx: ServiceContext;
  post(path: string, body: unknown, token?: string): Promise<Response>;
}

export interface SentSession {
  sessionId: string;
  signingToken: string;
}

/** Sends a one-signer public own-PDF session with emails on (so the outbox holds rows about the signer). */
export async function sendSession(
  target: PurgeTarget,
  token: string,
  accountId: string,
  who: { title: string; name: string; email: string; retentionDays?: number },
): Promise<SentSession> {
  const file = await (await localDrive(target.ctx, accountId)).put(
    `${who.title}.pdf`,
    await makePdf(1, who.title),
  );
  const res = await target.post(
    '/api/sessions/send',
    {
      cloudFileIds: [file.cloudFileId],
      title: who.title,
      authRequirement: 'public',
      notify: true,
      signingRequests: [{ recipients: [{ name: who.name, email: who.email }] }],
      ...(who.retentionDays === undefined ? {} : { retentionDays: who.retentionDays }),
    },
    token,
  );
  expect(res.status).toBe(200);
  const row = (
    (await res.json()) as { rows: { sessionId: string; participants: { signingUrl: string }[] }[] }
  ).rows[0]!;
  return { sessionId: row.sessionId, signingToken: row.participants[0]!.signingUrl.split('/s/')[1]! };
}

/** Signs a sent session as its signer and produces its sealed PDF. */
export async function signAndComplete(ctx: ServiceContext, sent: SentSession, name: string): Promise<void> {
  await signAsParticipant(
    ctx,
    sent.signingToken,
    { values: [], signature: { kind: 'typed', value: name } },
    { origin: { ip: '198.51.100.7', userAgent: 'PurgeTest/1.0' }, cookieToken: null },
  );
  await completeSession(ctx, sent.sessionId);
}

/** Every blob hash of a session's documents (source, prepared, final). */
export async function blobHashes(ctx: ServiceContext, sessionId: string): Promise<string[]> {
  const { sourceSha256, preparedSha256, finalSha256 } = documents;
  const rows = await ctx.db
    .select({ sourceSha256, preparedSha256, finalSha256 })
    .from(documents)
    .where(eq(documents.sessionId, sessionId));
  return [...new Set(rows.flatMap((r) => [r.sourceSha256, r.preparedSha256, r.finalSha256 ?? []].flat()))];
}

/** Whether a blob's file is on disk (the embedded topology's layout, file-blob-store.ts). */
export const blobExists = (ctx: ServiceContext, sha: string) =>
  fs.existsSync(path.join(ctx.config.dataDir, 'blobs', sha.slice(0, 2), sha));

/** The SQLite file and its WAL as bytes, to search for what a purge must have removed. */
export function databaseBytes(dataDir: string): Buffer {
  const file = `${dataDir}/countersign.db`;
  return Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
}

/**
 * The purge tests' world: an API without a background worker (the sweep runs when a test calls it), a manual
 * clock, tokens that outlive its moves, and one account subscribed to a webhook receiver.
 */
export const startPurgeWorld = (name: string, email: string) =>
  startApiWorld({
    worker: false,
    webhooks: true,
    account: { name, email },
    env: { ACCESS_TOKEN_TTL_SECONDS: '86400' },
  });
