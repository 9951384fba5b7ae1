import { createAccount, createTemplate, getTemplateDetail } from '@countersign/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementPdf, signatureField, signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, expectAccessible, screenshot, tabTo, VIEWPORTS } from './browser.ts';

// The designer's zoom (out, in, fit width) and its "Pages" panel of thumbnails, by keyboard: pages and fields
// scale together while the stored points stay; a thumbnail shows its page; page 1 is drawn before any thumbnail.

const world = appWorld({ worker: false });
let accountId: string;
let ownerMemberId: string;

beforeAll(async () => {
  ({ accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
    name: 'Zoom Ltd',
    email: 'owner@zoom-designer.test',
  }));
});

/** Two documents (3 and 2 pages of 612 by 792 points), a signature on the first page of each end. */
async function zoomTemplate(name: string) {
  return createTemplate(world.api.runtime.ctx, accountId, {
    name,
    documents: [
      { filename: 'agreement.pdf', bytes: await agreementPdf(3) },
      { filename: 'annex.pdf', bytes: await agreementPdf(2) },
    ],
    roles: ['Client'],
    fields: [
      signatureField('Client', 130, 470),
      { ...signatureField('Client', 100, 200), label: 'Annex signature', document: 'annex.pdf', page: 2 },
    ],
  });
}

const LEVELS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const PAGE_WIDTH = 612;

const cssWidth = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().width);
const zoomShown = async (page: Page) => (await page.locator('.dz-zoom-level').textContent())?.trim();
const focusedLabel = async (page: Page) =>
  (await page.evaluate("document.activeElement?.getAttribute('aria-label')")) as string | null | undefined;
/** The name of the thumbnail marked as the page in view. */
const currentThumb = async (page: Page) =>
  (await page.locator('.dz-thumb[aria-current="page"]').textContent())?.replace(/\s+/g, ' ');
/** How far the area's top edge is below `target`'s top (CSS px): positive when the page is scrolled past. */
const offsetInArea = (target: Locator) =>
  target.evaluate((el) => {
    const area = el.closest('.dz-pages')!;
    return area.getBoundingClientRect().top - el.getBoundingClientRect().top;
  });

/**
 * Every page and thumbnail in the order pdf.js finished drawing them, and "listed" when the first thumbnail came
 * into the document (recorded from before the app runs).
 */
const RECORD_DRAW_ORDER = `
  window.drawn = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') {
        const listed = [...r.addedNodes].some((n) => n.nodeType === 1 && (n.matches('.dz-thumb') || n.querySelector('.dz-thumb')));
        if (listed && !window.drawn.includes('listed')) window.drawn.push('listed');
        continue;
      }
      if (r.target.dataset.rendered !== 'true') continue;
      const at = r.target.closest('[data-page]');
      const what = r.target.classList.contains('dz-thumb-page') ? 'thumb' : 'page';
      window.drawn.push(what + ' ' + at.dataset.document + ':' + at.dataset.page);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
`;

