import { startTestApi, type TestApi } from '@countersign/api/testing';
import { startRedis } from '@countersign/test-support';
import { type BenchRow, ms } from '../report.ts';
import { benchAccount, concurrently, ownPdfSend, percentile, uploadPdfs } from './fixtures.ts';

const SENDS = 200;
const CLIENTS = 16;

/** p50 and p90 of SENDS small own-PDF sends (2 pages, 1 entry, notify false) from CLIENTS concurrent clients. */
async function measure(api: TestApi, tag: string): Promise<{ p50: number; p90: number }> {
  const account = await benchAccount(api);
  const files = await uploadPdfs(api, account.accountId, SENDS + CLIENTS, 2, tag);
  // Warm-up: one round from every client, so neither side pays first-call compilation in the figures.
  await concurrently(CLIENTS, CLIENTS, (i) => ownPdfSend(api, account.accessToken, files[SENDS + i]!));
  const times = await concurrently(SENDS, CLIENTS, (i) => ownPdfSend(api, account.accessToken, files[i]!));
  return { p50: percentile(times, 50), p90: percentile(times, 90) };
}

/**
 * Issue 7: the same send pipeline called through BullMQ (API enqueues, a BullMQ worker in the same process
 * consumes, the API awaits the result) against the in-process queue.
 */
export async function run(): Promise<BenchRow[]> {
  const inProcessApi = await startTestApi();
  let inProcess: { p50: number; p90: number };
  try {
    inProcess = await measure(inProcessApi, 'inproc');
  } finally {
    await inProcessApi.close();
  }
  const redis = await startRedis();
  try {
    const bullApi = await startTestApi({ redisUrl: redis.url });
    let bull: { p50: number; p90: number };
    try {
      bull = await measure(bullApi, 'bullmq');
    } finally {
      await bullApi.close();
    }
    return [
      {
        scenario: `own-PDF send through BullMQ, 2 pages, ${CLIENTS} clients x ${SENDS} sends, p50`,
        figure: `${ms(bull.p50)} (p90 ${ms(bull.p90)})`,
        floor: `${ms(inProcess.p50)} in-process (p90 ${ms(inProcess.p90)})`,
        ratio: bull.p50 / inProcess.p50,
        target: '<= 1.3',
        pass: bull.p50 / inProcess.p50 <= 1.3,
      },
    ];
  } finally {
    await redis.stop();
  }
}
