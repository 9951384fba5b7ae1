import { createAccount, getTemplateDetail } from '@countersign/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementTemplate, signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, tabTo } from './browser.ts';

const world = appWorld({ worker: false });
let accountId: string;
let ownerMemberId: string;
const OWNER = 'keys@designer.test';

beforeAll(async () => {
  ({ accountId, ownerMemberId } = await createAccount(world.api.runtime.ctx, {
    name: 'Keyboard Ltd',
    email: OWNER,
  }));
});

/** The selected field's geometry as the inspector shows it (points). */
async function geometry(page: Page) {
  const value = async (label: string) => Number(await page.getByLabel(label, { exact: true }).inputValue());
  return {
    x: await value('X'),
    y: await value('Y'),
    width: await value('Width'),
    height: await value('Height'),
  };
}

const focusedIsField = (page: Page) => page.locator('.dz-field:focus').count();

describe('the template designer, keyboard only', () => {
  it('adds, moves, resizes, copies, pastes, undoes, deletes and validates without a pointer', async () => {
    const template = await agreementTemplate(world.api, accountId, {
      name: 'Keyboard template',
      pages: 3,
      roles: ['Client'],
      fields: [],
    });
    const page = await signedInPage(world, ownerMemberId);
    await page.goto(`${world.api.url}/app/templates/${template.templateId}`);
    // The page boxes come from the template's page sizes; fields can be placed before pdf.js has drawn.
    await page.locator('.dz-page[data-page="1"]').waitFor();

    // Enter on a palette entry adds the field to the page in view and focuses it.
    await tabTo(page, '[data-field-type="signature"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedIsField(page)).toBe(1);
    expect(await geometry(page)).toEqual({ x: 36, y: 36, width: 180, height: 40 });

    // Arrows move by a point (Ctrl: ten); Shift+arrows resize.
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'])
      await page.keyboard.press(key);
    await page.keyboard.press('Control+ArrowDown');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowUp');
    expect(await geometry(page)).toEqual({ x: 39, y: 48, width: 184, height: 39 });

    // Copy and paste: a second field 12 points further, focused; undo and redo it.
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.locator('.dz-field').count()).toBe(2);
    expect(await geometry(page)).toEqual({ x: 51, y: 60, width: 184, height: 39 });
    // Overlapping its original: the reason shows next to both fields.
    await expect.poll(() => page.locator('.dz-problem', { hasText: 'overlaps' }).count()).toBe(2);
    await expectAccessible(page, 'designer with problems');
    await screenshot(page, 'designer-problems-1280.png'); // the docs' designer picture is app-flow's clean one
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.locator('.dz-field').count()).toBe(1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => page.locator('.dz-field').count()).toBe(2);
    // Move the copy clear of the original, ten points at a time.
    await page.locator('.dz-field').nth(1).focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Control+ArrowDown');
    await expect.poll(() => page.locator('.dz-problem', { hasText: 'overlaps' }).count()).toBe(0);
    // Same label twice is a problem too, shown next to the field; fixed from the inspector.
    expect(await page.locator('.dz-problem').count()).toBe(0);
    await page.getByLabel('Label', { exact: true }).fill('Client signature');
    await expect.poll(() => page.locator('.dz-problem', { hasText: 'same label' }).count()).toBe(2);
    await page.getByLabel('Label', { exact: true }).fill('Client signature 2');
    await expect.poll(() => page.locator('.dz-problem').count()).toBe(0);

    // Delete removes the focused field.
    await page.locator('.dz-field').nth(1).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.locator('.dz-field').count()).toBe(1);

    // Autosave stores exactly what the keyboard made (strict body: nothing the server would refuse).
    await page.getByText('All changes saved').waitFor();
    const saved = await getTemplateDetail(world.api.runtime.ctx, accountId, template.templateId);
    expect(saved.version).toBeGreaterThan(1);
    expect(saved.fields).toEqual([
      expect.objectContaining({
        label: 'Client signature',
        type: 'signature',
        role: 'Client',
        document: 'agreement.pdf',
        page: 1,
        x: 39,
        y: 48,
        width: 184,
        height: 39,
      }),
    ]);
    expect(world.problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
