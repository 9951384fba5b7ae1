import { createRefreshToken } from '@countersign/core';
import { describe, expect, it } from 'vitest';
import { sendSession } from '../purge-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// Test sessions in the web app (docs/test-mode.md): the sessions list shows live sessions by default, test ones
// on asking (the choice kept in the address), each marked "Test" in the list and on its page. 375 and 1280 px,
// axe, the mode chosen by keyboard.

const world = appWorld();

describe('test sessions in the sessions list', () => {
  it('are out of the default view, shown on asking, and marked', async () => {
    const account = await world.api.newAccount('Modes Ltd', 'owner@modes.test');
    const sandbox = await createRefreshToken(world.api.runtime.ctx, account.accountId, 'sandbox', {
      test: true,
    });
    const exchanged = await world.api.post('/connect/token', { refresh_token: sandbox.refreshToken });
    const testToken = ((await exchanged.json()) as { access_token: string }).access_token;
    const target = { ctx: world.api.runtime.ctx, post: world.api.post };
    await sendSession(target, account.accessToken, account.accountId, {
      title: 'Live lease',
      name: 'Lena Live',
      email: 'lena@modes.test',
    });
    const trial = await sendSession(target, testToken, account.accountId, {
      title: 'Trial lease',
      name: 'Tess Trial',
      email: 'tess@modes.test',
    });

    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/sessions`);
    const list = page.getByRole('region', { name: 'Session list' });
    await list.getByRole('link', { name: 'Live lease' }).waitFor();
    expect(await list.getByRole('link', { name: 'Trial lease' }).count()).toBe(0);
    expect(await list.getByText('Test', { exact: true }).count()).toBe(0);

    // By keyboard: the Mode choice, then Filter.
    await tabTo(page, 'select[name="mode"]');
    await page.keyboard.press('ArrowDown'); // "Test sessions"
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/[?&]mode=test/);
    await list.getByRole('link', { name: 'Trial lease' }).waitFor();
    expect(await list.getByRole('link', { name: 'Live lease' }).count()).toBe(0);
    const row = list.locator('tbody tr', { hasText: 'Trial lease' });
    expect(await row.locator('.badge.test').textContent()).toBe('Test');
    await atBothWidths(page, 'sessions-test-mode');

    // Its page says so too; a reload keeps the mode.
    await row.getByRole('link', { name: 'Trial lease' }).click();
    const detail = page.getByRole('region', { name: 'Trial lease' });
    await detail.locator('.badge.test').waitFor();
    expect(page.url()).toContain(`/app/sessions/${trial.sessionId}?mode=test`);
    await atBothWidths(page, 'sessions-test-detail', detail);
    await page.reload();
    await list.getByRole('link', { name: 'Trial lease' }).waitFor();

    // Both at once.
    await page.goto(`${world.api.url}/app/sessions?mode=all`);
    await list.getByRole('link', { name: 'Live lease' }).waitFor();
    await list.getByRole('link', { name: 'Trial lease' }).waitFor();
    await closeClean(world, page);
  }, 120_000);
});
