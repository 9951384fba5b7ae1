import zlib from 'node:zlib';
import { localDrive, setAllowance, signAsParticipant } from '@countersign/core';
import { jsonTextEquals, outbox, participants } from '@countersign/db';
import { and, eq, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import type { TestApi } from './harness.ts';

/** The session's `job` outbox rows: the jobs its last signature (or its purge request) asked the queue for. */
const jobRowsOf = (api: TestApi, sessionId: string): SQL =>
  and(eq(outbox.kind, 'job'), jsonTextEquals(api.runtime.ctx.db, outbox.payload, 'sessionId', sessionId))!;

/** The session's one `job` row (its completion, once its only signer signed). */
export const jobRowOf = async (api: TestApi, sessionId: string) =>
  (await api.runtime.ctx.db.select().from(outbox).where(jobRowsOf(api, sessionId)))[0];

/**
 * Every signer signs (typed, the i-th name for the i-th token), and the completion job the last signature asks
 * for is queued and lost (a Redis that restarted empty): only an explicit run or a sweep completes the session.
 * The outbox row is marked delivered in the signatures' transaction, so no outbox pass can queue the job
 * meanwhile.
 */
export async function signLosingCompletionJob(
  api: TestApi,
  s: { sessionId: string; tokens: string[] },
  names: string[],
): Promise<void> {
  const ctx = api.runtime.ctx;
  const unkicked = { ...ctx, outbox: { ...ctx.outbox, kick: () => {} } };
  await ctx.db.transaction(async () => {
    for (const [i, token] of s.tokens.entries()) {
      await signAsParticipant(
        unkicked,
        token,
        { values: [], signature: { kind: 'typed', value: names[i]! } },
        { origin: {}, cookieToken: null },
      );
    }
    const lost = await ctx.db
      .update(outbox)
      .set({ deliveredAt: ctx.clock.now() })
      .where(jobRowsOf(api, s.sessionId))
      .returning({ id: outbox.id });
    expect(lost).toHaveLength(1);
  });
  ctx.outbox.kick(); // the signatures' emails and webhooks
}

/**
 * A public session with one signer, sent through the API by a new account: its id, the signer's signature
 * through the signing API, and its status as `GET /api/sessions/{id}` gives it.
 */
export async function sendToOneSigner(api: TestApi, signer: string, pages = 1) {
  const ctx = api.runtime.ctx;
  const { accountId, accessToken } = await api.newAccount(`${signer}'s sender`);
  await setAllowance(ctx, accountId, 1e6, 86_400_000);
  const { cloudFileId } = await (await localDrive(ctx, accountId)).put('nda.pdf', await makePdf(pages));
  const sent = await api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      authRequirement: 'public',
      signingRequests: [{ recipients: [{ name: signer, email: 'signer@example.test' }] }],
    },
    accessToken,
  );
  expect(sent.status).toBe(200);
  const row = (
    (await sent.json()) as { rows: { sessionId: string; participants: { signingUrl: string }[] }[] }
  ).rows[0]!;
  const token = row.participants[0]!.signingUrl.split('/s/')[1]!;
  return {
    sessionId: row.sessionId,
    sign: () =>
      api.post(`/api/signing/${token}/sign`, { values: [], signature: { kind: 'typed', value: signer } }),
    status: async () =>
      (
        (await (
          await api.fetch(`/api/sessions/${row.sessionId}`, {
            headers: { authorization: `Bearer ${accessToken}` },
          })
        ).json()) as { status: string }
      ).status,
  };
}

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A drawn signature finalize cannot embed: a PNG with a valid header and no image data. */
const unembeddableSignature = {
  kind: 'drawn',
  value: `data:image/png;base64,${Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]).toString('base64')}`,
};

/**
 * Swaps the stored signature of the signer at `position` for one finalize cannot embed, so every completion of
 * the session fails. Sign-time checks refuse such a signature now, so it is put in place the way older data (or
 * any other finalize failure) would be. `restore()` puts the signer's own signature back: the cause fixed.
 */
export async function breakSignature(
  api: TestApi,
  sessionId: string,
  position = 0,
): Promise<{ restore(): Promise<void> }> {
  const db = api.runtime.ctx.db;
  const signer = and(eq(participants.sessionId, sessionId), eq(participants.position, position));
  const [{ signature }] = (await db
    .select({ signature: participants.signature })
    .from(participants)
    .where(signer)) as [{ signature: unknown }];
  const store = async (value: unknown) => {
    await db.update(participants).set({ signature: value }).where(signer);
  };
  await store(unembeddableSignature);
  return { restore: () => store(signature) };
}
