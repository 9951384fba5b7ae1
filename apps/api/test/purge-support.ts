import fs from 'node:fs';
import { completeSession, localDrive, type ServiceContext, signAsParticipant } from '@countersign/core';
import { documents, schema } from '@countersign/db';
import { eq, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
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
  const drive = await localDrive(target.ctx, accountId);
  const file = await drive.put(`${who.title}.pdf`, await makePdf(1, who.title));
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
  // The upload is the account's, not the session's: removed here, so that what a purge leaves is seen alone (on
  // PostgreSQL the drive is in the database, its file naming the title and holding the source PDF's blob).
  expect(await drive.remove(file.cloudFileId)).toBe(true);
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

/** Which of these blobs the blob store still holds (files under DATA_DIR, rows on PostgreSQL), in order. */
export async function storedBlobs(ctx: ServiceContext, shas: string[]): Promise<string[]> {
  const held = await Promise.all(shas.map((sha) => ctx.blobs.has(sha)));
  return shas.filter((_, i) => held[i]);
}

/**
 * What the database holds, to search for what a purge must have removed. On SQLite the file and its WAL as bytes
 * (freed pages and old page versions included); on PostgreSQL every row of every table, read through the data
 * layer (its dead row versions are VACUUM's, out of a client's reach).
 */
export async function databaseBytes(ctx: ServiceContext): Promise<Buffer> {
  if (ctx.db.$connection.dialect === 'sqlite') {
    const file = `${ctx.config.dataDir}/countersign.db`;
    return Buffer.concat(
      [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)),
    );
  }
  const text = (v: unknown) =>
    v instanceof Uint8Array
      ? Buffer.from(v).toString('latin1')
      : typeof v === 'string'
        ? v
        : JSON.stringify(v);
  const rows: string[] = [];
  for (const table of (Object.values(schema) as unknown[]).filter((t): t is SQLiteTable =>
    is(t, SQLiteTable),
  ))
    for (const row of await ctx.db.select().from(table)) rows.push(Object.values(row).map(text).join('\n'));
  return Buffer.from(rows.join('\n'), 'latin1');
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
