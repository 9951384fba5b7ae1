import { describe, expect, it } from 'vitest';
import { sendSession } from '../purge-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, atBothWidths, closeClean, tabTo } from './browser.ts';

// Finding a session by a recipient's name from the sessions page (issue 31, part 4), by keyboard only: the
// words typed go to GET /api/sessions?recipient=, the filter stays in the address (a reload keeps it), and the
// title box still narrows by title.

const world = appWorld();

describe('finding sessions by recipient on the sessions page', () => {
  it('finds a session by the starts of a name, keeps the filter in the address', async () => {
    const account = await world.api.newAccount('Finder Ltd', 'owner@finder.test');
    const target = { ctx: world.api.runtime.ctx, post: world.api.post };
    const send = (title: string, name: string, email: string) =>
      sendSession(target, account.accessToken, account.accountId, { title, name, email });
    await send('Tenancy 12 Elm Street', 'José Müller', 'jm@finder.test');
    await send('Tenancy 3 Oak Road', 'Ada Lovelace', 'ada@finder.test');
    await send('Employment contract', 'Ada King', 'king@finder.test');
    const page = await signedInPage(world, account.ownerMemberId);
    await page.goto(`${world.api.url}/app/sessions`);
    const list = page.getByRole('region', { name: 'Session list' });
    await list.getByRole('link', { name: 'Employment contract' }).waitFor();

    await tabTo(page, 'input[name="recipient"]');
    await page.keyboard.type('ada love');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toContain('recipient=ada+love');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Tenancy 3 Oak Road']);
    await atBothWidths(page, 'sessions-search', list);

    // Accents and case need not be typed; the address holds the filter, so a reload shows the same list.
    await page.goto(`${world.api.url}/app/sessions?recipient=MULLER`);
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Tenancy 12 Elm Street']);
    expect(await page.locator('input[name="recipient"]').inputValue()).toBe('MULLER');

    // Both boxes at once: Ada's sessions whose title has "tenancy".
    await page.goto(`${world.api.url}/app/sessions?recipient=ada`);
    await expect
      .poll(async () => (await list.getByRole('link').allTextContents()).sort())
      .toEqual(['Employment contract', 'Tenancy 3 Oak Road']);
    await tabTo(page, 'input[name="q"]');
    await page.keyboard.type('tenancy');
    await page.keyboard.press('Enter');
    await expect.poll(() => list.getByRole('link').allTextContents()).toEqual(['Tenancy 3 Oak Road']);
    await closeClean(world, page);
  }, 120_000);
});
