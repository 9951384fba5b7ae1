import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  firstPageShown,
  newContext,
  screenshot,
  signingWorld,
  tabTo,
  VIEWPORTS,
} from './web/browser.ts';

// The signing page's states in Chromium, keyboard only, at 375 and 1280 px, axe-core in each state: a draft
// that survives a reload, an error where the signer is looking when finishing fails offline, the signed state
// after a reload, and what a later signer sees of an earlier one.

const world = signingWorld();

async function open(context: BrowserContext, token: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${world.signing.api.url}/s/${token}`);
  await pageDrawn(page);
  return page;
}

/** Waits until the first page is on screen (the server's image, or pdf.js's canvas). */
const pageDrawn = (page: Page) => firstPageShown(page);

const progress = (page: Page) => page.locator('#progress').textContent();
const focusedId = (page: Page) => page.locator(':focus').first().getAttribute('id');

/** Fields whose content is clipped by their box (what does not fit must shrink or wrap, never be cut). */
const cutFields = (page: Page) =>
  page.locator('.field').evaluateAll((nodes) =>
    nodes
      .filter((n) => n.ownerDocument.defaultView?.getComputedStyle(n).overflow !== 'visible')
      .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1)
      .map((n) => n.textContent),
  );

/** Is the element's box inside the viewport (what the signer sees without scrolling)? */
async function inView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y + box.height <= size.height && box.width > 0;
}

describe('the signing page, state by state', () => {
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    it(`keeps a draft, says why finishing failed where the signer looks, and shows signatures after a reload (${viewport.width} px)`, async () => {
      const s = await world.signing.send({
        recipients: [{ name: 'Ann Arbor' }, { name: 'Ben Brook' }],
        signingType: 'sequential',
        authRequirement: 'public',
        title: `Lease ${viewport.width}`,
      });
      const context = await newContext(world.browser, world.problems, viewport);
      let page = await open(context, s.tokens[0]!);
      const px = viewport.width;
      // The generated layout: initials on both pages, a signature, and the name and date added automatically.
      await expect.poll(() => progress(page)).toBe('3 required fields left');
      expect(await page.locator('.field.mine.field-date .hint.auto').textContent()).toBe(
        'Added when you sign',
      );
      await expectAccessible(page, `ready ${px}`);
      await screenshot(page, `states-ready-${px}.png`);

      // Keyboard only: Next field opens the adoption for the first field; adopting places it there only.
      await tabTo(page, '#next');
      await page.keyboard.press('Enter');
      await page.locator('dialog#adopt').waitFor({ state: 'visible' });
      await expectAccessible(page, `adopt ${px}`);
      await tabTo(page, '#adopt-ok');
      await page.keyboard.press('Enter');
      await page.locator('dialog#adopt').waitFor({ state: 'hidden' });
      await expect.poll(() => progress(page)).toBe('2 required fields left');
      await expect.poll(() => page.locator('#saved').textContent()).toBe('Saved');

      // A reload restores what was adopted and placed (saved on the server, for this signer only).
      await page.reload();
      await pageDrawn(page);
      await expect.poll(() => progress(page)).toBe('2 required fields left');
      expect(await page.locator('button.field.filled .script').allTextContents()).toEqual(['AA']);
      expect((await world.signing.signer(s.tokens[1]!).view()).draft).toBeNull();
      // The typed signature is shown in the font the PDF embeds (docs/signing-text.md), loaded as a web font.
      await expect
        .poll(() =>
          page.evaluate(
            'document.fonts.ready.then(() => [...document.fonts].some((f) => f.family.includes("Countersign Signature") && f.status === "loaded"))',
          ),
        )
        .toBe(true);

      // Place the rest by keyboard, then finish while offline: the error is in the bar, in view, announced.
      for (let i = 0; i < 2; i++) {
        await tabTo(page, '#next');
        await page.keyboard.press('Enter');
        await page.locator('#editor-place:focus').waitFor();
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => progress(page)).toBe('All fields done.');
      await context.setOffline(true);
      await tabTo(page, '#finish');
      await page.keyboard.press('Enter');
      const error = page.locator('#bar-error');
      await error.waitFor({ state: 'visible' });
      expect(await error.textContent()).toBe(
        'We could not reach the server. Check your connection and try again.',
      );
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await inView(page, '#bar-error')).toBe(true);
      await expectAccessible(page, `offline error ${px}`);
      await screenshot(page, `states-offline-${px}.png`);
      await context.setOffline(false);
      expect(await focusedId(page)).toBe('finish');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'You have signed' }).waitFor();
      expect(await error.isHidden()).toBe(true);

      // After a reload the signed state is drawn as signed: the signature, the initials, the automatic date.
      await page.reload();
      await pageDrawn(page);
      await page.getByRole('heading', { name: 'You have signed' }).waitFor();
      expect(await page.locator('.field.mine.field-signature .script').textContent()).toBe('Ann Arbor');
      expect(await page.locator('.field.mine.field-initials .script').allTextContents()).toEqual([
        'AA',
        'AA',
      ]);
      expect(await page.locator('.field.mine.field-date .auto-note').textContent()).toBe(
        'added automatically',
      );
      expect(await page.locator('.field.mine:not(.filled)').count()).toBe(0);
      await page.locator('.field.mine.field-signature').scrollIntoViewIfNeeded();
      expect(await cutFields(page)).toEqual([]);
      await expectAccessible(page, `signed ${px}`);
      await screenshot(page, `states-signed-${px}.png`);
      await page.close();

      // The next signer sees what Ann adopted, drawn where she placed it.
      page = await open(context, s.tokens[1]!);
      await page.getByRole('heading', { name: 'Ready to sign' }).waitFor();
      await expect
        .poll(() => page.locator('.field.other.signed.field-signature .script').first().textContent())
        .toBe('Ann Arbor');
      expect(await page.locator('.field.other.field-initials .script').allTextContents()).toEqual([
        'AA',
        'AA',
      ]);
      await page.locator('.field.other.field-signature').scrollIntoViewIfNeeded();
      expect(await cutFields(page)).toEqual([]);
      await expectAccessible(page, `next signer ${px}`);
      await screenshot(page, `states-next-signer-${px}.png`);
      await context.close();
      expect(world.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    }, 180_000);
  }
});
