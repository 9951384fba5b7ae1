import type { SessionDetail } from '@countersign/schemas';
import { describe, expect, it } from 'vitest';
import { sendSession } from '../purge-support.ts';
import { signedInPage } from './app-support.ts';
import { appWorld, expectAccessible, screenshot, VIEWPORTS } from './browser.ts';

// The records lifecycle in the web app (docs/web-app.md): an owner sets the account's retention in Settings,
// and on an ended session's page places and releases a legal hold and purges it after confirming; the API
// shows each change. Screenshots at 375 and 1280 px, axe on each state.

const world = appWorld();

describe('records controls', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`retention in settings, legal hold and purge on a session at ${viewport.width} px`, async () => {
      const account = await world.api.newAccount(`Records ${size}`, `records-${size}@records.test`);
      const auth = { authorization: `Bearer ${account.accessToken}` };
      const detail = async (sessionId: string) =>
        (await (
          await world.api.fetch(`/api/sessions/${sessionId}`, { headers: auth })
        ).json()) as SessionDetail;
      const sent = await sendSession(
        { ctx: world.api.runtime.ctx, post: world.api.post },
        account.accessToken,
        account.accountId,
        { title: `Lease ${size}`, name: 'Rhea Records', email: `rhea-${size}@records.test` },
      );
      expect(
        (await world.api.post('/api/sessions/cancel', { sessionId: sent.sessionId }, account.accessToken))
          .status,
      ).toBe(200);

      const page = await signedInPage(world, account.ownerMemberId, viewport);

      // Settings: keep by default; 30 days saved.
      await page.goto(`${world.api.url}/app/settings`);
      const form = page.getByRole('form', { name: 'Records' });
      await form.waitFor();
      expect(await form.getByLabel('Until someone purges them').isChecked()).toBe(true);
      await form.getByLabel('For a number of days').check();
      await form.getByLabel(/^Days after a session ends/).fill('30');
      await form.getByRole('button', { name: 'Save retention' }).click();
      await form.getByRole('status').getByText('purged 30 days after they end').waitFor();
      await form.scrollIntoViewIfNeeded();
      await expectAccessible(page, `retention saved at ${viewport.width}`);
      await screenshot(page, `settings-retention-${viewport.width}.png`);
      expect(await detail(sent.sessionId)).toMatchObject({ retentionDays: 30, purgeAt: expect.any(String) });

      // The session: its purge date; hold, then release; purge after confirming.
      await page.goto(`${world.api.url}/app/sessions/${sent.sessionId}`);
      const records = page.getByRole('region', { name: 'Records' });
      await records
        .getByTestId('records-state')
        .getByText(/Purged automatically on .* \(retention 30 days\)/)
        .waitFor();
      await records.getByRole('button', { name: 'Place legal hold' }).click();
      await records
        .getByTestId('records-state')
        .getByText(/Under legal hold/)
        .waitFor();
      expect(await detail(sent.sessionId)).toMatchObject({ legalHold: true, purgeAt: null });
      expect(await records.getByRole('button', { name: /Purge session/ }).count()).toBe(0);
      await records.getByRole('button', { name: 'Release legal hold' }).click();
      await records.getByRole('button', { name: /Purge session/ }).click();
      const confirm = records.getByRole('group');
      await confirm.getByText(`Purge “Lease ${size}” permanently?`).waitFor();
      await confirm.scrollIntoViewIfNeeded();
      await expectAccessible(page, `purge confirmation at ${viewport.width}`);
      await screenshot(page, `session-purge-confirm-${viewport.width}.png`);
      await confirm.getByRole('button', { name: 'Purge permanently' }).click();
      await records
        .getByTestId('purge-state')
        .getByText(/^Purged /)
        .waitFor({ timeout: 30_000 });
      await records.scrollIntoViewIfNeeded();
      await expectAccessible(page, `purged at ${viewport.width}`);
      await screenshot(page, `session-purged-${viewport.width}.png`);
      expect(await detail(sent.sessionId)).toMatchObject({
        title: 'Purged session',
        purge: { state: 'purged' },
      });
      await page.context().close();
      expect(world.problems.splice(0)).toEqual([]);
    }, 180_000);
  }

  it('a member who is not an owner sees the state but no controls, and the API refuses them (403)', async () => {
    const account = await world.api.newAccount('Records members', 'owner@members.test');
    const sent = await sendSession(
      { ctx: world.api.runtime.ctx, post: world.api.post },
      account.accessToken,
      account.accountId,
      { title: 'Members lease', name: 'Max Member', email: 'max@members.test' },
    );
    await world.api.post('/api/sessions/cancel', { sessionId: sent.sessionId }, account.accessToken);
    const invited = await world.api.post(
      '/api/members',
      { email: 'plain@members.test', role: 'member' },
      account.accessToken,
    );
    const { memberId } = (await invited.json()) as { memberId: string };
    const page = await signedInPage(world, memberId);
    await page.goto(`${world.api.url}/app/sessions/${sent.sessionId}`);
    const records = page.getByRole('region', { name: 'Records' });
    await records.getByText('Only an owner can place a legal hold or purge a session.').waitFor();
    expect(await records.getByRole('button').count()).toBe(0);
    // The API itself refuses the member's cookie for both, with the CSRF token the app would send.
    const status = await page.evaluate(async (id) => {
      const me = (await (await fetch('/api/me')).json()) as { csrfToken: string };
      const headers = { 'x-csrf-token': me.csrfToken };
      const hold = await fetch(`/api/sessions/${id}/legal-hold`, { method: 'PUT', headers });
      const purge = await fetch(`/api/sessions/${id}`, { method: 'DELETE', headers });
      return [hold.status, purge.status];
    }, sent.sessionId);
    expect(status).toEqual([403, 403]);
    await page.context().close();
    // The two 403s asked for above.
    expect(world.problems.splice(0)).toEqual(
      Array(2).fill(
        'console: Failed to load resource: the server responded with a status of 403 (Forbidden)',
      ),
    );
  }, 180_000);
});