describe('zoom and page thumbnails in the designer', () => {
  it('zooms out, in and back to fit width by keyboard; thumbnails show their pages; points stay', async () => {
    const template = await zoomTemplate('Zoom template');
    const page = await signedInPage(world, ownerMemberId);
    await page.addInitScript(RECORD_DRAW_ORDER);
    await page.goto(`${world.api.url}/app/templates/${template.templateId}`);
    const page1 = page.locator('.dz-page[data-document="0"][data-page="1"]');
    const field = page.locator('.dz-field', { hasText: 'Client signature' });
    await page1.and(page.locator('[data-rendered="true"]')).waitFor();

    // The panel lists every page of both documents with its field count; none is listed, let alone drawn, before
    // page 1 is on screen.
    const thumbs = page.locator('.dz-thumb');
    await expect.poll(() => thumbs.count()).toBe(5);
    const names = [
      'agreement.pdf, Page 1, 1 field',
      'agreement.pdf, Page 2, 0 fields',
      'agreement.pdf, Page 3, 0 fields',
      'annex.pdf, Page 1, 0 fields',
      'annex.pdf, Page 2, 1 field',
    ];
    expect(await thumbs.evaluateAll((els) => els.map((el) => el.textContent?.replace(/\s+/g, ' ')))).toEqual(
      names,
    );
    for (const name of names) expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    await page.locator('.dz-thumb[data-page="1"] .dz-thumb-page[data-rendered="true"]').first().waitFor();
    const order = (await page.evaluate('window.drawn')) as string[];
    expect(order.slice(0, 2)).toEqual(['page 0:1', 'listed']);
    expect(order).toContain('thumb 0:1');
    await expect.poll(() => currentThumb(page)).toBe('agreement.pdf, Page 1, 1 field');

    // Fit width to start with: the page as wide as the area allows, the field box in proportion.
    const fitButton = page.getByRole('button', { name: 'Fit width' });
    expect(await fitButton.getAttribute('aria-pressed')).toBe('true');
    const fit = (await cssWidth(page1)) / PAGE_WIDTH;
    expect(await zoomShown(page)).toBe(`Zoom ${Math.round(fit * 100)}%`);
    expect(await cssWidth(field)).toBeCloseTo(200 * fit, 0);

    /** Page 1 and its field at `scale`, the zoom shown, and the page in view (`seen`) drawn again at that size. */
    const expectScale = async (scale: number, seen = page1) => {
      await expect.poll(() => cssWidth(page1)).toBeCloseTo(PAGE_WIDTH * scale, 0);
      expect(await cssWidth(field)).toBeCloseTo(200 * scale, 0);
      expect(await zoomShown(page)).toBe(`Zoom ${Math.round(scale * 100)}%`);
      // Device scale factor 1: as many pixels as CSS pixels. (Pages out of view are drawn as they near it.)
      await expect
        .poll(() => seen.locator('canvas').getAttribute('width'))
        .toBe(String(Math.floor(PAGE_WIDTH * scale)));
    };

    // Zoom in twice from the keyboard, through the levels above fit width.
    await tabTo(page, '.dz-zoom button[aria-label="Zoom in"]');
    const above = LEVELS.filter((l) => l > fit + 0.005);
    await page.keyboard.press('Enter');
    await expectScale(above[0]!);
    expect(await fitButton.getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('Space');
    await expectScale(above[1]!);
    const before = await cssWidth(page1);
    // Zoom out (Shift+Tab back to it): the width changes by the ratio of the levels.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedLabel(page)).toBe('Zoom out');
    await page.keyboard.press('Enter');
    await expectScale(above[0]!);
    expect((await cssWidth(page1)) / before).toBeCloseTo(above[0]! / above[1]!, 2);
    // Down to the smallest level: the button then says so and keeps the focus.
    for (let i = 0; i < LEVELS.length; i++) await page.keyboard.press('Enter');
    await expectScale(0.5);
    expect(await focusedLabel(page)).toBe('Zoom out');
    expect(await page.getByRole('button', { name: 'Zoom out' }).getAttribute('aria-disabled')).toBe('true');

    // Fit width again.
    await tabTo(page, '.dz-zoom button[aria-pressed]');
    await page.keyboard.press('Enter');
    await expectScale(fit);
    expect(await fitButton.getAttribute('aria-pressed')).toBe('true');

    // A thumbnail (Enter) brings its page to the top of the area and takes the focus there; it is then current.
    // The list is one tab stop (the current page's thumbnail); arrows move along it.
    await tabTo(page, '.dz-thumb[data-document="0"][data-page="1"]');
    expect(await page.locator('.dz-thumb[tabindex="0"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.dz-thumb[data-document="0"][data-page="2"]:focus').count()).toBe(1);
    await page.keyboard.press('Enter');
    const page2 = page.locator('.dz-page[data-document="0"][data-page="2"]');
    await expect.poll(() => focusedLabel(page)).toBe('agreement.pdf, page 2 of 3');
    expect(await offsetInArea(page2)).toBeCloseTo(-12, 0); // its scroll margin: the area's padding
    await expect.poll(() => currentThumb(page)).toBe('agreement.pdf, Page 2, 0 fields');
    // Space on another: the annex's page 2, with its field, the last (End) from the list's tab stop.
    await page.locator('.dz-thumb[tabindex="0"]').focus(); // the stop follows the current page
    expect(await page.locator('.dz-thumb[data-document="0"][data-page="2"]:focus').count()).toBe(1);
    await page.keyboard.press('End');
    expect(await page.locator('.dz-thumb[data-document="1"][data-page="2"]:focus').count()).toBe(1);
    await page.keyboard.press('Space');
    await expect.poll(() => focusedLabel(page)).toBe('annex.pdf, page 2 of 2');
    await expect.poll(() => currentThumb(page)).toBe('annex.pdf, Page 2, 1 field');
    expect(await page.locator('.dz-page:focus-visible').count()).toBe(1);

    // Zooming keeps the same point of the same page at the top of the area.
    await page.locator('.dz-thumb[data-document="0"][data-page="2"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('.dz-pages').evaluate((el) => el.scrollBy(0, 150));
    const offset = await offsetInArea(page2);
    expect(offset).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Zoom in' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expectScale(above[1]!, page2);
    expect(await offsetInArea(page2)).toBeCloseTo((offset * above[1]!) / fit, -0.5); // within 1.5 px
    await expect.poll(() => currentThumb(page)).toBe('agreement.pdf, Page 2, 0 fields');

    // Keyboard nudges at this zoom move by whole points; what is saved is in points, whatever the zoom.
    await field.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Control+ArrowDown');
    await page.keyboard.press('Shift+ArrowLeft');
    expect(Number(await page.getByLabel('X', { exact: true }).inputValue())).toBe(131);
    const box = await field.evaluate((el) => ({
      left: el.offsetLeft,
      top: el.offsetTop,
      width: el.offsetWidth,
    }));
    expect(box.left).toBeCloseTo(131 * above[1]!, -0.5);
    expect(box.top).toBeCloseTo(480 * above[1]!, -0.5);
    expect(box.width).toBeCloseTo(199 * above[1]!, -0.5);
    await page.getByText('All changes saved').waitFor();
    const saved = await getTemplateDetail(world.api.runtime.ctx, accountId, template.templateId);
    expect(saved.version).toBeGreaterThan(1);
    expect(saved.fields).toEqual([
      expect.objectContaining({ label: 'Client signature', page: 1, x: 131, y: 480, width: 199, height: 40 }),
      expect.objectContaining({ label: 'Annex signature', page: 2, x: 100, y: 200, width: 200, height: 40 }),
    ]);
    await atBothWidths(page, 'designer-zoom', field);

    // At 375 px the panel waits behind its "Pages" button, so the pages keep the width.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Fit width' }).focus();
    await page.keyboard.press('Enter');
    const toggle = page.getByRole('button', { name: 'Pages', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#dz-thumbs-list').isVisible()).toBe(false);
    const phoneBox = (await page1.boundingBox())!;
    expect(phoneBox.x + phoneBox.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.dz-thumb[data-page="1"]').first().waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await page.locator('.dz-thumbs').evaluate((el) => el.scrollIntoView());
    await expectAccessible(page, 'designer thumbnails at 375');
    await screenshot(page, 'designer-thumbnails-375.png');
    // A thumbnail there shows its page too.
    await page.locator('.dz-thumb[data-document="0"][data-page="3"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe('agreement.pdf, page 3 of 3');
    await screenshot(page, 'designer-thumbnail-shown-375.png');

    expect(world.problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('drags and places with the pointer at 200 %', async () => {
    const template = await zoomTemplate('Zoom pointer template');
    const page = await signedInPage(world, ownerMemberId);
    await page.goto(`${world.api.url}/app/templates/${template.templateId}`);
    const page1 = page.locator('.dz-page[data-document="0"][data-page="1"]');
    await page1.and(page.locator('[data-rendered="true"]')).waitFor();
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    while ((await zoomIn.getAttribute('aria-disabled')) !== 'true') await zoomIn.click();
    await expect.poll(() => cssWidth(page1)).toBeCloseTo(PAGE_WIDTH * 2, 0);

    // A drag of 40 by 20 CSS pixels moves the field 20 by 10 points.
    const field = page.locator('.dz-field', { hasText: 'Client signature' });
    await field.scrollIntoViewIfNeeded();
    const b = (await field.boundingBox())!;
    await page.mouse.move(b.x + 30, b.y + 30);
    await page.mouse.down();
    await page.mouse.move(b.x + 50, b.y + 40, { steps: 4 });
    await page.mouse.move(b.x + 70, b.y + 50, { steps: 4 });
    await page.mouse.up();
    expect(Number(await page.getByLabel('X', { exact: true }).inputValue())).toBe(150);
    expect(Number(await page.getByLabel('Y', { exact: true }).inputValue())).toBe(480);

    // Click-to-place: the click's point, in points.
    await page.locator('[data-field-type="text"]').click();
    // The spot 200 by 1100 CSS pixels into page 1 brought to the middle of the screen first (and the left edge of
    // the page into the area).
    const p = (await page1.boundingBox())!;
    await page
      .locator('.dz-pages')
      .evaluate((el, by) => el.scrollTo(0, el.scrollTop + by), p.y + 1100 - VIEWPORTS.desktop.height / 2);
    const q = (await page1.boundingBox())!;
    await page.mouse.click(q.x + 200, q.y + 1100);
    expect(Number(await page.getByLabel('X', { exact: true }).inputValue())).toBe(100);
    expect(Number(await page.getByLabel('Y', { exact: true }).inputValue())).toBe(550);

    // Stored in the designer's order of documents and pages.
    await expect
      .poll(
        async () => (await getTemplateDetail(world.api.runtime.ctx, accountId, template.templateId)).fields,
        { timeout: 30_000 },
      )
      .toEqual([
        expect.objectContaining({ label: 'Client signature', x: 150, y: 480, width: 200, height: 40 }),
        expect.objectContaining({ type: 'text', document: 'agreement.pdf', page: 1, x: 100, y: 550 }),
        expect.objectContaining({ label: 'Annex signature', x: 100, y: 200 }),
      ]);
    expect(world.problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
