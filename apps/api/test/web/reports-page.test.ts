import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sendSession } from '../purge-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// The reports page (issue 31, part 9), by keyboard: the period in the address, the totals, the chart as an image
// that says what it shows, the numbers as a table, the CSV download; per week instead of per day.

const world = appWorld();

describe('reports page', () => {
  it('shows the period’s sessions as a chart and a table, and downloads them', async () => {
    const account = await world.api.newAccount('Reports Ltd', 'owner@reports.test');
    const target = { ctx: world.api.runtime.ctx, post: world.api.post };
    for (const name of ['Una', 'Duo', 'Tri']) {
      await sendSession(target, account.accessToken, account.accountId, {
        title: `Lease ${name}`,
        name,
        email: `${name.toLowerCase()}@reports.test`,
      });
    }
    const today = new Date().toISOString().slice(0, 10);
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/reports?from=${today}&to=${today}&interval=day`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText('Sent').waitFor();
    expect(await summary.locator('dd').first().textContent()).toBe('3');
    const chart = page.getByRole('img', {
      name: /^Sessions per day from .*: 3 sent, 0 completed, 0 declined, 0 expired\./,
    });
    await chart.waitFor();
    expect(await page.getByRole('row', { name: new RegExp(`^${today} 3 0 0 0$`) }).count()).toBe(1);
    await atBothWidths(page, 'reports', summary);

    await tabTo(page, 'a:has-text("Download CSV")');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toBe(`start,sent,completed,declined,expired\r\n${today}T00:00:00.000Z,3,0,0,0\r\n`);

    // Per week, by keyboard.
    await tabTo(page, 'select[name="interval"]');
    await page.keyboard.type('Week');
    await tabTo(page, 'button:has-text("Show")');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('interval=week');
    await page.getByRole('columnheader', { name: 'Week of' }).waitFor();
    await closeClean(world, page);
  }, 120_000);
});
