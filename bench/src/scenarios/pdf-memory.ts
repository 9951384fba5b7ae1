import fs from 'node:fs';
import { startTestApi } from '@countersign/api/testing';
import { localDrive } from '@countersign/core';
import { manyObjectPdf } from '@countersign/pdf-engine/testing';
import { startRedis } from '@countersign/test-support';
import type { BenchRow } from '../report.ts';
import { benchAccount, startWorkers, stopWorkers } from './fixtures.ts';

const MB = 1024 * 1024;
const SENDS = 4;
/** The document: about 500,000 objects in the largest allowed file. */
const OBJECTS = 500_000;

/** A field of /proc/<pid>/status in MB (VmRSS now, VmHWM the peak so far); Linux only. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
}

/**
 * Issue 15: one worker process (WORKER_CONCURRENCY 4) given four own-PDF sends at once, each of a different
 * many-object PDF of MAX_FILE_BYTES; its peak resident memory (VmHWM) against the documented bound
 * (docs/topologies.md, "Memory"): its idle RSS + PDF_MEMORY_MB + WORKER_CONCURRENCY x 2 x MAX_FILE_BYTES.
 */
export async function run(): Promise<BenchRow[]> {
  const redis = await startRedis();
  // The sends answer when their jobs end, however long a busy machine makes them (not 503 after 2 minutes).
  const api = await startTestApi({ redisUrl: redis.url, worker: false, env: { SEND_TIMEOUT_MS: '900000' } });
  const concurrency = SENDS;
  const workers = await startWorkers(api, 1, { WORKER_CONCURRENCY: String(concurrency) });
  try {
    const { config } = api;
    const account = await benchAccount(api);
    const drive = await localDrive(api.runtime.ctx, account.accountId);
    const ids: string[] = [];
    for (let i = 0; i < SENDS; i++) {
      const bytes = manyObjectPdf(OBJECTS + i, config.limits.maxFileBytes);
      ids.push((await drive.put(`many-${i}.pdf`, bytes)).cloudFileId);
    }
    const pid = workers[0]!.child.pid!;
    const idle = procMb(pid, 'VmRSS');
    const bound = idle + config.pdfMemoryMb + (concurrency * 2 * config.limits.maxFileBytes) / MB;
    const t = performance.now();
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const res = await api.post(
          '/api/sessions/send',
          {
            cloudFileIds: [id],
            notify: false,
            signingRequests: [{ recipients: [{ name: 'Ada Lovelace', email: 'ada@example.test' }] }],
          },
          account.accessToken,
        );
        const body = (await res.json()) as { failedDocuments?: { reason: string }[]; message?: string };
        if (res.status !== 200 && !body.failedDocuments) process.stderr.write(`${body.message}\n`);
        return res.status === 200 ? '200' : `${res.status} ${body.failedDocuments?.[0]?.reason ?? ''}`.trim();
      }),
    );
    const seconds = (performance.now() - t) / 1000;
    const peak = procMb(pid, 'VmHWM');
    const tally = [...new Set(outcomes)].map((o) => `${outcomes.filter((x) => x === o).length} x ${o}`);
    return [
      {
        scenario: `peak worker memory, ${SENDS} own-PDF sends at once of ${Math.round(config.limits.maxFileBytes / MB)} MB, ${OBJECTS.toLocaleString('en-US')}-object PDFs (${tally.join(', ')} in ${seconds.toFixed(0)} s)`,
        figure: `${Math.round(peak)} MB`,
        floor: `${Math.round(bound)} MB bound (idle ${Math.round(idle)} MB + PDF_MEMORY_MB ${config.pdfMemoryMb} + ${concurrency} x 2 x MAX_FILE_BYTES)`,
        ratio: peak / bound,
        target: '<= 1 (under the bound)',
        pass: peak <= bound,
      },
    ];
  } finally {
    await stopWorkers(workers);
    await api.close();
    await redis.stop();
  }
}
