import { setTemplateTags } from '@countersign/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agreementTemplate, signatureField, signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, dropExpectedProblems, tabTo, VIEWPORTS } from './browser.ts';

// The templates list (issue 31, part 5): found by name or role as you type, ordered, duplicated into the
// designer (POST /api/templates/{id}/duplicate), archived and restored, tagged (PUT /api/templates/{id}/tags)
// and filtered by tag, the filters kept in the address. By keyboard; 375 and 1280 px with axe.

const world = appWorld();

describe('the templates list', () => {
  it('finds by name or role, orders, and duplicates a template into the designer', async () => {
    const account = await world.api.newAccount('Many Templates Ltd', 'owner@many.test');
    for (const [name, role] of [
      ['Residential lease', 'Tenant'],
      ['Employment contract', 'Employee'],
      ['Zoning consent', 'Tenant'],
    ] as const) {
      await agreementTemplate(world.api, account.accountId, {
        name,
        pages: 1,
        roles: [role],
        fields: [signatureField(role, 72, 420)],
      });
    }
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/templates`);
    const names = () => page.locator('tbody tr td:first-child').allTextContents();
    await expect.poll(names).toEqual(['Zoning consent', 'Employment contract', 'Residential lease']);

    // A role finds the templates that have it; accents and case do not matter.
    await tabTo(page, 'input[name="q"]');
    await page.keyboard.type('TÉNANT');
    await expect.poll(names).toEqual(['Zoning consent', 'Residential lease']);
    await tabTo(page, 'select[name="order"]');
    await page.keyboard.press('ArrowDown'); // Oldest first
    await expect.poll(names).toEqual(['Residential lease', 'Zoning consent']);
    await page.keyboard.press('ArrowDown'); // Name, A to Z
    await page.locator('input[name="q"]').fill('');
    await expect.poll(names).toEqual(['Employment contract', 'Residential lease', 'Zoning consent']);
    await page.locator('input[name="q"]').fill('no such thing');
    await page.getByText('No template matches.').waitFor();
    await page.locator('input[name="q"]').fill('lease');
    await atBothWidths(page, 'templates-found');

    await tabTo(page, 'button:has-text("Duplicate Residential lease")');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/app\/templates\/[0-9a-f-]+$/);
    await expect.poll(() => page.locator('#template-name').inputValue()).toBe('Residential lease (copy)');
    await page.goto(`${world.api.url}/app/templates`);
    await page.locator('input[name="q"]').fill('lease');
    await expect.poll(names).toEqual(['Residential lease (copy)', 'Residential lease']);

    // Archived: out of the list, under "Archived templates", and restored from there (by keyboard).
    await page.getByRole('button', { name: 'Archive Residential lease (copy)' }).click();
    await expect.poll(names).toEqual(['Residential lease']);
    await tabTo(page, 'select[name="show"]');
    await page.keyboard.press('ArrowDown'); // Archived templates
    await expect.poll(names).toEqual(['Residential lease (copy)']);
    await atBothWidths(page, 'templates-archived');
    await tabTo(page, 'button:has-text("Restore Residential lease (copy)")');
    await page.keyboard.press('Enter');
    await page.getByText('No archived templates.').waitFor();
    await page.locator('select[name="show"]').selectOption('active');
    await expect.poll(names).toEqual(['Residential lease (copy)', 'Residential lease']);
    await closeClean(world, page);
  }, 120_000);

  it('tags a template by keyboard and filters the list by tag, the filters kept in the address', async () => {
    const account = await world.api.newAccount('Tagged Templates Ltd', 'owner@tagged.test');
    const ids: Record<string, string> = {};
    for (const [name, role] of [
      ['Residential lease', 'Tenant'],
      ['Employment contract with a rather long name for a phone', 'Employee'],
      ['Zoning consent', 'Tenant'],
    ] as const) {
      ids[name] = (
        await agreementTemplate(world.api, account.accountId, {
          name,
          pages: 1,
          roles: [role],
          fields: [signatureField(role, 72, 420)],
        })
      ).templateId;
    }
    await setTemplateTags(world.api.runtime.ctx, account.accountId, ids['Zoning consent']!, ['Property']);
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/templates`);
    const names = () => page.locator('tbody tr td:first-child').allTextContents();
    const tagsOf = (name: string) =>
      page.locator('tbody tr', { hasText: name }).locator('ul.tags li').allTextContents();
    const focused = () => page.evaluate('document.activeElement?.textContent');
    const contract = 'Employment contract with a rather long name for a phone';
    await expect.poll(names).toEqual(['Zoning consent', contract, 'Residential lease']);
    expect(await tagsOf('Zoning consent')).toEqual(['Property']);

    // "Edit tags" opens the form in the cell, the tags typed there are saved with Enter, focus comes back.
    await tabTo(page, `button:has-text("Edit tags ${contract}")`);
    await page.keyboard.press('Enter');
    await page.locator('input[name="tags"]:focus').waitFor();
    await page.keyboard.type('HR, People ,hr');
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOf(contract)).toEqual(['HR', 'People']);
    await expect.poll(focused).toBe(`Edit tags ${contract}`);

    // Escape cancels: nothing saved, focus back on the button.
    await tabTo(page, 'button:has-text("Edit tags Residential lease")');
    await page.keyboard.press('Enter');
    await page.locator('input[name="tags"]:focus').waitFor();
    await page.keyboard.type('Lease');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('input[name="tags"]').count()).toBe(0);
    await expect.poll(focused).toBe('Edit tags Residential lease');
    expect(await tagsOf('Residential lease')).toEqual([]);

    // A tag the API refuses: its reason in the form, which stays open; then corrected and saved.
    await page.keyboard.press('Enter');
    await page.locator('input[name="tags"]:focus').waitFor();
    await page.keyboard.type(`Lease, ${'x'.repeat(41)}`);
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'tags[1]: must be at most 40 characters' }).waitFor();
    dropExpectedProblems(world.problems, /status of 400/);
    await atBothWidths(page, 'templates-tag-form', page.locator('form.tags-form'));
    // On a phone the rows are cards: nothing wider than the screen, the open form included.
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.locator('input[name="tags"]').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Lease, Property');
    await page.keyboard.press('Enter');
    await expect.poll(() => tagsOf('Residential lease')).toEqual(['Lease', 'Property']);
    await expect.poll(focused).toBe('Edit tags Residential lease');

    // The Tag filter offers every tag once, and keeps the templates that have it; the address keeps it.
    await tabTo(page, 'select[name="tag"]');
    expect(await page.locator('select[name="tag"] option').allTextContents()).toEqual([
      'All tags',
      'HR',
      'Lease',
      'People',
      'Property',
    ]);
    await page.keyboard.press('ArrowDown'); // HR
    await expect.poll(names).toEqual([contract]);
    await expectAddress(page, '?tag=HR');
    await page.keyboard.press('ArrowDown'); // Lease
    await page.keyboard.press('ArrowDown'); // People
    await page.keyboard.press('ArrowDown'); // Property
    await expect.poll(names).toEqual(['Zoning consent', 'Residential lease']);
    await atBothWidths(page, 'templates-tagged', page.locator('table'));
    await page.locator('select[name="order"]').selectOption('name');
    await page.locator('input[name="q"]').fill('zoning');
    await expect.poll(names).toEqual(['Zoning consent']);
    await expectAddress(page, '?q=zoning&tag=Property&order=name');

    // Opened again from the address: the same filters, chosen in the form.
    await page.locator('input[name="q"]').fill('');
    await page.reload();
    await expect.poll(names).toEqual(['Residential lease', 'Zoning consent']);
    expect(await page.locator('select[name="tag"]').inputValue()).toBe('Property');
    expect(await page.locator('select[name="order"]').inputValue()).toBe('name');
    await page.locator('select[name="tag"]').selectOption('');
    await expect.poll(names).toEqual([contract, 'Residential lease', 'Zoning consent']);
    await expectAddress(page, '?order=name');
    await closeClean(world, page);
  }, 120_000);
});

async function expectAddress(page: Page, search: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).search).toBe(search);
}
