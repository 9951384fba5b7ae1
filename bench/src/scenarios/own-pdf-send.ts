import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startTestApi, type TestApi } from '@countersign/api/testing';
import { localDrive, setAllowance } from '@countersign/core';
import { tempDir } from '@countersign/test-support';
import { loadSave, textPdf } from '../pdfs.ts';
import { type BenchRow, median, ms, ratioRow } from '../report.ts';

const RUNS = 3;
let counter = 0;

export async function timeSend(
  api: TestApi,
  account: { accountId: string; accessToken: string },
  pages: number,
  entries: number,
  bytes?: Uint8Array,
) {
  const pdf = bytes ?? (await textPdf(pages, `bench-${pages}-${++counter}-${Date.now()}`));
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put(
    'contract.pdf',
    pdf,
  );
  const body = {
    cloudFileIds: [cloudFileId],
    signingRequests: Array.from({ length: entries }, (_, i) => ({
      recipients: [
        { name: `Signer A${i}`, email: `a${i}@example.test` },
        { name: `Signer B${i}`, email: `b${i}@example.test` },
      ],
    })),
  };
  const t = performance.now();
  const res = await api.post('/api/sessions/send', body, account.accessToken);
  await res.arrayBuffer();
  const elapsed = performance.now() - t;
  if (!bytes && res.status !== 200) throw new Error(`send answered ${res.status}`);
  return { elapsed, status: res.status };
}

/** Issue 3's figures: one call prepares the document once, so 50 entries cost little more than one. */
export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi();
  try {
    const account = await api.newAccount('bench');
    await setAllowance(api.runtime.ctx, account.accountId, 1e9, 86_400_000);
    const sample = await textPdf(100, 'floor');
    const floor = await median(RUNS, () => loadSave(sample));
    const one = await median(RUNS, () => timeSend(api, account, 100, 1));
    const fifty = await median(RUNS, () => timeSend(api, account, 100, 50));
    const one10 = await median(RUNS, () => timeSend(api, account, 10, 1));
    const fifty10 = await median(RUNS, () => timeSend(api, account, 10, 50));
    const marginal100 = (fifty - one) / 49;
    const marginal10 = (fifty10 - one10) / 49;

    const check = await median(RUNS, async () =>
      api.runtime.ctx.pdf.inspect(await textPdf(100, `check-${++counter}`)),
    );
    const dir = tempDir('bench-qpdf-');
    fs.writeFileSync(path.join(dir, 'in.pdf'), sample);
    execFileSync('qpdf', [
      '--encrypt',
      '',
      'owner',
      '256',
      '--',
      path.join(dir, 'in.pdf'),
      path.join(dir, 'locked.pdf'),
    ]);
    const locked = fs.readFileSync(path.join(dir, 'locked.pdf'));
    const reject = await median(RUNS, async () => {
      const r = await timeSend(api, account, 100, 1, locked);
      if (r.status !== 422) throw new Error(`rejected document answered ${r.status}`);
    });
    return [
      {
        scenario: 'own-PDF send, 100 pages, 1 entry x 2 signers',
        figure: ms(one),
        floor: `${ms(floor)} (pdf-lib load+save)`,
        ratio: one / floor,
        target: 'report',
        pass: true,
      },
      {
        scenario: 'own-PDF send, 100 pages, 50 entries x 2 signers',
        figure: ms(fifty),
        floor: ms(one),
        ratio: fifty / one,
        target: '<= 1.5x one entry, < 2000 ms',
        pass: fifty / one <= 1.5 && fifty < 2000,
      },
      {
        scenario: 'own-PDF marginal cost per entry, 100 vs 10 pages',
        figure: ms(marginal100),
        floor: ms(marginal10),
        ratio: marginal100 / Math.max(marginal10, 0.01),
        target: 'independent of pages (<= 1.5)',
        pass: marginal100 <= Math.max(1.5 * marginal10, marginal10 + 1),
      },
      ratioRow(
        'own-PDF rejected document (encrypted, 100 pages)',
        reject,
        check,
        'inspect of a valid one',
        1.2,
      ),
    ];
  } finally {
    await api.close();
  }
}
