import { describe, expect, it } from 'vitest';
import { agreementTemplate, signatureField, signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// The templates list (issue 31, part 5): found by name or role as you type, ordered, duplicated into the
// designer (POST /api/templates/{id}/duplicate), archived and restored. By keyboard; 375 and 1280 px with axe.

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
});
