import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startTestApi } from '@countersign/api/testing';
import { createAccount, createSignInLink, createTemplate } from '@countersign/core';
import { launchChromium } from '@countersign/test-support';
import { ensureWebBuilt } from '@countersign/web/build';
import type { Browser } from 'playwright-core';
import { textPdf } from '../pdfs.ts';
import type { BenchRow } from '../report.ts';
import { ms } from '../report.ts';

const ROUNDS = 7;
const WARMUPS = 2;
const require = createRequire(import.meta.url);
const PDFJS_BASE = `/assets/pdfjs/${(JSON.parse(readFileSync(require.resolve('pdfjs-dist/package.json'), 'utf8')) as { version: string }).version}/`;

/**
 * The bare floor: pdf.js (the same copy, from the same server) draws page 1 of the same PDF at the same width,
 * with nothing else on the page.
 */
function barePage(documentUrl: string, width: number): string {
  return `<!doctype html><meta charset="utf-8"><canvas id="c"></canvas><script type="module">
const lib = await import('${PDFJS_BASE}pdf.min.mjs');
lib.GlobalWorkerOptions.workerSrc = '${PDFJS_BASE}pdf.worker.min.mjs';
const pdf = await lib.getDocument({ url: '${documentUrl}', withCredentials: true, isEvalSupported: false,
  standardFontDataUrl: '${PDFJS_BASE}standard_fonts/', cMapUrl: '${PDFJS_BASE}cmaps/', iccUrl: '${PDFJS_BASE}iccs/',
  wasmUrl: '${PDFJS_BASE}wasm/' }).promise;
const page = await pdf.getPage(1);
const base = page.getViewport({ scale: 1 });
const viewport = page.getViewport({ scale: ${width} / base.width });
const c = document.getElementById('c');
c.width = Math.floor(viewport.width); c.height = Math.floor(viewport.height);
await page.render({ canvas: c, viewport }).promise;
performance.mark('bare:page1');
</script>`;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Issue 12: the designer shows page 1 of a 100-page template within 1.5x the time bare pdf.js takes to draw page
 * 1 of the same file, in the same Chromium. Each round opens a fresh browser context (empty cache) for each
 * side, alternating, and reads the time from navigation start to the page-1 mark.
 */
export async function run(): Promise<BenchRow[]> {
  ensureWebBuilt();
  const api = await startTestApi({ worker: false });
  let browser: Browser | undefined;
  try {
    const { accountId, ownerMemberId } = await createAccount(api.runtime.ctx, {
      name: 'bench',
      email: 'bench@designer.test',
    });
    const template = await createTemplate(api.runtime.ctx, accountId, {
      name: '100 pages',
      documents: [{ filename: 'hundred.pdf', bytes: await textPdf(100, 'designer bench') }],
      roles: ['Client'],
      fields: [],
    });
    const documentUrl = `/api/templates/${encodeURIComponent(template.templateId)}/documents/0`;
    browser = await launchChromium();
    // Signed in once; each round's fresh context starts from this cookie and an empty cache.
    const login = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await login.newPage();
    const { url } = await createSignInLink(api.runtime.ctx, ownerMemberId);
    await page.goto(url.replace(/^https?:\/\/[^/]+/, api.url));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${api.url}/app/sessions`);
    const storageState = await login.storageState();
    await login.close();

    let width = 0;
    const designer = async () => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 860 }, storageState });
      const p = await context.newPage();
      await p.goto(`${api.url}/app/templates/${template.templateId}`);
      await p.locator('.dz-page[data-page="1"][data-rendered="true"]').waitFor({ timeout: 60_000 });
      const t = (await p.evaluate("performance.getEntriesByName('designer:page1')[0].startTime")) as number;
      width = (await p.locator('.dz-page[data-page="1"]').boundingBox())!.width;
      await context.close();
      return t;
    };
    const bare = async () => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 860 }, storageState });
      await context.route(`${api.url}/bench/bare.html`, (route) =>
        route.fulfill({ contentType: 'text/html', body: barePage(documentUrl, width) }),
      );
      const p = await context.newPage();
      await p.goto(`${api.url}/bench/bare.html`);
      await p.waitForFunction("performance.getEntriesByName('bare:page1').length > 0", undefined, {
        timeout: 60_000,
      });
      const t = (await p.evaluate("performance.getEntriesByName('bare:page1')[0].startTime")) as number;
      await context.close();
      return t;
    };
    for (let i = 0; i < WARMUPS; i++) {
      await designer();
      await bare();
    }
    const designerTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      designerTimes.push(await designer());
      bareTimes.push(await bare());
    }
    const d = median(designerTimes);
    const b = median(bareTimes);
    return [
      {
        scenario: 'designer: page 1 of a 100-page template on screen (fresh context, from navigation)',
        figure: ms(d),
        floor: `${ms(b)} (bare pdf.js, page 1, same file and width)`,
        ratio: d / b,
        target: '≤ 1.5x',
        pass: d / b <= 1.5,
      },
    ];
  } finally {
    await browser?.close();
    await api.close();
  }
}
