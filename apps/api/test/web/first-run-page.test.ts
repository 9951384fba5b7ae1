import { firstRunToken } from '@countersign/core';
import { describe, expect, it } from 'vitest';
import { appWorld, atBothWidths, closeClean, newContext, tabTo, VIEWPORTS } from './browser.ts';

// First run without a shell, in the browser (docs/web-app.md): on a server with no account the sign-in page
// says where the first account comes from; the printed setup link's page creates it by keyboard alone and
// signs its owner in; opened again, it says the server is set up. Screenshots and axe at 375 and 1280 px.

const world = appWorld();

describe('the first-run setup page', () => {
  it('creates the first account and its owner from the printed link, by keyboard, once', async () => {
    const context = await newContext(world.browser, world.problems, VIEWPORTS.phone);
    const page = await context.newPage();
    await page.goto(`${world.api.url}/app/sign-in`);
    await page.getByText('This server has no account yet.').waitFor();
    await atBothWidths(page, 'first-run-sign-in');

    await page.goto(`${world.api.url}/app/setup`);
    await page.getByText('Open the setup link that').waitFor();
    await atBothWidths(page, 'first-run-no-token');

    const link = `${world.api.url}/app/setup#token=${firstRunToken(world.api.runtime.ctx)}`;
    await page.goto(link);
    const form = page.getByRole('form', { name: 'Create the first account' });
    await form.waitFor();
    await atBothWidths(page, 'first-run-form', form);
    // Keyboard only, at 1280 px (atBothWidths ends there).
    await tabTo(page, 'input[name="organization"]');
    await page.keyboard.type('Acme Lettings');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ada Owner');
    await page.keyboard.press('Tab');
    await page.keyboard.type('ada@acme.test');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${world.api.url}/app/sessions`);
    expect(new URL(page.url()).hash).toBe('');
    const me = (await page.evaluate(() => fetch('/api/me').then((r) => r.json()))) as {
      account: { name: string };
      member: { role: string; name: string; email: string };
    };
    expect(me.account.name).toBe('Acme Lettings');
    expect(me.member).toMatchObject({ role: 'owner', name: 'Ada Owner', email: 'ada@acme.test' });
    await context.close();

    const later = await (await newContext(world.browser, world.problems)).newPage();
    await later.goto(link);
    await later.getByRole('heading', { name: 'Countersign is set up' }).waitFor();
    await atBothWidths(later, 'first-run-done');
    await later.goto(`${world.api.url}/app/sign-in`);
    await later.getByRole('heading', { name: 'Sign in to Countersign' }).waitFor();
    expect(await later.getByText('This server has no account yet.').count()).toBe(0);
    await closeClean(world, later);
  }, 120_000);
});
