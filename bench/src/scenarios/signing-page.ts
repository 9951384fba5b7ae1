import { startTestApi, type TestApi } from '@countersign/api/testing';
import { localDrive } from '@countersign/core';
import { launchChromium } from '@countersign/test-support';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { textPdf } from '../pdfs.ts';
import { type BenchRow, ms } from '../report.ts';
import { benchAccount } from './fixtures.ts';

/**
 * The signing page on a slow phone: Chromium with 4x CPU slowdown and a 4 Mbit/s, 150 ms link (CDP), a fresh
 * browser context per visit (first visit: nothing cached). The pages are drawn by the server (a job after the
 * send answers): every visit waits until the view has `pageImages`. Figures: bytes on the wire for a one-page
 * document; the time until page 1 of a 20-page document is on screen, against a bare pdf.js page drawing page
 * 1 of the same file from the same server under the same conditions (the floor); and the cumulative layout
 * shift of every visit (a buffered PerformanceObserver from the page's start).
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
  await drawn(api, token);
  return token;
}

interface BenchView {
  documents: { url: string; pageImages: unknown }[];
}

/** Waits until the server has drawn the send's pages (`pageImages` in the view), as a signer would find them. */
async function drawn(api: TestApi, token: string): Promise<BenchView> {
  const until = Date.now() + 120_000;
  for (;;) {
    const view = (await (await api.fetch(`/api/signing/${token}`)).json()) as BenchView;
    if (view.documents.every((d) => d.pageImages)) return view;
    if (Date.now() > until) throw new Error('the pages were not drawn within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Layout shifts summed from the page's start (buffered), as Core Web Vitals count them; and when the HTML's own
 * page 1 (signing-page.ts, `elementtiming="page1"`) was painted, before any script of ours ran.
 */
const MEASURE_SHIFTS = `window.__shift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
}).observe({ type: 'layout-shift', buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.identifier === 'page1') window.__painted ??= e.renderTime || e.loadTime;
}).observe({ type: 'element', buffered: true });`;

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
  await page.addInitScript(MEASURE_SHIFTS);
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('countersign:page1').length > 0, null, {
    timeout: 120_000,
    polling: 50,
  });
  // Page 1 is visible from whichever comes first: its paint from the HTML, or the script's mark.
  const page1 = (await page.evaluate(
    '[performance.getEntriesByName("countersign:page1")[0].startTime, window.__painted ?? Infinity]' +
      '.reduce((a, b) => Math.min(a, b))',
  )) as number;
  // Whatever else the page asks for once page 1 is up (the worker's fonts, say) counts as transfer too.
  await page.waitForLoadState('networkidle');
  // Bytes on the wire (headers included): the page itself and every resource, the pdf.js worker's script too.
  const bytes = (await page.evaluate(
    '[...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]' +
      '.reduce((sum, e) => sum + e.transferSize, 0)',
  )) as number;
  const shift = (await page.evaluate('window.__shift')) as number;
  const pdfjs = (await page.evaluate(
    'performance.getEntriesByType("resource").some((e) => e.name.includes("/pdfjs/"))',
  )) as boolean;
  await context.close();
  return { page1, bytes, shift, pdfjs };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(): Promise<BenchRow[]> {
  // Pages drawn ahead of time, as in production (the test harness turns them off by default).
  const api = await startTestApi({ env: { PAGE_IMAGES: '1' } });
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
    const shifts: number[] = [];
    let pdfjsLoaded = false;
    for (let i = 0; i < RUNS; i++) {
      const small = await visit(browser, `${api.url}/s/${await sendOne(api, account, 1)}`);
      one.push(small.bytes);
      const token = await sendOne(api, account, 20);
      const pdfUrl = new URL((await drawn(api, token)).documents[0]!.url).pathname;
      const big = await visit(browser, `${api.url}/s/${token}`);
      page20.push(big.page1);
      shifts.push(small.shift, big.shift);
      pdfjsLoaded ||= small.pdfjs || big.pdfjs;
      bare20.push(
        (await visit(browser, `${api.url}/bench-bare-pdfjs.html`, barePage(pdfjsBase, pdfUrl))).page1,
      );
    }
    const bytes = medianOf(one);
    const shown = medianOf(page20);
    const floor = medianOf(bare20);
    const worstShift = Math.max(...shifts);
    const images = pdfjsLoaded ? ' (pdf.js was loaded!)' : ', pages as images, no pdf.js';
    return [
      {
        scenario: `Signing page, first visit, 1-page document (4x CPU, 4 Mbit/s, 150 ms${images})`,
        figure: `${(bytes / 1024).toFixed(0)} KB transferred`,
        floor: '-',
        ratio: null,
        target: '<= 150 KB',
        pass: bytes <= 150 * 1024,
      },
      {
        scenario: 'Signing page, page 1 of a 20-page document visible (same conditions)',
        figure: ms(shown),
        floor: `bare pdf.js page 1: ${ms(floor)}`,
        ratio: shown / floor,
        target: '<= 0.5x',
        pass: shown / floor <= 0.5,
      },
      {
        scenario:
          'Signing page, cumulative layout shift, worst of the 1- and 20-page visits (same conditions)',
        figure: worstShift.toFixed(4),
        floor: '-',
        ratio: null,
        target: '<= 0.01',
        pass: worstShift <= 0.01,
      },
    ];
  } finally {
    await browser.close();
    await api.close();
  }
}
