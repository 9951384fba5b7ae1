import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WebClient } from '../web-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, closeClean, expectAccessible, screenshot, tabTo, VIEWPORTS } from './browser.ts';

// Settings > Activity end to end: the log the API writes, filtered, paged and downloaded in a real Chromium.

const world = appWorld();

describe('the activity section of Settings', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`filters, pages and downloads the log at ${viewport.width} px, by keyboard`, async () => {
      const { api } = world;
      const account = await api.newAccount(`Activity ${size}`, `owner-${size}@activity.test`);
      const bearer = { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' };
      // 27 tokens made by a token, one revoked: more than a page (25).
      const made: string[] = [];
      for (let i = 0; i < 27; i++) {
        const res = await api.fetch('/api/tokens', {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify({ label: `bot ${i}` }),
        });
        made.push(((await res.json()) as { tokenId: string }).tokenId);
      }
      await api.fetch(`/api/tokens/${made[0]}`, { method: 'DELETE', headers: bearer });
      // And the owner, by cookie, renames the account.
      const owner = await WebClient.forMember(api, account.ownerMemberId);
      expect((await owner.patch('/api/account', { name: `Activity ${size} Ltd` })).status).toBe(200);

      const page = await signedInPage(world, account.ownerMemberId, viewport);
      await page.goto(`${api.url}/app/settings`);
      const section = page.getByRole('region', { name: 'Activity' });
      const rows = section.locator('table tbody tr');
      await expect.poll(() => rows.count()).toBe(25);
      await expect.poll(() => rows.first().textContent()).toContain('account.changed');
      await section.getByText(`name: Activity ${size} → Activity ${size} Ltd`).waitFor();

      // Paging by keyboard: Load more brings the rest.
      await tabTo(page, 'section[aria-labelledby="activity-title"] > button');
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(29);
      await expectAccessible(page, `activity at ${viewport.width}`);
      await page.evaluate("document.getElementById('activity-title').scrollIntoView()");
      await screenshot(page, `activity-${viewport.width}.png`);

      // Filter by action and by who, with the keyboard.
      await section.locator('select[name=action]').selectOption('token.revoked');
      await section.locator('select[name=who]').selectOption('token');
      await section.getByRole('button', { name: 'Filter' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('token.revoked');
      await section.locator('select[name=action]').selectOption('');
      await section.locator('select[name=who]').selectOption(`member:${account.ownerMemberId}`);
      await section.getByRole('button', { name: 'Filter' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(`owner-${size}@activity.test`);
      // A range that ended yesterday holds nothing.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await section.locator('select[name=who]').selectOption('');
      await section.getByLabel('To', { exact: true }).fill(yesterday);
      await section.getByRole('button', { name: 'Filter' }).click();
      await section.getByText('No activity matches.').waitFor();
      await section.getByLabel('To', { exact: true }).fill('');
      await section.locator('select[name=action]').selectOption('token.');
      await section.getByRole('button', { name: 'Filter' }).click();
      await expect.poll(() => rows.count()).toBe(25);
      await expectAccessible(page, `activity filtered at ${viewport.width}`);
      await page.evaluate("document.getElementById('activity-title').scrollIntoView()");
      await screenshot(page, `activity-filtered-${viewport.width}.png`);

      // The download is the filtered log as CSV, through the cookie.
      await tabTo(page, 'a:has-text("Download CSV")');
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await fs.readFile((await download.path())!, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'at,action,actor_kind,actor_id,actor,target_kind,target_id,details,ip,user_agent',
      );
      expect(lines).toHaveLength(1 + 28);
      expect(lines.slice(1).every((l) => /,token\.(created|revoked),token,/.test(l))).toBe(true);
      await closeClean(world, page);
    }, 180_000);
  }

  it('is not shown to a member who is not an owner', async () => {
    const { api } = world;
    const account = await api.newAccount('Activity member', 'owner-m@activity.test');
    const owner = await WebClient.forMember(api, account.ownerMemberId);
    const invited = await owner.post('/api/members', { email: 'dev@activity.test', role: 'member' });
    const { memberId } = (await invited.json()) as { memberId: string };
    const page = await signedInPage(world, memberId, VIEWPORTS.phone);
    await page.goto(`${api.url}/app/settings`);
    await page.getByRole('region', { name: 'Members' }).waitFor();
    expect(await page.getByRole('region', { name: 'Activity' }).count()).toBe(0);
    await closeClean(world, page);
  }, 120_000);
});
