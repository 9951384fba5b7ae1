import { startTestApi, type TestApi } from '@countersign/api/testing';
import { createTemplate, PAGE_IMAGE_WIDTHS } from '@countersign/core';
import { pageRenders } from '@countersign/db';
import { until } from '@countersign/test-support';
import { pdfjsRenderMs } from '../pdfjs-render.ts';
import { textPdf } from '../pdfs.ts';
import { type BenchRow, ms } from '../report.ts';
import { benchAccount } from './fixtures.ts';
import { timeSend } from './own-pdf-send.ts';

/**
 * Issue 34's server figures, with pages drawn ahead of time (PAGE_IMAGES) against the same work without, in one
 * run, the two alternating:
 * - a template's preparation (createTemplate of a 10-page document, as POST /api/templates runs it): until it
 *   answers, against the same without drawing; and until its pages are drawn, against pdf.js merely rendering
 *   those pages at both widths (pdfjs-render.ts: the least drawing can cost);
 * - an own-PDF send of 100 pages: until it answers (the drawing runs after the answer), against a send without
 *   drawing; then until its pages are drawn, against the same floor.
 * Each drawing is waited out before the next figure, so no run measures another's background work.
 */
const RUNS = 5;
let counter = 0;
const middle = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1]!;

/** Every page_renders row finished (ready or failed). */
const allDrawn = (api: TestApi) =>
  until(
    'the pages are drawn',
    async () =>
      (await api.runtime.ctx.db.select({ s: pageRenders.status }).from(pageRenders)).every(
        (r) => r.s !== 'pending',
      ),
    600_000,
    20,
  );

async function prepareTemplate(api: TestApi, accountId: string, draw: boolean) {
  const bytes = await textPdf(10, `prep-${++counter}-${Date.now()}`);
  const t = performance.now();
  await createTemplate(api.runtime.ctx, accountId, {
    name: 'Prepared',
    documents: [{ filename: 'agreement.pdf', bytes }],
    roles: ['Client'],
    fields: [
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
    ],
  });
  const answered = performance.now() - t;
  if (draw) await allDrawn(api);
  return { answered, drawn: performance.now() - t };
}

export async function run(): Promise<BenchRow[]> {
  const withPages = await startTestApi({ env: { PAGE_IMAGES: '1' } });
  const without = await startTestApi({ env: { PAGE_IMAGES: '0' } });
  try {
    const a = await benchAccount(withPages);
    const b = await benchAccount(without);
    // Warm both: worker threads, fonts, the rasterizer's first load.
    await prepareTemplate(withPages, a.accountId, true);
    await prepareTemplate(without, b.accountId, false);
    await timeSend(withPages, a, 100, 1);
    await allDrawn(withPages);
    await timeSend(without, b, 100, 1);

    const prepared: number[] = [];
    const preparedDrawn: number[] = [];
    const preparedFloor: number[] = [];
    const renderFloor10: number[] = [];
    const renderFloor100: number[] = [];
    const sent: number[] = [];
    const sentFloor: number[] = [];
    const drawn100: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await prepareTemplate(withPages, a.accountId, true);
      prepared.push(p.answered);
      preparedDrawn.push(p.drawn);
      preparedFloor.push((await prepareTemplate(without, b.accountId, false)).answered);
      renderFloor10.push(await pdfjsRenderMs(await textPdf(10, `floor-${i}`), PAGE_IMAGE_WIDTHS));
      sent.push((await timeSend(withPages, a, 100, 1)).elapsed);
      const t = performance.now();
      await allDrawn(withPages);
      drawn100.push(performance.now() - t);
      sentFloor.push((await timeSend(without, b, 100, 1)).elapsed);
      if (i < 2)
        renderFloor100.push(await pdfjsRenderMs(await textPdf(100, `floor-${i}`), PAGE_IMAGE_WIDTHS));
    }
    const [p, pd, pf, rf, s, sf, d, rf100] = [
      prepared,
      preparedDrawn,
      preparedFloor,
      renderFloor10,
      sent,
      sentFloor,
      drawn100,
      renderFloor100,
    ].map(middle);
    return [
      {
        scenario: "A template's preparation (10 pages) answers, its pages drawn after the answer",
        figure: ms(p!),
        floor: `${ms(pf!)} (PAGE_IMAGES=0)`,
        ratio: p! / pf!,
        target: '<= 1.5x',
        pass: p! / pf! <= 1.5,
      },
      {
        scenario: 'Its 10 pages drawn at 800 and 1600 px (WebP) and stored, from the request',
        figure: ms(pd!),
        floor: `${ms(rf!)} (pdf.js rendering them, nothing encoded)`,
        ratio: pd! / rf!,
        target: 'report',
        pass: true,
      },
      {
        scenario: 'Own-PDF send of 100 pages answers (pages drawn after the answer)',
        figure: ms(s!),
        floor: `${ms(sf!)} (PAGE_IMAGES=0)`,
        ratio: s! / sf!,
        target: '<= 1.1x',
        pass: s! / sf! <= 1.1,
      },
      {
        scenario: 'Its 100 pages drawn and stored, after the answer',
        figure: ms(d!),
        floor: `${ms(rf100!)} (pdf.js rendering them, nothing encoded)`,
        ratio: d! / rf100!,
        target: 'report',
        pass: true,
      },
    ];
  } finally {
    await Promise.all([withPages.close(), without.close()]);
  }
}
