import { localDrive, setAllowance } from '@countersign/core';
import { outbox } from '@countersign/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { makePdf } from './fixtures/pdfs.ts';
import type { TestApi } from './harness.ts';

/** The session's `job` outbox rows: the jobs its last signature (or its purge request) asked the queue for. */
export const jobRowsOf = (sessionId: string): SQL =>
  and(eq(outbox.kind, 'job'), sql`json_extract(${outbox.payload}, '$.sessionId') = ${sessionId}`)!;

/** The session's one `job` row (its completion, once its only signer signed). */
export const jobRowOf = async (api: TestApi, sessionId: string) =>
  (await api.runtime.ctx.db.select().from(outbox).where(jobRowsOf(sessionId)))[0];

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
