import { startTestApi, type TestApi } from '@countersign/api/testing';
import { localDrive } from '@countersign/core';
import { launchChromium } from '@countersign/test-support';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { textPdf } from '../pdfs.ts';
import { type BenchRow, ms } from '../report.ts';
import { benchAccount } from './fixtures.ts';

/**
 * The signing page on a slow phone: Chromium with 4x CPU slowdown and a 4 Mbit/s, 150 ms link (CDP), a fresh
 * browser context per visit (first visit: nothing cached). Figures: bytes on the wire for a one-page document,
 * and the time until page 1 of a 20-page document is drawn, against a bare pdf.js page drawing page 1 of the
 * same file from the same server under the same conditions (the floor).
 */
const RUNS = 5;
const LINK = {
  latency: 150,
  downloadThroughput: (4_000_000 / 8) * 0.98,
  uploadThroughput: (4_000_000 / 8) * 0.98,
};

/** The floor: nothing but pdf.js (the same files the page uses) drawing page 1 into a canvas. */
const barePage = (pdfjsBase: string, pdfUrl: string) => `<!doctype html><html><body><canvas id="c"></canvas>
<script type="module">
const pdfjs = await import('${pdfjsBase}pdf.min.mjs');
pdfjs.GlobalWorkerOptions.workerSrc = '${pdfjsBase}pdf.worker.min.mjs';
const pdf = await pdfjs.getDocument({ url: '${pdfUrl}', isEvalSupported: false,
  standardFontDataUrl: '${pdfjsBase}standard_fonts/', cMapUrl: '${pdfjsBase}cmaps/', wasmUrl: '${pdfjsBase}wasm/' }).promise;
const page = await pdf.getPage(1);
const canvas = document.getElementById('c');
const viewport = page.getViewport({ scale: (360 / page.getViewport({ scale: 1 }).width) * 2 });
canvas.width = viewport.width; canvas.height = viewport.height;
await page.render({ canvas, viewport }).promise;
performance.mark('countersign:page1');
</script></body></html>`;

async function sendOne(api: TestApi, account: { accountId: string; accessToken: string }, pages: number) {
  const pdf = await textPdf(pages, `page-bench-${pages}-${Date.now()}-${Math.random()}`);
  const { cloudFileId } = await (await localDrive(api.runtime.ctx, account.accountId)).put('lease.pdf', pdf);
  const res = await api.post(
    '/api/sessions/send',
    {
      cloudFileIds: [cloudFileId],
      signingRequests: [{ recipients: [{ name: 'Pat Phone', email: 'pat@example.test' }] }],
      authRequirement: 'public',
      notify: false,
    },
    account.accessToken,
  );
  const body = (await res.json()) as { rows: { participants: { signingUrl: string }[] }[] };
  const token = body.rows[0]!.participants[0]!.signingUrl.split('/s/')[1]!;
  return token;
}

/** A fresh context with the slow phone's CPU and link; every response's encoded size is summed. */
async function visit(browser: Browser, url: string, bare?: string) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
  const page: Page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (bare) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: bare }));
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('countersign:page1').length > 0, null, {
    timeout: 120_000,
    polling: 50,
  });
  const page1 = (await page.evaluate(
    () => performance.getEntriesByName('countersign:page1')[0]!.startTime,
  )) as number;
  // Whatever else the page asks for once page 1 is up (the worker's fonts, say) counts as transfer too.
  await page.waitForLoadState('networkidle');
  // Bytes on the wire (headers included): the page itself and every resource, the pdf.js worker's script too.
  const bytes = (await page.evaluate(
    '[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]' +
      '.reduce((sum, e) => sum + e.transferSize, 0)',
  )) as number;
  await context.close();
  return { page1, bytes };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<BenchRow[]> {
  const api = await startTestApi({});
  const browser = await launchChromium();
  try {
    const account = await benchAccount(api);
    const html = await (await api.fetch(`/s/${await sendOne(api, account, 1)}`)).text();
    const pdfjsBase = /data-pdfjs="([^"]+)"/.exec(html)![1]!;
    // Warm the server's compressed copies (made once, then shared): visits measure the page, not our cache.
    await Promise.all([sendOne(api, account, 1)].map(async (t) => visit(browser, `${api.url}/s/${await t}`)));

    const one: number[] = [];
    const page20: number[] = [];
    const bare20: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      one.push((await visit(browser, `${api.url}/s/${await sendOne(api, account, 1)}`)).bytes);
      const token = await sendOne(api, account, 20);
      const view = (await (await api.fetch(`/api/signing/${token}`)).json()) as {
        documents: { url: string }[];
      };
      const pdfUrl = new URL(view.documents[0]!.url).pathname;
      page20.push((await visit(browser, `${api.url}/s/${token}`)).page1);
      bare20.push(
        (await visit(browser, `${api.url}/bench-bare-pdfjs.html`, barePage(pdfjsBase, pdfUrl))).page1,
      );
    }
    const bytes = medianOf(one);
    const shown = medianOf(page20);
    const floor = medianOf(bare20);
    return [
      {
        scenario: 'Signing page, first visit, 1-page document (4x CPU, 4 Mbit/s, 150 ms)',
        figure: `${(bytes / 1024).toFixed(0)} KB transferred`,
        floor: '-',
        ratio: null,
        target: '<= 650 KB',
        pass: bytes <= 650 * 1024,
      },
      {
        scenario: 'Signing page, page 1 of a 20-page document visible (same conditions)',
        figure: ms(shown),
        floor: `bare pdf.js page 1: ${ms(floor)}`,
        ratio: shown / floor,
        target: '<= 1.3x',
        pass: shown / floor <= 1.3,
      },
    ];
  } finally {
    await browser.close();
    await api.close();
  }
}
