import type { SigningView } from '@countersign/schemas';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  atBothWidths,
  closeClean,
  dropExpectedProblems,
  firstPageShown,
  newContext,
  screenshot,
  signingWorld,
  tabTo,
  VIEWPORTS,
} from './web/browser.ts';

// The signing page when the server has drawn the pages (docs/signing-page.md, "How pages are shown"): images
// and their text, no pdf.js at all, the fields still operable by keyboard, no layout shift; and pdf.js again
// for a document whose images fail.

// Pages are drawn by a job after each own-PDF send (off by default in tests: seconds of CPU per send).
const world = signingWorld({ env: { PAGE_IMAGES: '1' } });

/** An own-PDF send of the world's 2-page PDF, once its pages are drawn (a job after the send answers). */
async function drawnSend(title: string) {
  const s = await world.signing.send({
    recipients: [{ name: 'Ivy Image' }],
    authRequirement: 'public',
    title,
  });
  let view: SigningView | null = null;
  await expect
    .poll(
      async () => {
        view = await world.signing.signer(s.tokens[0]!).view();
        return view.documents[0]!.pageImages !== null;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return { token: s.tokens[0]!, images: view!.documents[0]!.pageImages! };
}

/** The layout shifts of the page, summed from the start (buffered), as Core Web Vitals count them. */
const MEASURE_SHIFTS = `window.__shift = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
}).observe({ type: 'layout-shift', buffered: true });`;

const pdfjsRequests = (requests: Request[]) =>
  requests.map((r) => r.url()).filter((u) => u.includes('/pdfjs/'));

async function open(token: string, viewport: { width: number; height: number }) {
  const context = await newContext(world.browser, world.problems, viewport);
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.addInitScript(MEASURE_SHIFTS);
  return { page, requests, go: () => page.goto(`${world.signing.api.url}/s/${token}`) };
}

const progress = (page: Page) => page.locator('#progress').textContent();

describe('the signing page with pages drawn by the server', () => {
  it('shows images with their text, loads no pdf.js, keeps every field operable by keyboard, and does not shift', async () => {
    const { token, images } = await drawnSend('Images');
    // The 2-page PDF as prepared for signing (the pages the signer sees).
    const total = images.pages.length;
    expect(total).toBeGreaterThanOrEqual(2);
    const { page, requests, go } = await open(token, VIEWPORTS.phone);
    await go();
    await firstPageShown(page);
    await page.waitForFunction('performance.getEntriesByName("countersign:page1").length > 0');
    // Page 1 is an image, first and eagerly; the frame is sized from the points before anything loads.
    const first = page.locator('.page').first();
    expect(await first.locator('img.page-image').getAttribute('fetchpriority')).toBe('high');
    expect(await first.locator('img.page-image').getAttribute('alt')).toBe('');
    expect(
      await first.evaluate((f) => (f as unknown as { style: { aspectRatio: string } }).style.aspectRatio),
    ).toBe('612 / 792');
    expect(await page.locator('img.page-image').nth(1).getAttribute('loading')).toBe('lazy');
    // The HTML itself shows page 1 (a public link the signer may sign now), which the script took over: one fetch.
    const page1Requests = requests.filter((r) => /\/pages\/1\?width=/.test(r.url()));
    expect(page1Requests).toHaveLength(1);
    const html = await (await world.signing.api.fetch(`/s/${token}`)).text();
    expect(html).toContain('id="page1-early"');
    expect(html).toContain(`${new URL(images.url).pathname}/1?width=800 800w`);
    expect(await first.locator('img.page-image').getAttribute('elementtiming')).toBe('page1');
    expect(await page.locator('img.page-image').first().getAttribute('srcset')).toContain(
      `?width=${images.widths.at(-1)} ${images.widths.at(-1)}w`,
    );

    // Every image loads once the signer scrolls (page 2 is lazy), and each page's text comes over it.
    for (let n = 1; n < total; n++) await page.locator('.page').nth(n).scrollIntoViewIfNeeded();
    const naturalWidths = () =>
      page
        .locator('img.page-image')
        .evaluateAll((imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
    await expect.poll(async () => (await naturalWidths()).filter((w) => w > 0).length).toBe(total);
    await expect.poll(() => page.locator('.text-layer').count()).toBe(total);
    // Exposed to assistive technology, inside the page's named group; and found as text (find-in-page).
    const group = page.getByRole('group', { name: `Offer letter.pdf, page 1 of ${total}` });
    expect(await group.ariaSnapshot()).toContain('Clause 1.7: the parties agree to the terms set out here.');
    expect(await page.getByText('Clause 2.30: the parties agree').count()).toBe(1);
    // The runs sit where the image shows them: the first clause's line is in the top part of page 1.
    const line = await group.getByText('Clause 1.1:').boundingBox();
    const frame = await first.boundingBox();
    expect(line!.x - frame!.x).toBeGreaterThan(frame!.width * 0.08);
    expect(line!.x - frame!.x).toBeLessThan(frame!.width * 0.16);
    expect(line!.y - frame!.y).toBeGreaterThan(frame!.height * 0.1);
    expect(line!.y - frame!.y).toBeLessThan(frame!.height * 0.16);

    // Not a byte of pdf.js.
    expect(pdfjsRequests(requests)).toEqual([]);
    // No layout shift while the page loaded and drew its images and text.
    expect(await page.evaluate('window.__shift')).toBeLessThanOrEqual(0.01);
    await atBothWidths(page, 'images');
    // At 1280 px the browser may take the wider image of each page: every page is shown once it has.
    await page.waitForFunction(
      "[...document.querySelectorAll('img.page-image')].every((i) => i.complete && i.naturalWidth > 0)",
    );
    await screenshot(page, 'images-loaded-1280.png');

    // Every field is reachable by Tab, and the signer signs by keyboard alone over the images.
    for (const id of await page
      .locator('button.field')
      .evaluateAll((b) => b.map((x) => x.getAttribute('data-field'))))
      await tabTo(page, `button.field[data-field="${id}"]`);
    await expect.poll(() => progress(page)).toBe('3 required fields left');
    await tabTo(page, '#next');
    await page.keyboard.press('Enter');
    await page.locator('dialog#adopt').waitFor({ state: 'visible' });
    await tabTo(page, '#adopt-ok');
    await page.keyboard.press('Enter');
    await page.locator('dialog#adopt').waitFor({ state: 'hidden' });
    for (let i = 0; i < 2; i++) {
      await tabTo(page, '#next');
      await page.keyboard.press('Enter');
      await page.locator('#editor-place:focus').waitFor();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => progress(page)).toBe('All fields done.');
    await tabTo(page, '#finish');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'You have signed' }).waitFor();
    expect(pdfjsRequests(requests)).toEqual([]);
    await closeClean(world, page);
  }, 180_000);

  it('measures no layout shift at 1280 px either', async () => {
    const { token } = await drawnSend('Images wide');
    const { page, requests, go } = await open(token, VIEWPORTS.desktop);
    await go();
    await firstPageShown(page);
    await expect.poll(() => page.locator('.text-layer').count()).toBeGreaterThan(0);
    expect(await page.evaluate('window.__shift')).toBeLessThanOrEqual(0.01);
    expect(pdfjsRequests(requests)).toEqual([]);
    await closeClean(world, page);
  }, 120_000);

  it('falls back to pdf.js for a document whose images fail to load', async () => {
    const { token, images } = await drawnSend('Fallback');
    const { page, requests, go } = await open(token, VIEWPORTS.phone);
    const base = new URL(images.url).pathname;
    await page.route(
      (url) => url.pathname.startsWith(`${base}/`) && !url.pathname.endsWith('/text'),
      (route) =>
        route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found"}' }),
    );
    await go();
    // The pages are drawn by pdf.js into canvases in the same frames: never a blank page.
    await page.waitForFunction(
      `document.querySelectorAll('.page canvas').length === ${images.pages.length} && document.querySelector('.page canvas').width > 0`,
      null,
      { timeout: 60_000 },
    );
    expect(await page.locator('img.page-image').count()).toBe(0);
    expect(pdfjsRequests(requests).some((u) => u.endsWith('pdf.min.mjs'))).toBe(true);
    await page.waitForFunction('performance.getEntriesByName("countersign:page1").length > 0');
    await expect.poll(() => progress(page)).toBe('3 required fields left');
    // Chromium logs each refused image; the page handles it.
    dropExpectedProblems(world.problems, /status of 404/);
    await closeClean(world, page);
  }, 120_000);
});
