import type { TestApi } from '@countersign/api/testing';
import { createTemplate, localDrive, setAllowance } from '@countersign/core';
import { type ServiceProcess, spawnEntry } from '@countersign/test-support';
import { textPdf } from '../pdfs.ts';
import { templateSendAt } from './template-send-client.ts';

export interface BenchAccount {
  accountId: string;
  accessToken: string;
}

/** An account whose allowance never limits a benchmark. */
export async function benchAccount(api: TestApi): Promise<BenchAccount> {
  const account = await api.newAccount('bench');
  await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
  return account;
}

/** A 10-page, two-role template like the template-send scenario's. */
export async function benchTemplate(api: TestApi, accountId: string): Promise<string> {
  const { templateId } = await createTemplate(api.runtime.ctx, accountId, {
    name: 'Bench agreement',
    documents: [{ filename: 'agreement.pdf', bytes: await textPdf(10, `template-${Date.now()}`) }],
    roles: ['Client', 'Witness'],
    fields: [
      {
        label: 'Company',
        type: 'text',
        document: 'agreement.pdf',
        page: 1,
        x: 72,
        y: 80,
        width: 200,
        height: 20,
      },
      {
        label: 'Client signature',
        type: 'signature',
        document: 'agreement.pdf',
        page: 10,
        x: 72,
        y: 600,
        width: 200,
        height: 40,
        role: 'Client',
      },
      {
        label: 'Witness signature',
        type: 'signature',
        document: 'agreement.pdf',
        page: 10,
        x: 320,
        y: 600,
        width: 200,
        height: 40,
        role: 'Witness',
      },
    ],
  });
  return templateId;
}

/** POST /api/templates/send of `entries` entries, notify false; resolves to the created session ids. */
export const templateSend = (api: TestApi, token: string, templateId: string, entries: number) =>
  templateSendAt(api.url, token, templateId, entries);

/** Uploads `count` distinct PDFs of `pages` pages to the account's local drive; resolves to their file ids. */
export async function uploadPdfs(
  api: TestApi,
  accountId: string,
  count: number,
  pages: number,
  tag: string,
): Promise<string[]> {
  const drive = await localDrive(api.runtime.ctx, accountId);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { cloudFileId } = await drive.put(
      `${tag}-${i}.pdf`,
      await textPdf(pages, `${tag}-${i}-${Date.now()}`),
    );
    ids.push(cloudFileId);
  }
  return ids;
}

/** One own-PDF send of one file, 1 entry x 1 signer, notify false; resolves to its wall time in ms. */
export async function ownPdfSend(api: TestApi, token: string, cloudFileId: string): Promise<number> {
  const t = performance.now();
  const res = await api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      notify: false,
      signingRequests: [{ recipients: [{ name: 'Ada Lovelace', email: 'ada@example.test' }] }],
    },
    token,
  );
  await res.arrayBuffer();
  const elapsed = performance.now() - t;
  if (res.status !== 200) throw new Error(`own-PDF send answered ${res.status}`);
  return elapsed;
}

/** Runs `total` calls of fn from `clients` concurrent loops; resolves to each call's result. */
export async function concurrently<T>(
  total: number,
  clients: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const i = next++;
        results[i] = await fn(i);
      }
    }),
  );
  return results;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Worker processes (WORKER_CONCURRENCY 1 unless `env` says) of the scaled topology, on the API's Redis and DATA_DIR. */
export async function startWorkers(
  api: TestApi,
  count: number,
  env: Record<string, string> = {},
): Promise<ServiceProcess[]> {
  const workers = Array.from({ length: count }, () =>
    spawnEntry('apps/worker/src/main.ts', {
      REDIS_URL: api.config.redisUrl ?? '',
      DATA_DIR: api.config.dataDir,
      QUEUE_PREFIX: api.config.queuePrefix,
      WORKER_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      ...env,
    }),
  );
  const deadline = Date.now() + 30_000;
  while (!workers.every((w) => w.output().includes('countersign worker started'))) {
    const dead = workers.find((w) => w.child.exitCode !== null);
    if (dead || Date.now() > deadline) {
      await stopWorkers(workers);
      throw new Error(`a worker did not start: ${(dead ?? workers[0])?.output().slice(-200)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return workers;
}

export async function stopWorkers(workers: ServiceProcess[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null) w.signal('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
}
