import { type SendJobResult, type TemplateSendOutcome, unwrapSend } from '@countersign/core';
import { type SessionList, TemplateSendRequestSchema, templatesSendJob } from '@countersign/schemas';
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

const send = (count: number, tag: string) =>
  api.queue.run<SendJobResult>(
    templatesSendJob,
    {
      accountId: account.accountId,
      request: TemplateSendRequestSchema.parse({
        templateId,
        notify: false,
        signingRequests: Array.from({ length: count }, (_, i) => ({
          recipients: [{ label: 'Signer', name: `Signer ${i}`, email: `signer-${tag}-${i}@example.test` }],
        })),
      }),
    },
    { timeoutMs: 120_000 },
  );

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
});
