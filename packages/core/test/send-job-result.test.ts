import { describe, expect, it } from 'vitest';
import { openSendResult, runSend, unwrapSend } from '../src/sends/job-result.ts';
import { testRuntime } from './runtimes.ts';

// What crosses the queue from a send job (sends/job-result.ts): the answer's JSON, encrypted, which the API writes
// as bytes; and the whole outcome as a worker before 2026-11-27 wrote it, still read after an upgrade.

const outcome = {
  status: 207 as const,
  headers: { 'RateLimit-Remaining': '9' },
  body: { rows: [{ status: 'error', error: 'Zoë’s file is not a PDF' }] },
};

describe('send job results', () => {
  it('carry the answer encrypted; the API gets its UTF-8 JSON bytes, status and headers', async () => {
    const { ctx } = await testRuntime();
    const result = await runSend(ctx, async () => outcome as never);
    expect(JSON.stringify(result)).not.toContain('Zoë');
    const answer = openSendResult(ctx, result);
    expect(answer.status).toBe(207);
    expect(answer.headers).toEqual(outcome.headers);
    expect(Buffer.from(answer.body).toString('utf8')).toBe(JSON.stringify(outcome.body));
    expect(unwrapSend(ctx, result)).toEqual(outcome);
  });

  it('read a whole encrypted outcome, as a worker before 2026-11-27 answered', async () => {
    const { ctx } = await testRuntime();
    const legacy = {
      ok: true as const,
      encryptedOutcome: ctx.secrets.dataKey.encrypt(JSON.stringify(outcome)),
    };
    expect(Buffer.from(openSendResult(ctx, legacy).body).toString('utf8')).toBe(JSON.stringify(outcome.body));
    expect(unwrapSend(ctx, legacy)).toEqual(outcome);
  });
});
