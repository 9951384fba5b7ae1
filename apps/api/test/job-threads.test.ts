import { type SendJobResult, type TemplateSendOutcome, unwrapSend } from '@countersign/core';
import { sessions } from '@countersign/db';
import { type SessionList, TemplateSendRequestSchema, templatesSendJob } from '@countersign/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTemplate } from './fixtures/templates.ts';
import { startTestApi, type TestApi } from './harness.ts';

// The embedded topology runs its jobs on job threads (packages/core/src/job-threads/), off the API's event loop.

let api: TestApi;
let account: Awaited<ReturnType<TestApi['newAccount']>>;
let templateId: string;
beforeAll(async () => {
  api = await startTestApi({ env: { JOB_THREADS: '1' } });
  account = await api.newAccount();
  ({ templateId } = await createTestTemplate(api, account.accountId, {
    name: 'Threads',
    roles: ['Signer'],
    documents: [{ filename: 'terms.pdf', pages: 1 }],
    fields: [
      {
        label: 'Signature',
        type: 'signature',
        page: 1,
        x: 72,
        y: 600,
        width: 150,
        height: 20,
        role: 'Signer',
      },
    ],
  }));
});
afterAll(() => api?.close());

/** A send request of `count` entries, as an integrator would post it. */
const request = (count: number, tag: string) => ({
  templateId,
  notify: false,
  signingRequests: Array.from({ length: count }, (_, i) => ({
    recipients: [{ label: 'Signer', name: `Signer ${i}`, email: `signer-${tag}-${i}@example.test` }],
  })),
});

/** The send job as the API queues it: the body's text, validated by the job. */
const send = (count: number, tag: string) =>
  api.queue.run<SendJobResult>(
    templatesSendJob,
    { accountId: account.accountId, body: JSON.stringify(request(count, tag)) },
    { timeoutMs: 120_000 },
  );

const sessionCount = async () =>
  (await api.runtime.ctx.db.select().from(sessions).where(eq(sessions.accountId, account.accountId))).length;

async function createdAtOf(batchId: string): Promise<number[]> {
  const times: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `bulkSendBatchId=${batchId}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await api.fetch(`/api/sessions?${query}`, {
      headers: { authorization: `Bearer ${account.accessToken}` },
    });
    const list = (await res.json()) as SessionList;
    times.push(...list.sessions.map((s) => Date.parse(s.createdAt)));
    cursor = list.nextCursor;
  } while (cursor);
  return times;
}

describe('embedded job threads', () => {
  it('a send commits its sessions while the API thread is blocked: the job runs on a thread of its own', async () => {
    // A first send, so a thread is up and has run the handler once (its start is not what is measured).
    expect(unwrapSend<TemplateSendOutcome>(api.runtime.ctx, await send(1, 'warm')).status).toBe(200);

    const running = send(2_000, 'blocked');
    // The job reaches its thread in a few microtasks; then this thread stops taking turns for 3 s.
    await new Promise((r) => setImmediate(r));
    const blockedFrom = Date.now();
    while (Date.now() - blockedFrom < 3_000) {
      // a busy loop, as a long synchronous task would hold the API's event loop
    }
    const blockedUntil = Date.now();
    const outcome = unwrapSend<TemplateSendOutcome>(api.runtime.ctx, await running);
    expect(outcome.status).toBe(200);
    const batchId = (outcome.body as { instantiation: { bulkSendBatchId: string } }).instantiation
      .bulkSendBatchId;

    const times = await createdAtOf(batchId);
    expect(times).toHaveLength(2_000);
    // Sessions were committed (in batches of 50) while this thread ran nothing else: another thread did it.
    const duringBlock = times.filter((t) => t >= blockedFrom && t < blockedUntil);
    expect(duringBlock.length).toBeGreaterThan(0);
  }, 180_000);

  it('validates the body on the job’s thread: a body failing its schema is a 400 answer, nothing created', async () => {
    const before = await sessionCount();
    const bad = { ...request(2, 'bad'), notify: 'yes', extra: 1 };
    const result = await api.queue.run<SendJobResult>(
      templatesSendJob,
      { accountId: account.accountId, body: JSON.stringify(bad) },
      { timeoutMs: 60_000 },
    );
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'invalid_request',
        message: 'notify: must be a boolean; extra: unknown property',
      }),
    });
    const notJson = await api.queue.run<SendJobResult>(
      templatesSendJob,
      { accountId: account.accountId, body: '{"templateId": ' },
      { timeoutMs: 60_000 },
    );
    expect(notJson).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await sessionCount()).toBe(before);
  });

  it('still runs a send an API before 2026-11-27 queued, with the validated body as `request`', async () => {
    const result = await api.queue.run<SendJobResult>(
      templatesSendJob,
      { accountId: account.accountId, request: TemplateSendRequestSchema.parse(request(3, 'legacy')) },
      { timeoutMs: 60_000 },
    );
    const outcome = unwrapSend<TemplateSendOutcome>(api.runtime.ctx, result);
    expect(outcome.body.instantiation.sessions.map((s) => s.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
  });
});
